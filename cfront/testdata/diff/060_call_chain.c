#include "lsl_protos.h"

int f1(int x) { return x + 1; }
int f2(int x) { return f1(x) * 2; }
int f3(int x) { return f2(x) - f1(x); }
int f4(int x) { return f3(f2(x)) + f3(x); }
static int helper(int x) { return x * x; }
int f5(int x) { return helper(f4(x)) % 1000; }

void run(void)
{
	int i;
	for (i = -2; i < 3; i++)
		lsl_observe_output("f5", f5(i));
}
