#include <stdint.h>
#include <stdlib.h>
#include "lsl_protos.h"

/* Marks in a pointer's low bits, as lock-free lists write them: set, test,
   clear and flip them, compare marked pointers, and follow the pointer
   after clearing the mark. */
typedef struct node { int key; struct node *next; } node_t;

static int is_marked(node_t *p) { return ((uintptr_t)p & 1) != 0; }
static node_t *mark(node_t *p) { return (node_t *)((uintptr_t)p | 1); }
static node_t *unmark(node_t *p) { return (node_t *)((uintptr_t)p & ~(uintptr_t)1); }

node_t *head;

void run(void)
{
	node_t *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	a->key = 1;
	b->key = 2;
	a->next = b;
	b->next = NULL;
	head = a;
	lsl_observe_output("m0", is_marked(a->next));
	a->next = mark(a->next);
	node_t *m = a->next;
	lsl_observe_output("m1", is_marked(m));
	lsl_observe_output("neq", m != b);
	lsl_observe_output("eq", unmark(m) == b);
	lsl_observe_output("key", unmark(m)->key);
	lsl_observe_output("marks", m == mark(b));
	uintptr_t v = (uintptr_t)m;
	v ^= 1;
	lsl_observe_output("flip", (node_t *)v == b);
	v |= 2;
	lsl_observe_output("bits", (int)(v & 3));
	lsl_observe_output("b2", (int)(((uintptr_t)mark(b) | 2) & 3));
	lsl_observe_output("null", is_marked(mark(NULL)));
	lsl_observe_output("nullun", unmark(mark(NULL)) == NULL);
	lsl_observe_output("bool", !m);
}
