/*
 * msn-c11: the queue of msn-fenced.c written with C11 atomics, with the
 * memory orders a careful programmer picks instead of fences: acquire loads
 * of head, tail and next, release compare-exchanges that publish a node or
 * move the tail (the strong form, as the algorithm retries itself). On each
 * model the C11 mapping (SEMANTICS.md) puts at least the seven fences of
 * Fig. 9 where msn-fenced.c has them (release: store-store before the CAS
 * at l. 29 and l. 44; acquire: load-load after the loads at l. 32, 34, 53,
 * 55 and 57), plus load-store halves that the queue does not need.
 * Allocation is as in msn-fenced.c: nodes are never handed out again.
 */
#include <stdatomic.h>
#include <stdbool.h>
#include "lsl_protos.h"

typedef int value_t;

typedef struct node {
    _Atomic(struct node *) next;
    value_t value;
} node_t;

typedef struct queue {
    _Atomic(node_t *) head;
    _Atomic(node_t *) tail;
} queue_t;

void init_queue(queue_t *queue)
{
    node_t *node = lsl_malloc_noreuse(sizeof(node_t));
    atomic_init(&node->next, NULL);
    atomic_init(&queue->head, node);
    atomic_init(&queue->tail, node);
}

void enqueue(queue_t *queue, value_t value)
{
    node_t *tail, *next;
    node_t *node = lsl_malloc_noreuse(sizeof(node_t));
    node->value = value;
    atomic_store_explicit(&node->next, NULL, memory_order_relaxed);
    while (true) {
        tail = atomic_load_explicit(&queue->tail, memory_order_acquire);
        next = atomic_load_explicit(&tail->next, memory_order_acquire);
        if (tail == atomic_load_explicit(&queue->tail, memory_order_relaxed)) {
            if (next == NULL) {
                /* publish the node: its fields are stored before it is linked */
                if (atomic_compare_exchange_strong_explicit(&tail->next, &next, node,
                        memory_order_release, memory_order_relaxed))
                    break;
            } else {
                atomic_compare_exchange_strong_explicit(&queue->tail, &tail, next,
                    memory_order_release, memory_order_relaxed);
            }
        }
    }
    atomic_compare_exchange_strong_explicit(&queue->tail, &tail, node,
        memory_order_release, memory_order_relaxed);
}

bool dequeue(queue_t *queue, value_t *pvalue)
{
    node_t *head, *tail, *next;
    while (true) {
        head = atomic_load_explicit(&queue->head, memory_order_acquire);
        tail = atomic_load_explicit(&queue->tail, memory_order_acquire);
        next = atomic_load_explicit(&head->next, memory_order_acquire);
        if (head == atomic_load_explicit(&queue->head, memory_order_relaxed)) {
            if (head == tail) {
                if (next == NULL)
                    return false;
                atomic_compare_exchange_strong_explicit(&queue->tail, &tail, next,
                    memory_order_release, memory_order_relaxed);
            } else {
                *pvalue = next->value;
                if (atomic_compare_exchange_strong_explicit(&queue->head, &head, next,
                        memory_order_release, memory_order_relaxed))
                    break;
            }
        }
    }
    lsl_free_noreuse(head);
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
    bool ok = dequeue(&queue, &v);
    lsl_observe_output("ok", ok);
    if (ok) lsl_observe_output("v", v);
}
