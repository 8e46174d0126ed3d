/* A sequence lock with GCC's __atomic builtins: one writer updates two
   plain words; a reader retries until it saw an even, unchanged sequence
   number, and must then see both words of one update. */
#include "lsl_protos.h"

unsigned seq;
int data1, data2;

void init(void) { seq = 0; data1 = 0; data2 = 0; }

void write(void) {
	unsigned s = __atomic_load_n(&seq, __ATOMIC_RELAXED);
	__atomic_store_n(&seq, s + 1, __ATOMIC_RELAXED);
	__atomic_thread_fence(__ATOMIC_RELEASE);
	data1 = 1;
	data2 = 1;
	__atomic_store_n(&seq, s + 2, __ATOMIC_RELEASE);
}

void read(void) {
	unsigned s1, s2;
	int d1, d2;
	do {
		s1 = __atomic_load_n(&seq, __ATOMIC_ACQUIRE);
		d1 = data1;
		d2 = data2;
#ifndef NO_READ_FENCE
		__atomic_thread_fence(__ATOMIC_ACQUIRE);
#endif
		s2 = __atomic_load_n(&seq, __ATOMIC_RELAXED);
	} while (s1 != s2 || (s1 & 1));
	lsl_observe_output("d1", d1);
	lsl_observe_output("d2", d2);
}
