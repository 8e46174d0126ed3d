#include "lsl_protos.h"

int g;

void run(void)
{
	_Bool b = 5;
	lsl_observe_output("b", b);
	b = 0;
	lsl_observe_output("b0", b);
	b = -1;
	lsl_observe_output("b-1", b);
	b++;
	lsl_observe_output("b++", b);
	b--;
	lsl_observe_output("b--", b);
	b--;
	lsl_observe_output("b--2", b);
	_Bool p = &g;
	lsl_observe_output("p", p);
	int i = b + b + 3;
	lsl_observe_output("i", i);
	unsigned long big = 1ul << 40;
	b = big;
	lsl_observe_output("big", b);
	b = 256;
	lsl_observe_output("256", b);
}
