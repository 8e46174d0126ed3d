#include <stdlib.h>
#include "lsl_protos.h"
struct one { int v; };
struct two { int a; int b; };

/* A freed block is handed out again only to an allocation of the same
   size whose layout has the same words at the same offsets (README,
   "Memory reuse"): a scalar's word is at no offset, a struct's or an
   array's at an index, so none of the first four reuses a block, and each
   stores and reads its new block without a fault. C's free lets each
   take the block freed before it (SEMANTICS.md), but nothing but the
   allocation can reach that block after the free, so it could not tell
   the block from a fresh one: each passes. */
void one_int(void) {
	struct one *o = malloc(sizeof *o);
	free(o);
	int *i = malloc(sizeof *i);
	*i = 3;
	lsl_observe_output("i", *i);
}
void two_long(void) {
	struct two *t = malloc(sizeof *t);
	free(t);
	long *l = malloc(sizeof *l);
	*l = 3;
	lsl_observe_output("l", *l);
}
void array_long(void) {
	int *a = malloc(2 * sizeof *a);
	free(a);
	long *l = malloc(sizeof *l);
	*l = 3;
	lsl_observe_output("l", *l);
}
void long_two(void) {
	long *l = malloc(sizeof *l);
	free(l);
	struct two *t = malloc(sizeof *t);
	t->a = 1;
	t->b = 2;
	lsl_observe_output("a", t->a);
	lsl_observe_output("b", t->b);
}
/* an int freed and an int allocated: the same block or a fresh one */
void int_int(void) {
	int *p = malloc(sizeof *p);
	free(p);
	int *q = malloc(sizeof *q);
	lsl_observe_output("same", p == q);
	*q = 3;
	lsl_observe_output("q", *q);
}
/* as one_int, but the freed pointer is compared with the new one: the
   model, which does not hand the block out, cannot say same=1, which
   SEMANTICS.md allows, so the test is inconclusive */
void one_int_same(void) {
	struct one *o = malloc(sizeof *o);
	free(o);
	int *i = malloc(sizeof *i);
	lsl_observe_output("same", (void *)o == (void *)i);
}
