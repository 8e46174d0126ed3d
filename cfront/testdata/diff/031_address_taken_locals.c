#include "lsl_protos.h"

void set(int *p, int v) { *p = v; }

void swap(int *a, int *b)
{
	int t = *a;
	*a = *b;
	*b = t;
}

void run(void)
{
	int x = 1, y = 2;
	swap(&x, &y);
	lsl_observe_output("x", x);
	lsl_observe_output("y", y);
	int z;
	set(&z, 42);
	lsl_observe_output("z", z);
	int *p = &x;
	*p += 10;
	lsl_observe_output("x2", x);
	p = &y;
	(*p)++;
	lsl_observe_output("y2", y);
}
