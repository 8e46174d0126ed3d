/* aba.c with a modification counter beside the top pointer: the pair is one
   _Atomic struct, read with a plain (seq) read and replaced with a
   compare-exchange of both fields at once (a 16-byte compare-and-swap), and
   every successful pop or push increments the counter, so a top that is the
   same block again no longer compares equal. */
#include <stdatomic.h>
#include <stdbool.h>
#include "lsl_protos.h"

typedef struct node { _Atomic(struct node *) next; int value; } node_t;
typedef struct tagged { node_t *ptr; unsigned long count; } tagged_t;

_Atomic(tagged_t) top;

static void push(int v) {
	node_t *n = lsl_malloc(sizeof *n);
	n->value = v;
	tagged_t t = top;
	tagged_t nt;
	do {
		atomic_store_explicit(&n->next, t.ptr, memory_order_relaxed);
		nt.ptr = n;
		nt.count = t.count + 1;
	} while (!atomic_compare_exchange_strong_explicit(&top, &t, nt, memory_order_release, memory_order_relaxed));
}

static bool pop(int *pv) {
	tagged_t t = top;
	tagged_t nt;
	do {
		if (t.ptr == NULL)
			return false;
		nt.ptr = atomic_load_explicit(&t.ptr->next, memory_order_relaxed);
		nt.count = t.count + 1;
	} while (!atomic_compare_exchange_strong_explicit(&top, &t, nt, memory_order_acq_rel, memory_order_acquire));
	*pv = t.ptr->value;
	lsl_free(t.ptr);
	return true;
}

void i2(void) {
	tagged_t empty = { NULL, 0 };
	atomic_init(&top, empty);
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
