/*
 * spsc-fenced: spsc.c with the fences it needs on relaxed. A single-producer
 * single-consumer ring buffer of two slots (L. Lamport, "Specifying
 * Concurrent Program Modules", ACM TOPLAS 5(2), 1983); enqueue and dequeue
 * report full and empty instead of waiting. Each side needs three fences.
 * A store-load fence before reading the other side's index, so that its own
 * last index store is not still in its store buffer (tso: otherwise full and
 * empty can both be reported although no atomic order allows it). A
 * load-store fence between the index check and the store it permits: the
 * producer's write of the slot, the consumer's advance of head (relaxed:
 * otherwise a slot is overwritten before it has been read). And the
 * message-passing pair: store-store between writing the slot and advancing
 * tail (pso), load-load between reading tail and reading the slot (relaxed).
 * Correct on sc, tso, pso and relaxed.
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
    /* our last store of tail is visible before we read head */
    lsl_fence("store-load");
    int h = q->head;
    if (t - h == SIZE)
        return false;
    /* the slot is overwritten only after head shows it was consumed */
    lsl_fence("load-store");
    q->slot[t % SIZE] = v;
    /* the slot is written before tail shows it */
    lsl_fence("store-store");
    q->tail = t + 1;
    return true;
}

static boolean_t dequeue(ring_t *q, value_t *pv)
{
    int h = q->head;
    /* our last store of head is visible before we read tail */
    lsl_fence("store-load");
    int t = q->tail;
    if (h == t)
        return false;
    /* the slot is read after tail shows it */
    lsl_fence("load-load");
    *pv = q->slot[h % SIZE];
    /* the slot is read before head frees it */
    lsl_fence("load-store");
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
