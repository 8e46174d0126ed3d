#include "lsl_protos.h"
int l, in_cs, x, flag, cnt;
void init(void) { l = 0; in_cs = 0; x = 0; flag = 0; cnt = 0; }

/* A test-and-set lock with a spin counter whose unlock lacks its
   store-store fence: under serial no bound suffices (a waiting p spins
   alone, and the counter changes), so there is no specification; on
   relaxed rel's stores reorder and p enters while in_cs is still set,
   within the first iteration of every loop. */
void acq(void) { while (__sync_lock_test_and_set(&l, 1)) { cnt = cnt + 1; } in_cs = 1; }
void rel(void) { in_cs = 0; l = 0; }
void p(void) { while (__sync_lock_test_and_set(&l, 1)) { cnt = cnt + 1; } lsl_assert(in_cs == 0); l = 0; }
/* the same lock with its fences: no error on relaxed */
void acqf(void) { while (__sync_lock_test_and_set(&l, 1)) { cnt = cnt + 1; } lsl_fence("full"); in_cs = 1; }
void relf(void) { in_cs = 0; lsl_fence("full"); l = 0; }
void pf(void) { while (__sync_lock_test_and_set(&l, 1)) { cnt = cnt + 1; } lsl_fence("full"); lsl_assert(in_cs == 0); lsl_fence("full"); l = 0; }

/* A reader whose counter takes 8 times more values each iteration: past
   a few iterations it takes more values than the range analysis tracks.
   On relaxed w's stores reorder, and sp reads flag = 1 and then x = 0,
   failing its assertion before any iteration. */
void w(void) { x = 1; flag = 1; }
void sp(void) { while (flag == 0) { cnt = cnt * 8 + lsl_choose(0, 7); } int a = x; lsl_assert(a == 1); }
/* the same, with its fences: no error on relaxed */
void wf(void) { x = 1; lsl_fence("store-store"); flag = 1; }
void spf(void) { while (flag == 0) { cnt = cnt * 8 + lsl_choose(0, 7); } lsl_fence("load-load"); int a = x; lsl_assert(a == 1); }
