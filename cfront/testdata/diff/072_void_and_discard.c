#include "lsl_protos.h"

int n;

void bump(void) { n++; }
int get(void) { return ++n; }

void run(void)
{
	int x = 3;
	(void)x;
	(void)get();
	x ? bump() : (void)0;
	0 ? bump() : bump();
	get(), get();
	x++, x--, x++;
	lsl_observe_output("n", n);
	lsl_observe_output("x", x);
	int *p = &x;
	*p;
	p[0]++;
	lsl_observe_output("x2", x);
}
