#include "lsl_protos.h"
#include <stdlib.h>
struct pair { int a; int b; };   /* 8 bytes, as a long */
int data;
void t1(void) {
    struct pair *p = malloc(sizeof *p);
    data = 1;
    free(p);
}
/* t2 observes its long's address: after t1's free, malloc may return t1's block */
void t2(void) {
    int d = data;
    long *l = malloc(sizeof *l);
    lsl_observe_output("d", d);
    lsl_observe_output("l", l);
}
/* the same with a pair, whose reuse the model makes */
void t2p(void) {
    int d = data;
    struct pair *l = malloc(sizeof *l);
    lsl_observe_output("d", d);
    lsl_observe_output("l", l);
}
