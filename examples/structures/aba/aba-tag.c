/*
 * aba-tag: Treiber's stack on a free list, with a modification counter
 * beside the top pointer, compared and swapped together (one 64-bit CAS of
 * a pointer and a 32-bit counter): the IBM fix of the ABA problem of
 * aba.c. Every successful CAS increments the counter, so a pop whose CAS
 * would succeed only because top came back to the same node (A popped,
 * B popped, A pushed again) finds a different counter and retries.
 * Correct on sc and tso; on the weaker models it needs the fences of
 * treiber-fenced.c (this file has none).
 *
 * The rest of this comment is aba.c's:
 *
 * aba: Treiber's stack on a free list, without a tag: the ABA problem
 * (IBM System/370 Principles of Operation, 1983; R. K. Treiber, IBM
 * Research Report RJ 5118, 1986). Pop returns its node to the allocator with
 * lsl_free (type-stable memory: the node stays readable) and push takes nodes
 * from lsl_malloc, which may hand a freed node out again. Pop reads top (A)
 * and A->next (B), then swings top from A to B with a CAS. Between the read
 * and the CAS another thread can pop A and B and push a new value into a
 * node that is A's block again: top is A again, the CAS succeeds, and top
 * becomes B, a node that was popped. The stack then hands out B's value a
 * second time. This fails on every model, sc included: it is an
 * interleaving, not a reordering. aba-tag.c fixes it with a counter beside
 * the top pointer.
 */
#include "lsl_protos.h"

typedef int value_t;

typedef struct node {
    struct node *next;
    value_t value;
} node_t;

/* The top pointer with its counter, updated as one word. */
typedef struct top {
    node_t *ptr;
    unsigned count;
} top_t;

typedef struct stack {
    top_t top;
} stack_t;

static void push(stack_t *s, value_t v)
{
    node_t *n = lsl_malloc(sizeof(node_t));
    top_t t, nt;
    n->value = v;
    do {
        t.ptr = s->top.ptr;
        t.count = s->top.count;
        n->next = t.ptr;
        nt.ptr = n;
        nt.count = t.count + 1;
    } while (!lsl_cas_64(&s->top, t, nt));
}

static boolean_t pop(stack_t *s, value_t *pv)
{
    top_t t, nt;
    do {
        t.ptr = s->top.ptr;
        t.count = s->top.count;
        if (t.ptr == 0)
            return false;
        nt.ptr = t.ptr->next;
        nt.count = t.count + 1;
    } while (!lsl_cas_64(&s->top, t, nt));
    *pv = t.ptr->value;
    lsl_free(t.ptr);
    return true;
}

/* Operations of the tests. */
stack_t stack;

/* A stack holding 2 (on top) and 1, built by init (which runs alone). */
void i2(void)
{
    stack.top.ptr = 0;
    stack.top.count = 0;
    push(&stack, 1);
    push(&stack, 2);
}

/* Push 3. */
void u(void) { push(&stack, 3); }

void o(void)
{
    value_t v;
    boolean_t ok = pop(&stack, &v);
    lsl_observe_output("ok", ok);
    if (ok)
        lsl_observe_output("v", v);
}
