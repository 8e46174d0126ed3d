#include "lsl_protos.h"
int x;
int *p;
void i(void) { x = 0; p = malloc(sizeof(int)); }
void inc(void) { int v = x; x = v + 1; lsl_observe_output("v", v); free(p); }
