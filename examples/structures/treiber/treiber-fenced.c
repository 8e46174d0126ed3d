/*
 * treiber-fenced: treiber.c with the fences it needs on relaxed. Treiber's
 * lock-free stack (R. K. Treiber, "Systems Programming: Coping with
 * Parallelism", IBM Research Report RJ 5118, 1986): push links a fresh node
 * in with a CAS on the top pointer, pop swings the top pointer to the
 * successor with a CAS, both retrying until the CAS succeeds; nodes are never
 * reused, so there is no ABA problem. Push needs a store-store fence so that
 * the node is filled before the CAS publishes it (pso and relaxed), and a
 * load-load fence so that a retry reads top after the CAS that failed
 * (relaxed; without it the loop can fail forever). Pop needs a load-load fence
 * between reading top and reading the node's fields (relaxed does not keep
 * dependent loads in order); it also keeps pop's retries off a stale top
 * (retries the check drops anyway). Correct on sc, tso, pso and relaxed.
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

static void init_stack(stack_t *s)
{
    s->top = 0;
}

/* A stack holding one element, built with plain stores (init runs
   alone, before the threads). */
static void init_stack1(stack_t *s, value_t v)
{
    node_t *n = lsl_malloc_noreuse(sizeof(node_t));
    n->value = v;
    n->next = 0;
    s->top = n;
}

static void push(stack_t *s, value_t v)
{
    node_t *n = lsl_malloc_noreuse(sizeof(node_t));
    node_t *t;
    n->value = v;
    do {
        /* a retry reads top after the CAS that failed */
        lsl_fence("load-load");
        t = s->top;
        n->next = t;
        /* the node is filled before the CAS publishes it */
        lsl_fence("store-store");
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
        /* the node's fields are read after top (dependent loads) */
        lsl_fence("load-load");
        next = t->next;
    } while (!lsl_cas_ptr(&s->top, t, next));
    *pv = t->value;
    return true;
}

/* Operations of the tests. */
stack_t stack;

void i(void) { init_stack(&stack); }

void i1(void)
{
    value_t v = lsl_choose(0, 1);
    lsl_observe_input("v", v);
    init_stack1(&stack, v);
}

void u(void)
{
    value_t v = lsl_choose(0, 1);
    lsl_observe_input("v", v);
    push(&stack, v);
}

void o(void)
{
    value_t v;
    boolean_t ok = pop(&stack, &v);
    lsl_observe_output("ok", ok);
    if (ok)
        lsl_observe_output("v", v);
}
