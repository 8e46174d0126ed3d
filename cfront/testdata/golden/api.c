#include "lsl_protos.h"

typedef struct node {
	struct node *next;
	int value;
} node_t;

node_t *top;
lsl_lock_t lock;

void push(void)
{
	int v = lsl_choose(0, 1);
	lsl_observe_input("v", v);
	node_t *n = lsl_malloc(sizeof(node_t));
	n->value = v;
	lsl_fence("store-store");
	node_t *old;
	do
		old = top;
	while (!lsl_cas_ptr(&top, old, n));
}

void locked(void)
{
	lsl_lock(&lock);
	lsl_assert(lsl_get_thread_id() >= 0);
	lsl_unlock(&lock);
	lsl_observe_label("done");
}

void atomically(int *a, int *b)
{
	lsl_atomic_begin();
	*a = *b;
	*b = 0;
	lsl_atomic_end();
	lsl_assume(*a != 0);
	lsl_free(top);
}
