#include "lsl_protos.h"
#include <stdlib.h>
struct pair { int a; int b; };
struct pair *last; int x;
void inc(void) {
    struct pair *p = malloc(sizeof *p);
    last = p;
    free(p);
    long *l = malloc(sizeof *l);   /* may take the freed pair */
    int v = x;
    x = v + 1;
    lsl_observe_output("v", v);
}
