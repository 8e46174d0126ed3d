#include "lsl_protos.h"
int g, f, y;
void i(void) { g = 0; f = 0; y = 0; }
void a(void) {
  int n = g;
  int k;
  for (k = 0; k < n; k++) { y = k + 1; }
  if (k == n) f = 1;
}
void b(void) {
  g = 3;
  while (f == 0) ;
  lsl_assert(y != 3);
}

/* The same, with b's wait in an operation of its own: under serial, b1 a
   b2 observes y = 3, which the solver's serial lazy unrolling must find
   too (its bound question, not only the explicit runs). */
void b1(void) { g = 3; }
void b2(void) {
  while (f == 0) ;
  lsl_observe_output("y", y);
}
