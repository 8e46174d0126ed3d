#include "lsl_protos.h"

struct s {
	int a;
	int b[4];
	struct {
		int c;
	} in;
};

void run(void)
{
	struct s v;
	int *pa = &v.a;
	int *pb = &v.b[2];
	int *pc = &v.in.c;
	*pa = 1;
	*pb = 2;
	*pc = 3;
	v.b[0] = 0;
	lsl_observe_output("a", v.a);
	lsl_observe_output("b2", v.b[2]);
	lsl_observe_output("c", v.in.c);
	pb[1] = 9;
	pb[-2] = 8;
	lsl_observe_output("b3", v.b[3]);
	lsl_observe_output("b0", v.b[0]);
	int *q = v.b;
	q += 2;
	lsl_observe_output("q==pb", q == pb);
	lsl_observe_output("q-v.b", (int)(q - v.b));
}
