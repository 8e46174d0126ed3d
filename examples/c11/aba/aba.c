/* Treiber's stack on a free list with C11 atomics and no tag: pop frees a
   node with lsl_free (type-stable: it may be handed out again, and stays
   readable), so a delayed pop's compare-exchange can succeed on a top that
   is the same block again (ABA). Release and acquire keep the node's fields
   in order; only the ABA remains. */
#include <stdatomic.h>
#include <stdbool.h>
#include "lsl_protos.h"

typedef struct node { _Atomic(struct node *) next; int value; } node_t;

_Atomic(node_t *) top;

static void push(int v) {
	node_t *n = lsl_malloc(sizeof *n);
	n->value = v;
	node_t *t = atomic_load_explicit(&top, memory_order_relaxed);
	do {
		atomic_store_explicit(&n->next, t, memory_order_relaxed);
	} while (!atomic_compare_exchange_strong_explicit(&top, &t, n, memory_order_release, memory_order_relaxed));
}

static bool pop(int *pv) {
	node_t *t = atomic_load_explicit(&top, memory_order_acquire);
	node_t *next;
	do {
		if (t == NULL)
			return false;
		next = atomic_load_explicit(&t->next, memory_order_relaxed);
	} while (!atomic_compare_exchange_strong_explicit(&top, &t, next, memory_order_acq_rel, memory_order_acquire));
	*pv = t->value;
	lsl_free(t);
	return true;
}

void i2(void) {
	atomic_init(&top, NULL);
	push(1);
	push(2);
}

void u(void) { push(3); }

void o(void) {
	int v;
	bool ok = pop(&v);
	lsl_observe_output("ok", ok);
	if (ok)
		lsl_observe_output("v", v);
}
