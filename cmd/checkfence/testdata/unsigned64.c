#include <stdint.h>
#include "lsl_protos.h"
uint64_t g;
unsigned int h;
unsigned char c;
void set(void) { g = 0xFFFFFFFFFFFFFFFFull; h = 0xFFFFFFFFu; c = 255; }
void get(void) { uint64_t v = g; unsigned int w = h; lsl_observe_output("v", v); lsl_observe_output("w", w); lsl_observe_output("c", c); }
