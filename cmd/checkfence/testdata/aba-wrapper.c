#include "lsl_protos.h"
typedef int value_t;
typedef struct node { struct node *next; value_t value; } node_t;
typedef struct stack { node_t *top; } stack_t;

/* an allocator wrapper: the block's type is known where it is allocated
   (a wrapper returning void * is refused, as the block would have no layout) */
static node_t *xmalloc(void) { return lsl_malloc(sizeof(node_t)); }

static void push(stack_t *s, node_t *n, value_t v)
{
    node_t *t;
    n->value = v;
    do { t = s->top; n->next = t; } while (!lsl_cas_ptr(&s->top, t, n));
}
static boolean_t pop(stack_t *s, value_t *pv)
{
    node_t *t, *next;
    do {
        t = s->top;
        if (t == 0) return false;
        next = t->next;
    } while (!lsl_cas_ptr(&s->top, t, next));
    *pv = t->value;
    lsl_free(t);
    return true;
}
stack_t stack;
/* init builds the stack with nodes from the wrapper */
void i2(void) { stack.top = 0; push(&stack, xmalloc(), 1); push(&stack, xmalloc(), 2); }
void u(void) { push(&stack, lsl_malloc(sizeof(node_t)), 3); }
void o(void) { value_t v; boolean_t ok = pop(&stack, &v); lsl_observe_output("ok", ok); if (ok) lsl_observe_output("v", v); }
