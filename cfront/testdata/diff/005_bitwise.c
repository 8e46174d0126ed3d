#include "lsl_protos.h"

void run(void)
{
	int a = 0x5a5a, b = 0x0ff0;
	lsl_observe_output("and", a & b);
	lsl_observe_output("or", a | b);
	lsl_observe_output("xor", a ^ b);
	lsl_observe_output("not", ~a);
	unsigned short us = 0x1234;
	lsl_observe_output("~us", ~us);
	unsigned long ul = 0xf0f0f0f0f0f0f0f0ul;
	lsl_observe_output("~ul", ~ul);
	a &= 0xff;
	b |= 1;
	a ^= b;
	lsl_observe_output("a", a);
	lsl_observe_output("b", b);
}
