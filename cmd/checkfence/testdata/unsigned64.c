#include <stdint.h>
#include "lsl_protos.h"
uint64_t g;
unsigned int h;
unsigned char c;
void set(void) { g = 0xFFFFFFFFFFFFFFFFull; h = 0xFFFFFFFFu; c = 255; }
// get reads in the reverse of set's store order, so on sc a reader that
// misses g's store misses all three: every failing execution observes
// v = 2^64-1.
void get(void) { unsigned char k = c; unsigned int w = h; uint64_t v = g; lsl_observe_output("v", v); lsl_observe_output("w", w); lsl_observe_output("c", k); }
