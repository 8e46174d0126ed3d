#include "lsl_protos.h"

int calls;

int t(int v)
{
	calls++;
	return v;
}

void run(void)
{
	int r;
	r = t(0) && t(1);
	lsl_observe_output("r1", r);
	lsl_observe_output("calls1", calls);
	r = t(1) && t(2);
	lsl_observe_output("r2", r);
	lsl_observe_output("calls2", calls);
	r = t(3) || t(0);
	lsl_observe_output("r3", r);
	lsl_observe_output("calls3", calls);
	r = t(0) || t(0) || t(7);
	lsl_observe_output("r4", r);
	lsl_observe_output("calls4", calls);
	int i = 0;
	if (i != 0 && 10 / i > 1)
		r = 100;
	lsl_observe_output("r5", r);
	r = (i++ == 0) || (i++ == 5);
	lsl_observe_output("i", i);
	lsl_observe_output("r6", r);
	r = !t(0) && (t(2) || t(3));
	lsl_observe_output("r7", r);
	lsl_observe_output("calls7", calls);
}
