#include <stdatomic.h>
#include <stdlib.h>
#include "lsl_protos.h"
atomic_int flag; int data;
void init(void) { flag = 0; data = 0; }
void w(void) {
    int *scratch = malloc(sizeof(int));
    free(scratch);
    data = 1;
    atomic_store_explicit(&flag, 1, memory_order_relaxed);
}
void r(void) {
    int f = atomic_load_explicit(&flag, memory_order_acquire);
    int d = data;
    if (f == 1) lsl_assert(d == 1);
}
