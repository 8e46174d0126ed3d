#include "lsl_protos.h"
#include <stdint.h>

/* A pointer kept in an int (a 64-bit porting bug) and a pointer cut to a
   byte: the address has no value in fewer bits, a fault of the execution.
   Kept in a long, it converts back. */
struct rec { int handle; };
struct rec r;
int a = 7;

void cut(void) {
    r.handle = (intptr_t)&a;
    int *q = (int *)(intptr_t)r.handle;
    lsl_observe_output("v", *q);
}

void byte(void) {
    long l = (long)&a;
    unsigned char c = l;
    lsl_observe_output("c", c);
}

void whole(void) {
    long l = (long)&a;
    int *q = (int *)l;
    *q = 5;
    lsl_observe_output("a", a);
}
