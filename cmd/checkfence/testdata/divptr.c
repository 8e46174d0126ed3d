#include "lsl_protos.h"
int g; long v;
void i(void){ g = 0; v = 0; }
void s(void){ v = (long)&g; }
void a(void){ long r = v; long q = 10 / r; lsl_observe_output("q", q); }
