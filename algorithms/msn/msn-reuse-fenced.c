/*
 * msn-reuse: the nonblocking queue of
 *   M. M. Michael and M. L. Scott, "Simple, Fast, and Practical Non-Blocking
 *   and Blocking Concurrent Queue Algorithms", PODC 1996 (Fig. 1),
 * as published: with node reuse and counted pointers, with the seven fences of
 * the CheckFence paper's Fig. 9 (Burckhardt, Alur, Martin, PLDI 2007) at the
 * same places (its line numbers are given at each), and one more that node
 * reuse makes a candidate: a load-store fence between dequeue's read of the
 * value and its CAS on the head (after the CAS another dequeuer may free the
 * node, and an enqueuer take it again and overwrite the value). Which of
 * these relaxed needs is measured in algorithms/README.md ("Node reuse").
 * Dequeue returns the node it unlinks to the allocator with lsl_free (a
 * free list: the node stays readable, as the algorithm needs, since a
 * lagging thread may still read it), and enqueue takes nodes from lsl_malloc,
 * which may hand such a node out again (SEMANTICS.md, "Allocation and
 * freeing"). Every pointer that a CAS changes (head, tail, and each node's
 * next) carries a modification counter, compared and swapped together with
 * it (one 64-bit CAS), so that a pointer that comes back to the same node
 * (the ABA problem) does not fool a delayed CAS.
 *
 * One liberty: the paper's free list keeps a node's next counter across
 * reuse; here a fresh block's counter would be uninitialised (undefined, and
 * incrementing it an error), so enqueue sets it to 0, as for a new node.
 * Define NO_COUNTERS to compare and swap the pointers alone: that version
 * has the ABA problem on the head pointer.
 */
#include "lsl_protos.h"

typedef int value_t;

typedef struct node node_t;

/* A pointer with its modification counter, updated as one word. */
typedef struct pointer {
    node_t *ptr;
    unsigned count;
} pointer_t;

struct node {
    pointer_t next;
    value_t value;
};

typedef struct queue {
    pointer_t head;
    pointer_t tail;
} queue_t;

#ifdef NO_COUNTERS
#define BUMP(c) (c)
#else
#define BUMP(c) ((c) + 1)
#endif

/* One 64-bit load of a pointer and its counter: the two words are read
   together (an atomic block; on relaxed, pso and rmo it implies no fence,
   but on tso it acts as one, so this file's tso results are not claimed). */
static pointer_t read(pointer_t *p)
{
    pointer_t v;
    lsl_atomic_begin();
    v.ptr = p->ptr;
    v.count = p->count;
    lsl_atomic_end();
    return v;
}

static boolean_t same(pointer_t a, pointer_t b)
{
    return a.ptr == b.ptr && a.count == b.count;
}

static boolean_t cas(pointer_t *p, pointer_t old, node_t *ptr, unsigned count)
{
    pointer_t nw;
    nw.ptr = ptr;
    nw.count = count;
    return lsl_cas_64(p, old, nw);
}

void init_queue(queue_t *queue)
{
    node_t *node = lsl_malloc(sizeof(node_t));
    node->next.ptr = 0;
    node->next.count = 0;
    queue->head.ptr = queue->tail.ptr = node;
    queue->head.count = queue->tail.count = 0;
}

void enqueue(queue_t *queue, value_t value)
{
    node_t *node;
    pointer_t tail;
    pointer_t next;

    node = lsl_malloc(sizeof(node_t));
    node->value = value;
    node->next.ptr = 0;
    node->next.count = 0;
    lsl_fence("store-store"); /* Fig. 9 l. 29 */
    while (true) {
        tail = read(&queue->tail);
        lsl_fence("load-load"); /* l. 32 */
        next = read(&tail.ptr->next);
        lsl_fence("load-load"); /* l. 34 */
        if (same(tail, read(&queue->tail))) {
            if (next.ptr == 0) {
                if (cas(&tail.ptr->next, next, node, BUMP(next.count)))
                    break;
            } else
                cas(&queue->tail, tail, next.ptr, BUMP(tail.count));
        }
    }
    lsl_fence("store-store"); /* l. 44 */
    cas(&queue->tail, tail, node, BUMP(tail.count));
}

boolean_t dequeue(queue_t *queue, value_t *pvalue)
{
    pointer_t head;
    pointer_t tail;
    pointer_t next;

    while (true) {
        head = read(&queue->head);
        lsl_fence("load-load"); /* l. 53 */
        tail = read(&queue->tail);
        lsl_fence("load-load"); /* l. 55 */
        next = read(&head.ptr->next);
        lsl_fence("load-load"); /* l. 57 */
        if (same(head, read(&queue->head))) {
            if (head.ptr == tail.ptr) {
                if (next.ptr == 0)
                    return false;
                cas(&queue->tail, tail, next.ptr, BUMP(tail.count));
            } else {
                *pvalue = next.ptr->value;
                lsl_fence("load-store"); /* not in Fig. 9: node reuse */
                if (cas(&queue->head, head, next.ptr, BUMP(head.count)))
                    break;
            }
        }
    }
    lsl_free(head.ptr);
    return true;
}

/* ---- operations of the tests ---- */

queue_t queue;

void i(void) { init_queue(&queue); }

void e(void)
{
    value_t v = lsl_choose(0, 1);
    lsl_observe_input("v", v);
    enqueue(&queue, v);
}

void d(void)
{
    value_t v;
    boolean_t ok = dequeue(&queue, &v);
    lsl_observe_output("ok", ok);
    if (ok) lsl_observe_output("v", v);
}
