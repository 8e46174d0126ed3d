/*
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

typedef struct stack {
    node_t *top;
} stack_t;

static void push(stack_t *s, value_t v)
{
    node_t *n = lsl_malloc(sizeof(node_t));
    node_t *t;
    n->value = v;
    do {
        t = s->top;
        n->next = t;
    } while (!lsl_cas_ptr(&s->top, t, n));
}

static boolean_t pop(stack_t *s, value_t *pv)
{
    node_t *t;
    node_t *next;
    do {
        t = s->top;
        if (t == 0)
            return false;
        next = t->next;
    } while (!lsl_cas_ptr(&s->top, t, next));
    *pv = t->value;
    lsl_free(t);
    return true;
}

/* Operations of the tests. */
stack_t stack;

/* A stack holding 2 (on top) and 1, built by init (which runs alone). */
void i2(void)
{
    stack.top = 0;
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
