#include "lsl_protos.h"
int x;
void wide(void) { x = lsl_choose(0, 100000); lsl_observe_output("v", x); }
