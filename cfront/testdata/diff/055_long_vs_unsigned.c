#include "lsl_protos.h"

void run(void)
{
	long l = -1;
	unsigned u = 0xffffffffu;
	lsl_observe_output("l<u", l < u);
	lsl_observe_output("l+u", l + u);
	lsl_observe_output("u*2L", u * 2L);
	unsigned long ul = 5;
	int i = -10;
	lsl_observe_output("ul+i", ul + i);
	lsl_observe_output("i<ul", i < ul);
	long long ll = -2;
	unsigned long long ull = 3;
	lsl_observe_output("ll*ull", ll * ull);
	lsl_observe_output("ll<ull", ll < ull);
	unsigned short us = 1;
	lsl_observe_output("i<us", i < us);
	lsl_observe_output("us-2", us - 2);
}
