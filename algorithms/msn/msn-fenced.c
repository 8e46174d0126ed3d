/*
 * msn: the nonblocking concurrent queue of
 *   M. M. Michael and M. L. Scott, "Simple, Fast, and Practical Non-Blocking
 *   and Blocking Concurrent Queue Algorithms", PODC 1996 (Fig. 1),
 * written from the paper's pseudocode, with the fences it needs on the memory
 * model Relaxed of CheckFence (msn.c is the same code without them). The queue
 * is a linked list that starts with a dummy node; enqueue links a node at the
 * end with a CAS and then swings the tail, dequeue swings the head with a CAS,
 * and both help a lagging tail along.
 *
 * As in the CheckFence paper (Burckhardt, Alur, Martin, PLDI 2007, Fig. 9)
 * the pointers carry no modification counters: nodes come from
 * lsl_malloc_noreuse and are never handed out again after lsl_free_noreuse,
 * so the ABA problem the counters prevent cannot arise.
 *
 * The fences are the seven of Fig. 9, at the same places (its line numbers are
 * given at each fence), and each is necessary (fences.tsv). We differ from
 * Fig. 9 only in what we do not need to add:
 *  - no fence between the load of next and the load of next->value in
 *    dequeue: the load-load fence of l. 57 already orders them;
 *  - no load-store fence before the CAS on the head, although the value is
 *    read "before the CAS" only in program order: the node whose value is
 *    read is never reused, so a late read still returns the enqueued value.
 *    With a free list that hands nodes out again it would be needed.
 * Only load-load and store-store fences are needed, as the paper reports; TSO
 * keeps both orders, so on TSO the queue needs no fence at all.
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
    /* Fig. 9 l. 29: the node's fields must be stored before the CAS links the
       node, or a dequeuer may read them uninitialised. */
    lsl_fence("store-store");
    while (true) {
        tail = queue->tail;
        /* l. 32: tail->next depends on tail but may be loaded first. */
        lsl_fence("load-load");
        next = tail->next;
        /* l. 34: the re-read of queue->tail, and the CAS after it, must follow
           the load of next; otherwise the check does not show that tail and
           next are consistent, and the helping CAS can swing the tail to a
           node that is not linked yet. */
        lsl_fence("load-load");
        if (tail == queue->tail) {          /* are tail and next consistent? */
            if (next == 0) {                /* tail was the last node: link */
                if (lsl_cas_ptr(&tail->next, next, node))
                    break;
            } else                          /* tail lags: help it along */
                lsl_cas_ptr(&queue->tail, tail, next);
        }
    }
    /* l. 44: the two CAS may be reordered; if the tail moves to the node
       before the node is linked, a dequeuer can see head != tail while
       head->next is still null, and dereference it. */
    lsl_fence("store-store");
    lsl_cas_ptr(&queue->tail, tail, node);  /* swing the tail to the new node */
}

boolean_t dequeue(queue_t *queue, value_t *pvalue)
{
    node_t *head;
    node_t *tail;
    node_t *next;

    while (true) {
        head = queue->head;
        /* l. 53, 55, 57: the loads of head, tail and next and the re-read of
           head must happen in this order, or a dequeuer may combine a new
           tail with an old head->next (null: it dereferences it) or swing the
           tail to a node not yet linked; the last fence also keeps the load
           of next->value after the load of next, which it depends on. */
        lsl_fence("load-load");
        tail = queue->tail;
        lsl_fence("load-load");
        next = head->next;
        lsl_fence("load-load");
        if (head == queue->head) {          /* are head, tail, next consistent? */
            if (head == tail) {
                if (next == 0)              /* empty */
                    return false;
                lsl_cas_ptr(&queue->tail, tail, next);  /* tail lags */
            } else {
                /* read the value before the CAS: afterwards another
                   dequeue may free the node (see the note at the top) */
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
