#include "lsl_protos.h"

void run(void)
{
	int a = 1, b = 2, c;
	c = (a += 10, b *= 3, a + b);
	lsl_observe_output("c", c);
	int i, j;
	for (i = 0, j = 10; i < j; i += 3, j -= 2)
		;
	lsl_observe_output("i", i);
	lsl_observe_output("j", j);
	int x = (a, b, 42);
	lsl_observe_output("x", x);
}
