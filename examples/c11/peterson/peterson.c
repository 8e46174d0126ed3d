/* Peterson's lock for two threads with C11 atomics, all seq_cst (the
   default of atomic_load and atomic_store). */
#include <stdatomic.h>
#include "lsl_protos.h"

#ifndef STORE
#define STORE(obj, v) atomic_store(obj, v)
#define LOAD(obj) atomic_load(obj)
#endif

atomic_int flag[2];
atomic_int turn;
int cs;

void init(void) {
	atomic_init(&flag[0], 0);
	atomic_init(&flag[1], 0);
	atomic_init(&turn, 0);
	cs = 0;
}

static void lock(int me) {
	int other = 1 - me;
	STORE(&flag[me], 1);
	STORE(&turn, other);
	while (LOAD(&flag[other]) && LOAD(&turn) == other)
		;
}

static void unlock(int me) { STORE(&flag[me], 0); }

/* Each thread enters the critical section once and counts its entry. */
static void enter(int me) {
	lock(me);
	int c = cs;
	cs = c + 1;
	unlock(me);
	lsl_observe_output("before", c);
}

void e0(void) { enter(0); }
void e1(void) { enter(1); }
