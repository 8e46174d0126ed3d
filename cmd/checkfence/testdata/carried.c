#include "lsl_protos.h"
// r's loop carries a, which it assigns only when s != 1, and then leaves.
// An iteration that reads s == 1 assigns only s, dead at the loop head,
// and leaves a as it was: it changes nothing and is dropped, so no
// execution has more than one iteration once those are removed. y is
// never stored but by init, so every execution observes a = 0, as serial
// does: pass on every model.
int x, y;
void init(void) { x = 0; y = 0; }
void w(void) { x = 1; x = 2; }
void r(void) { int s, a = 0; do { s = x; if (s != 1) a = y; } while (s == 1); lsl_observe_output("a", a); }
