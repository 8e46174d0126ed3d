/* Treiber's stack with C11 atomics: a release compare-exchange publishes a
   pushed node, an acquire load and compare-exchange take one. Nodes are
   retired, never handed out again (see ../../structures/aba for reuse). */
#include <stdatomic.h>
#include <stdbool.h>
#include "lsl_protos.h"

#ifndef PUSH_ORDER
#define PUSH_ORDER memory_order_release
#endif

typedef struct node { int value; struct node *next; } node_t;

_Atomic(node_t *) top;

void init(void) { atomic_init(&top, NULL); }

static void push(int v) {
	node_t *n = lsl_malloc_noreuse(sizeof *n);
	n->value = v;
	node_t *t = atomic_load_explicit(&top, memory_order_relaxed);
	do {
		n->next = t;
	} while (!atomic_compare_exchange_strong_explicit(&top, &t, n, PUSH_ORDER, memory_order_relaxed));
}

static bool pop(int *v) {
	node_t *t = atomic_load_explicit(&top, memory_order_acquire);
	do {
		if (t == NULL)
			return false;
	} while (!atomic_compare_exchange_strong_explicit(&top, &t, t->next, memory_order_acquire, memory_order_acquire));
	*v = t->value;
	lsl_free_noreuse(t);
	return true;
}

void a(void) { push(1); }
void b(void) { push(2); }
void p(void) {
	int v;
	bool ok = pop(&v);
	lsl_observe_output("ok", ok);
	if (ok)
		lsl_observe_output("v", v);
}
