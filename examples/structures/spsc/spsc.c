/*
 * spsc: a single-producer single-consumer ring buffer of two slots (L.
 * Lamport, "Specifying Concurrent Program Modules", ACM TOPLAS 5(2), 1983),
 * with no fences. head and tail count the elements taken and put; only the
 * producer writes tail and the slots, only the consumer writes head. Enqueue
 * reports full when tail - head is 2, else writes the slot and advances tail;
 * dequeue reports empty when head equals tail, else reads the slot and
 * advances head. Correct on sc only. On tso each side's store of its index may
 * be delayed past its next load of the other index (store-load, the store
 * buffer): the producer sees a stale head and the consumer a stale tail in the
 * same execution, and full and empty are reported although no atomic order
 * allows both. On pso, in addition, tail may be advanced before the slot is
 * written (store-store), so the consumer reads an unwritten slot. On relaxed,
 * in addition, the consumer may read the slot before it reads tail
 * (load-load), may advance head before it has read the slot (load-store), and
 * the producer may write a slot before it has read head (load-store), so a
 * slot can be overwritten before it is consumed.
 */
#include "lsl_protos.h"

typedef int value_t;

#define SIZE 2

typedef struct ring {
    int head;
    int tail;
    value_t slot[SIZE];
} ring_t;

static void init_ring(ring_t *q)
{
    q->head = 0;
    q->tail = 0;
}

static boolean_t enqueue(ring_t *q, value_t v)
{
    int t = q->tail;
    int h = q->head;
    if (t - h == SIZE)
        return false;
    q->slot[t % SIZE] = v;
    q->tail = t + 1;
    return true;
}

static boolean_t dequeue(ring_t *q, value_t *pv)
{
    int h = q->head;
    int t = q->tail;
    if (h == t)
        return false;
    *pv = q->slot[h % SIZE];
    q->head = h + 1;
    return true;
}

/* Operations of the tests. */
ring_t ring;

void i(void) { init_ring(&ring); }

/* Initial states holding one or two elements, built with plain stores
   (init runs alone, before the threads). */
void i1(void)
{
    value_t v = lsl_choose(0, 1);
    lsl_observe_input("v", v);
    init_ring(&ring);
    ring.slot[0] = v;
    ring.tail = 1;
}

void i2(void)
{
    i1();
    value_t v = lsl_choose(0, 1);
    lsl_observe_input("v", v);
    ring.slot[1] = v;
    ring.tail = 2;
}

void e(void)
{
    value_t v = lsl_choose(0, 1);
    lsl_observe_input("v", v);
    boolean_t ok = enqueue(&ring, v);
    lsl_observe_output("ok", ok);
}

void d(void)
{
    value_t v;
    boolean_t ok = dequeue(&ring, &v);
    lsl_observe_output("ok", ok);
    if (ok)
        lsl_observe_output("v", v);
}
