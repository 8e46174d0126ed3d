/*
 * msn: the nonblocking concurrent queue of
 *   M. M. Michael and M. L. Scott, "Simple, Fast, and Practical Non-Blocking
 *   and Blocking Concurrent Queue Algorithms", PODC 1996 (Fig. 1),
 * written from the paper's pseudocode, without fences. The queue is a linked
 * list that starts with a dummy node; enqueue links a node at the end with a
 * CAS and then swings the tail, dequeue swings the head with a CAS, and both
 * help a lagging tail along.
 *
 * As in the CheckFence paper (Burckhardt, Alur, Martin, PLDI 2007, Fig. 9)
 * the pointers carry no modification counters: nodes come from
 * lsl_malloc_noreuse and are never handed out again after lsl_free_noreuse,
 * so the ABA problem the counters prevent cannot arise. The code is that of
 * the original CheckFence input for this algorithm.
 */
#include "lsl_protos.h"

typedef int value_t;

typedef struct node {
    struct node *next;
    value_t value;
} node_t;

typedef struct queue {
    node_t *head;
    node_t *tail;
} queue_t;

void init_queue(queue_t *queue)
{
    node_t *node = lsl_malloc_noreuse(sizeof(node_t));
    node->next = 0;
    queue->head = queue->tail = node;
}

void enqueue(queue_t *queue, value_t value)
{
    node_t *node;
    node_t *tail;
    node_t *next;

    node = lsl_malloc_noreuse(sizeof(node_t));
    node->value = value;
    node->next = 0;
    while (true) {
        tail = queue->tail;
        next = tail->next;
        if (tail == queue->tail) {          /* are tail and next consistent? */
            if (next == 0) {                /* tail was the last node: link */
                if (lsl_cas_ptr(&tail->next, next, node))
                    break;
            } else                          /* tail lags: help it along */
                lsl_cas_ptr(&queue->tail, tail, next);
        }
    }
    lsl_cas_ptr(&queue->tail, tail, node);  /* swing the tail to the new node */
}

boolean_t dequeue(queue_t *queue, value_t *pvalue)
{
    node_t *head;
    node_t *tail;
    node_t *next;

    while (true) {
        head = queue->head;
        tail = queue->tail;
        next = head->next;
        if (head == queue->head) {          /* are head, tail, next consistent? */
            if (head == tail) {
                if (next == 0)              /* empty */
                    return false;
                lsl_cas_ptr(&queue->tail, tail, next);  /* tail lags */
            } else {
                /* read the value before the CAS: afterwards another
                   dequeue may free the node */
                *pvalue = next->value;
                if (lsl_cas_ptr(&queue->head, head, next))
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
    boolean_t ok = dequeue(&queue, &v);
    lsl_observe_output("ok", ok);
    if (ok) lsl_observe_output("v", v);
}
