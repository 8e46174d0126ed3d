/*
 * The Chase-Lev work-stealing deque on a fixed array, with C11 atomics as
 * Le, Pop, Cohen and Zappa Nardelli give it ("Correct and Efficient
 * Work-Stealing for Weak Memory Models", PPoPP 2013, Fig. 1), without
 * resizing: the owner pushes and takes at the bottom, thieves steal at the
 * top. A steal that loses its race retries.
 */
#include <stdatomic.h>
#include "lsl_protos.h"

#define N 2
#define EMPTY -1

atomic_long top, bottom;
atomic_int buffer[N];

void init(void) {
	atomic_init(&top, 0);
	atomic_init(&bottom, 0);
}

static void push(int x) {
	long b = atomic_load_explicit(&bottom, memory_order_relaxed);
	long t = atomic_load_explicit(&top, memory_order_acquire);
	lsl_assume(b - t < N); /* no resizing: the tests push at most N */
	atomic_store_explicit(&buffer[b % N], x, memory_order_relaxed);
	atomic_thread_fence(memory_order_release);
	atomic_store_explicit(&bottom, b + 1, memory_order_relaxed);
}

static int take(void) {
	long b = atomic_load_explicit(&bottom, memory_order_relaxed) - 1;
	atomic_store_explicit(&bottom, b, memory_order_relaxed);
#ifndef NO_TAKE_FENCE
	atomic_thread_fence(memory_order_seq_cst);
#endif
	long t = atomic_load_explicit(&top, memory_order_relaxed);
	int x;
	if (t <= b) {
		x = atomic_load_explicit(&buffer[b % N], memory_order_relaxed);
		if (t == b) {
			/* the last element: race the thieves for it */
			if (!atomic_compare_exchange_strong_explicit(&top, &t, t + 1,
					memory_order_seq_cst, memory_order_relaxed))
				x = EMPTY;
			atomic_store_explicit(&bottom, b + 1, memory_order_relaxed);
		}
	} else {
		x = EMPTY;
		atomic_store_explicit(&bottom, b + 1, memory_order_relaxed);
	}
	return x;
}

static int steal(void) {
	while (1) {
		long t = atomic_load_explicit(&top, memory_order_acquire);
		atomic_thread_fence(memory_order_seq_cst);
		long b = atomic_load_explicit(&bottom, memory_order_acquire);
		if (t >= b)
			return EMPTY;
		int x = atomic_load_explicit(&buffer[t % N], memory_order_relaxed);
		if (atomic_compare_exchange_strong_explicit(&top, &t, t + 1,
				memory_order_seq_cst, memory_order_relaxed))
			return x;
	}
}

void p1(void) { push(1); }
void p2(void) { push(2); }
void tk(void) { lsl_observe_output("take", take()); }
void st(void) { lsl_observe_output("steal", steal()); }
