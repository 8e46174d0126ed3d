/*
 * ms2: the two-lock concurrent queue of
 *   M. M. Michael and M. L. Scott, "Simple, Fast, and Practical Non-Blocking
 *   and Blocking Concurrent Queue Algorithms", PODC 1996 (Fig. 2),
 * written from the paper's pseudocode, without fences. The queue is a linked
 * list that starts with a dummy node; enqueuers serialise on the tail lock,
 * dequeuers on the head lock, so one enqueue and one dequeue run concurrently.
 *
 * Nodes come from lsl_malloc_noreuse and go back through lsl_free_noreuse, as
 * in the inputs of the original CheckFence (PLDI 2007), which studied this
 * algorithm as "ms2".
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
    lsl_lock_t hlock;
    lsl_lock_t tlock;
} queue_t;

void init_queue(queue_t *queue)
{
    node_t *node = lsl_malloc_noreuse(sizeof(node_t));
    node->next = 0;
    queue->head = queue->tail = node;
    lsl_initlock(&queue->hlock);
    lsl_initlock(&queue->tlock);
}

void enqueue(queue_t *queue, value_t value)
{
    node_t *node = lsl_malloc_noreuse(sizeof(node_t));
    node->value = value;
    node->next = 0;
    lsl_lock(&queue->tlock);
    queue->tail->next = node;   /* link the node at the end of the list */
    queue->tail = node;         /* swing the tail to it */
    lsl_unlock(&queue->tlock);
}

boolean_t dequeue(queue_t *queue, value_t *pvalue)
{
    node_t *node;
    node_t *new_head;

    lsl_lock(&queue->hlock);
    node = queue->head;
    new_head = node->next;
    if (new_head == 0) {        /* empty */
        lsl_unlock(&queue->hlock);
        return false;
    }
    *pvalue = new_head->value;  /* read the value before releasing the lock */
    queue->head = new_head;
    lsl_unlock(&queue->hlock);
    lsl_free_noreuse(node);
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
