#include "lsl_protos.h"
int a; int b; int d; int f;
void i(void) { a = 1; b = 1; d = 0; f = 0; }
/* t0 and t1 each divide by what the other writes only after its own
   fault; t2 divides by zero when it sees f before d (message passing
   reordered, relaxed allows it). */
void t0(void) { int r = a; int q = 10 / r; if (r == 0) b = 0; lsl_observe_output("q", q); }
void t1(void) { int r = b; int q = 10 / r; if (r == 0) a = 0; lsl_observe_output("q", q); }
void t2(void) { int r = f; lsl_assume(r == 1); int s = d; int q = 10 / s; }
void t3(void) { d = 1; f = 1; }
void t4(void) { int x = a; lsl_assume(x == 0); }
