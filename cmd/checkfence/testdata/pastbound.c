#include "lsl_protos.h"
int x;
void i(void) { x = 0; }

/* Three iterations; with one unrolled, the thread goes on after the loop
   with k = 1: the load of x after it and the failing assertion are past
   the bound, not what the program runs. */
void a(void) {
  int k = 0;
again:
  x = x + 1;
  k++;
  if (k < 3) goto again;
  lsl_observe_output("x", x);
  lsl_assert(k == 3);
}
