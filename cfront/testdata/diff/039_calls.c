#include "lsl_protos.h"

char narrow(int x) { return x; }
unsigned widen(char c) { return c; }
long twice(long x) { return 2 * x; }
void nothing(void) {}
int add3(int a, int b, int c) { return a + b + c; }
_Bool truth(int x) { return x; }

void run(void)
{
	lsl_observe_output("narrow", narrow(300));
	lsl_observe_output("widen", widen(-1));
	lsl_observe_output("twice", twice(3000000000u));
	nothing();
	lsl_observe_output("add3", add3(1, add3(2, 3, 4), narrow(257)));
	lsl_observe_output("truth", truth(-5));
	lsl_observe_output("trunc", add3(5000000000L, 0, 0));
}
