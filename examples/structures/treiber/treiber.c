/*
 * treiber: Treiber's lock-free stack (R. K. Treiber, "Systems Programming:
 * Coping with Parallelism", IBM Research Report RJ 5118, 1986), with no
 * fences. Push fills a fresh node and links it in with a CAS on the top
 * pointer; pop reads the top node and its successor and swings the top
 * pointer to the successor with a CAS; both retry until their CAS succeeds.
 * Nodes come from lsl_malloc_noreuse and are never freed, so there is no ABA
 * problem. Correct on sc and tso (on tso the CAS is a full fence). On pso the
 * stores that fill a node may become visible after the CAS that publishes it
 * (store-store: incomplete initialisation), so pop reads undefined fields.
 * On relaxed, in addition, pop's loads of the node's fields may be satisfied
 * before its load of the top pointer (the loads are dependent, but relaxed
 * does not keep dependent loads in order), and a retry's re-read of top may be
 * satisfied before the CAS that just failed, so a loop can fail forever. A
 * retry of pop changes nothing and the check drops it (T2 passes); a retry of
 * push stores the node's next field again, so push's retries stay, and
 * without the fence of treiber-fenced.c they have no bound.
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
