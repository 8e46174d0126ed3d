/* A counter incremented with a weak compare-exchange retry loop, read with
   relaxed loads (C11 keeps two relaxed reads of one atomic coherent; the
   machine model relaxed does not). */
#include <stdatomic.h>
#include "lsl_protos.h"

#ifndef READ_ORDER
#define READ_ORDER memory_order_relaxed
#endif

atomic_int ctr;

void init(void) { atomic_init(&ctr, 0); }

void inc(void) {
	int old = atomic_load_explicit(&ctr, memory_order_relaxed);
	while (!atomic_compare_exchange_weak_explicit(&ctr, &old, old + 1,
			memory_order_relaxed, memory_order_relaxed))
		;
	lsl_observe_output("old", old);
}

void get(void) { lsl_observe_output("v", atomic_load_explicit(&ctr, READ_ORDER)); }
