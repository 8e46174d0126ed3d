#include "lsl_protos.h"
// Message passing with the reader's fence inside an atomic block. The
// load-load fence comes before r1's load of flag and has no load before
// it, so it orders nothing against r2's load of data (SEMANTICS.md,
// "Fences"). Observing f = 1 and then d = 0 needs the two loads reordered
// (w's stores are fenced): rmo and relaxed do that, sc, tso and pso keep
// two loads in order. Pass on sc, tso and pso, fail on rmo and relaxed.
int data, flag;
void init(void) { data = 0; flag = 0; }
void w(void) { data = 1; lsl_fence("store-store"); flag = 1; }
void r1(void) { int f; lsl_atomic_begin(); lsl_fence("load-load"); f = flag; lsl_atomic_end(); lsl_observe_output("f", f); }
void r2(void) { lsl_observe_output("d", data); }
