#include "lsl_protos.h"
#include <stdlib.h>
#include <stdint.h>
struct s1 { char a; char b; int c; };   /* a@0 b@1 c@4, 8 bytes */
struct s2 { int x; char y; char z; };   /* x@0 y@4 z@5, 8 bytes */
struct s1 *curp; uintptr_t cur; int data1, data2;
void i(void) { curp = malloc(sizeof(struct s1)); cur = (uintptr_t)&curp->c; data1 = 1; data2 = 1; }
void r(void) {
    uintptr_t r1, r2; int v1, v2;
    do { r1 = cur; v1 = data1; v2 = data2; r2 = cur; } while (r1 == 0 || r1 != r2);
    lsl_observe_output("v1", v1); lsl_observe_output("v2", v2);
}
/* w takes the block as struct s2: &q->y is base+4, the old &curp->c */
void w(void) {
    cur = 0;
    free(curp);
    data1 = 2; data2 = 2;
    struct s2 *q = malloc(sizeof(struct s2));
    cur = (uintptr_t)&q->y;
}
/* ws takes it as struct s1 again */
void ws(void) {
    cur = 0;
    free(curp);
    data1 = 2; data2 = 2;
    struct s1 *q = malloc(sizeof(struct s1));
    cur = (uintptr_t)&q->c;
}
