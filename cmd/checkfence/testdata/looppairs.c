#include "lsl_protos.h"
/* r reads flag twice in a loop: without the load-load fence, data may be
   read before either iteration's load, two pairs told apart by iteration. */
int data, flag;
void init(void) { data = 0; flag = 0; }
void p(void) {
    data = 1;
    lsl_fence("store-store");
    flag = 1;
}
void r(void) {
    int k, f = 0;
    for (k = 0; k < 2; k++) f = flag;
    lsl_fence("load-load");
    int d = data;
    lsl_assert(f == 0 || d == 1);
}
