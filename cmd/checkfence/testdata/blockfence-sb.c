#include "lsl_protos.h"
// Store buffering with a fence inside an atomic block. A fence orders the
// accesses of its thread before it against those after it (SEMANTICS.md,
// "Fences"); here no store is before the store-load fence, so a1's store
// of x is not ordered before a2's load of y. a2 may then read y = 0
// before b1 stores 1, and b2, after its full fence, read x = 0 before a1
// stores 1: both observe 0, which no serial execution does. sc keeps the
// store before the load, and tso's atomic block acts as a full fence, so
// pass on sc and tso; fail on pso, rmo and relaxed, which reorder a
// store before a later load.
int x, y;
void init(void) { x = 0; y = 0; }
void a1(void) { lsl_atomic_begin(); lsl_fence("store-load"); x = 1; lsl_atomic_end(); }
void a2(void) { lsl_observe_output("r", y); }
void b1(void) { y = 1; }
void b2(void) { lsl_fence("full"); lsl_observe_output("r", x); }
