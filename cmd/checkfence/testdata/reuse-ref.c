#include "lsl_protos.h"
int x;
void inc(void) { int v = x; x = v + 1; lsl_observe_output("v", v); }
