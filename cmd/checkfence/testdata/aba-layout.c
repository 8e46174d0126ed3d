#include "lsl_protos.h"
#include <stdlib.h>
#include <stdint.h>
typedef struct pair { int a; int b; } pair_t;
pair_t *curp; uintptr_t cur; int data1, data2;

/* ABA through a block handed out again under another type: r reads cur
   (block A) and data1 = 1; w clears cur, frees A, stores 2 to data2 then
   data1 (r's read order reversed: on sc (1, 2) is the only failure), then
   allocates 8 bytes and publishes them. SEMANTICS.md lets that allocation
   be A: r then reads data2 = 2 and cur = A again and observes (1, 2). */
void i(void) { curp = malloc(sizeof(pair_t)); cur = (uintptr_t)curp; data1 = 1; data2 = 1; }
void r(void) {
    uintptr_t r1, r2; int v1, v2;
    do { r1 = cur; v1 = data1; v2 = data2; r2 = cur; } while (r1 == 0 || r1 != r2);
    lsl_observe_output("v1", v1); lsl_observe_output("v2", v2);
}
/* a long: the model does not hand A out to it */
void w_long(void) {
    cur = 0;
    free(curp);
    data2 = 2; data1 = 2;
    long *l = malloc(sizeof(long));
    cur = (uintptr_t)l;
}
/* a pair: the model may hand A out to it */
void w_pair(void) {
    cur = 0;
    free(curp);
    data2 = 2; data1 = 2;
    pair_t *p = malloc(sizeof(pair_t));
    cur = (uintptr_t)p;
}
/* type-stable memory goes back to its own type only: never A */
void w_stable(void) {
    cur = 0;
    lsl_free(curp);
    data2 = 2; data1 = 2;
    long *l = malloc(sizeof(long));
    cur = (uintptr_t)l;
}
