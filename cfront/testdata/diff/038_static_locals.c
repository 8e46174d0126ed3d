#include "lsl_protos.h"

int counter(void)
{
	static int n;
	return ++n;
}

int counter2(void)
{
	static int n = 100;
	static int hist[3];
	hist[n % 3]++;
	n += 7;
	return n + hist[0] * 1000;
}

void run(void)
{
	counter();
	counter();
	lsl_observe_output("c", counter());
	lsl_observe_output("d1", counter2());
	lsl_observe_output("d2", counter2());
	lsl_observe_output("d3", counter2());
	lsl_observe_output("c2", counter());
}
