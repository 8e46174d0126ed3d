#include "lsl_protos.h"
/* Spin loops with a counter: under serial an operation that waits runs
   alone, and the counter makes each iteration change something, so no
   loop bound suffices and no specification is mined. Errors still fail. */
int l, in_cs, x, flag, spins;
void init(void) { l = 0; in_cs = 0; x = 0; flag = 0; spins = 0; }

/* A test-and-set lock whose unlock lacks its fences: on relaxed, rel's
   stores reorder and p enters while in_cs is still set; correct on sc. */
void acq(void) { while (__sync_lock_test_and_set(&l, 1)) { spins = spins + 1; } in_cs = 1; }
void rel(void) { in_cs = 0; l = 0; }
void p(void) { while (__sync_lock_test_and_set(&l, 1)) { spins = spins + 1; } lsl_assert(in_cs == 0); l = 0; }

/* Fails on sc already: x = 1, then r reads flag = 0 and x = 1. */
void w(void) { x = 1; flag = 1; }
void r(void) { while (flag == 0) { int a = x; lsl_assert(a == 0); spins = spins + 1; } }
