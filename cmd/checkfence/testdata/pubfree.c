#include <stdatomic.h>
#include <stdlib.h>
#include "lsl_protos.h"
typedef struct node { int v; } node_t;
_Atomic(node_t *) shared;
void init(void) { shared = NULL; }
void pub(void) {
    node_t *n = malloc(sizeof *n);
    n->v = 1;
    atomic_store_explicit(&shared, n, memory_order_relaxed);
}
void take(void) {
    node_t *p = atomic_load_explicit(&shared, memory_order_relaxed);
    if (p) free(p);
}
