/* Message passing with C11 atomics: the flag's release store and acquire
   load order the plain data around them. */
#include <stdatomic.h>
#include "lsl_protos.h"

#ifndef FLAG_STORE
#define FLAG_STORE memory_order_release
#endif
#ifndef FLAG_LOAD
#define FLAG_LOAD memory_order_acquire
#endif

int data;
atomic_int flag;

void init(void) {
	data = 0;
	atomic_init(&flag, 0);
}

void produce(void) {
	data = 1;
	atomic_store_explicit(&flag, 1, FLAG_STORE);
}

void consume(void) {
	if (atomic_load_explicit(&flag, FLAG_LOAD))
		lsl_observe_output("data", data);
	else
		lsl_observe_label("empty");
}
