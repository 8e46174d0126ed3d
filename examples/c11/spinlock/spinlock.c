/* A test-and-set spin lock with atomic_flag: acquire on the test-and-set,
   release on the clear. A failed test-and-set on the held lock stores back
   the 1 it read, so the spin changes nothing until the lock is free
   (SEMANTICS.md, "Loops"). */
#include <stdatomic.h>
#include "lsl_protos.h"

#ifndef ACQUIRE
#define ACQUIRE memory_order_acquire
#define RELEASE memory_order_release
#endif

atomic_flag lock = ATOMIC_FLAG_INIT;
int count;

void init(void) { count = 0; }

void inc(void) {
	while (atomic_flag_test_and_set_explicit(&lock, ACQUIRE))
		;
	int c = count;
	count = c + 1;
	atomic_flag_clear_explicit(&lock, RELEASE);
	lsl_observe_output("before", c);
}
