#include "lsl_protos.h"
typedef struct pair { int x, y; } pair_t;

/* Freeing what no allocation returned is an error: a local's address,
   directly or through a pointer, and an array on the stack. */
void direct(void) { int l = 1; free(&l); }
void through(void) { pair_t s; s.x = 1; pair_t *p = &s; free(p); }
void array(void) { int a[2]; a[0] = 0; free(a); }
void heap(void) { pair_t *p = malloc(sizeof(pair_t)); p->x = 1; free(p); }
