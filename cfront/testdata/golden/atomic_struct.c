/* An _Atomic struct (a pointer with a counter, updated as one): the
   generic __atomic forms and C11's store and compare-exchange act on all
   its fields in one atomic block; a plain read or write of it is one seq
   load or store, and the value of a write is the value stored (no load). */
#include <stdatomic.h>
#include <stdbool.h>

typedef struct tagged { int *ptr; unsigned long tag; } tagged_t;

_Atomic(tagged_t) top;

void use(tagged_t t);

bool push(int *n) {
	tagged_t old, seen;
	__atomic_load(&top, &old, __ATOMIC_ACQUIRE);
	tagged_t nw = { n, old.tag + 1 };
	bool ok = atomic_compare_exchange_weak_explicit(&top, &old, nw, memory_order_release, memory_order_relaxed);
	__atomic_exchange(&top, &nw, &seen, __ATOMIC_ACQ_REL);
	atomic_store(&top, seen);
	return ok;
}

tagged_t copy(void) {
	tagged_t v = top;
	top = v;
	return v;
}

tagged_t replace(tagged_t v) {
	return top = v;
}
