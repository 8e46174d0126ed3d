/* A configuration swapped with atomic_exchange (release: the new block is
   filled before it is published) and read with an acquire load. The writer
   frees the old block with free while a reader may still hold it. */
#include <stdatomic.h>
#include <stdlib.h>
#include "lsl_protos.h"

#ifndef RELEASE_OLD
#define RELEASE_OLD(p) free(p)
#endif

typedef struct config { int a, b; } config_t;

_Atomic(config_t *) cur;

static config_t *make(int v) {
	config_t *c = malloc(sizeof *c);
	c->a = v;
	c->b = v;
	return c;
}

void i(void) { atomic_init(&cur, make(1)); }

void w(void) {
	config_t *old = atomic_exchange_explicit(&cur, make(2), memory_order_acq_rel);
	RELEASE_OLD(old);
}

void r(void) {
	config_t *c = atomic_load_explicit(&cur, memory_order_acquire);
	lsl_observe_output("a", c->a);
	lsl_observe_output("b", c->b);
}
