#include "lsl_protos.h"

/* int arithmetic, including signed overflow (wraps with -fwrapv) */
int a = 2147483647, b = -2147483647 - 1;

void run(void)
{
	int x = a + 1;
	lsl_observe_output("max+1", x);
	lsl_observe_output("min-1", b - 1);
	lsl_observe_output("mul", a * 3);
	lsl_observe_output("neg", -b);
	lsl_observe_output("sub", 7 - 12);
	lsl_observe_output("mix", (a - 5) * (b + 3) + 11);
}
