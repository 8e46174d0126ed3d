/* Every construct of <stdatomic.h>: each operation with the fences of the
   C11 mapping (SEMANTICS.md), tagged with the models they exist on. */
#include <stdatomic.h>
#include <stdbool.h>

typedef struct node { int value; _Atomic(struct node *) next; } node_t;

atomic_int counter = ATOMIC_VAR_INIT(0);
_Atomic long big;
_Atomic(node_t *) head;
atomic_flag flag = ATOMIC_FLAG_INIT;

void init(void) { atomic_init(&counter, 5); }

int loads(void) {
	int a = atomic_load_explicit(&counter, memory_order_relaxed);
	int b = atomic_load_explicit(&counter, memory_order_consume);
	int c = atomic_load_explicit(&counter, memory_order_acquire);
	int d = atomic_load(&counter);
	node_t *n = atomic_load_explicit(&head, memory_order_acquire);
	node_t *m = atomic_load(&n->next);
	return a + b + c + d + (m != 0);
}

void stores(void) {
	atomic_store_explicit(&counter, 1, memory_order_relaxed);
	atomic_store_explicit(&counter, 2, memory_order_release);
	atomic_store(&counter, 3);
}

long rmws(void) {
	long a = atomic_exchange_explicit(&big, 1, memory_order_acq_rel);
	long b = atomic_fetch_add_explicit(&big, 2, memory_order_relaxed);
	long c = atomic_fetch_sub_explicit(&big, 1, memory_order_release);
	long d = atomic_fetch_or(&big, 4) | atomic_fetch_xor(&big, 1) | atomic_fetch_and_explicit(&big, 7, memory_order_acquire);
	return a + b + c + d + atomic_exchange(&big, 0);
}

bool cas(node_t *old, node_t *new) {
	/* expected stays a register: the failure writes it */
	node_t *expected = old;
	bool ok = atomic_compare_exchange_strong(&head, &expected, new);
	ok |= atomic_compare_exchange_weak_explicit(&head, &expected, new, memory_order_release, memory_order_relaxed);
	return ok && expected == old;
}

void plain(void) {
	/* plain access to an _Atomic object is seq; compound assignment and
	   ++ are seq read-modify-writes */
	counter = 1;
	int v = counter;
	counter += v;
	counter++;
	--counter;
	head->next = 0;
}

bool flags(void) {
	bool was = atomic_flag_test_and_set(&flag);
	atomic_flag_clear_explicit(&flag, memory_order_release);
	return was || atomic_flag_test_and_set_explicit(&flag, memory_order_acquire);
}

void fences(void) {
	atomic_thread_fence(memory_order_relaxed);
	atomic_thread_fence(memory_order_acquire);
	atomic_thread_fence(memory_order_release);
	atomic_thread_fence(memory_order_acq_rel);
	atomic_thread_fence(memory_order_seq_cst);
	atomic_signal_fence(memory_order_seq_cst);
}
