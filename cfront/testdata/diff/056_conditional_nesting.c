#include "lsl_protos.h"

int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

void run(void)
{
	int i;
	for (i = -3; i <= 13; i += 4)
		lsl_observe_output("clamp", clamp(i, 0, 10));
	int a = 1, b = 2;
	int *p = a > b ? &a : &b;
	*p = 7;
	lsl_observe_output("b", b);
	lsl_observe_output("mix", (a ? b : a) ? (b ? 11 : 12) : 13);
	unsigned char uc = 200;
	int k = a ? uc : -1;
	lsl_observe_output("k", k);
	lsl_observe_output("side", a ? (b += 5) : (a += 5));
	lsl_observe_output("ab", a * 100 + b);
}
