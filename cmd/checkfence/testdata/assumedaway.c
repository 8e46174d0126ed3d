#include "lsl_protos.h"
int x;
void init(void) { x = 1; }
void a(void) { lsl_assume(x == 0); assert(x == 1); }
