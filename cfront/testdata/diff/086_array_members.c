#include "lsl_protos.h"

/* An array member used as a pointer (it decays), of a local struct and of
   a compound literal, and the address of a literal's element. */
struct T { int x; int a[2]; };

static int sum2(int *p) { return p[0] * 10 + p[1]; }

void run(void)
{
	struct T t = { 1, { 2, 3 } };
	lsl_observe_output("local", sum2(t.a));
	int *q = t.a;
	q[1] = 7;
	lsl_observe_output("through", t.a[1]);
	lsl_observe_output("literal", sum2((struct T){ 1, { 4, 5 } }.a));
	int *p = &(struct T){ 1, { 2, 9 } }.a[1];
	lsl_observe_output("element", *p);
}
