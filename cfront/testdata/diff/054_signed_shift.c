#include "lsl_protos.h"

void run(void)
{
	int i;
	int v = -1;
	for (i = 0; i < 31; i += 5)
		lsl_observe_output("v<<i", v << i);
	long l = -12345678901L;
	lsl_observe_output("l>>7", l >> 7);
	lsl_observe_output("l<<20", l << 20);
	int x = 0x40000000;
	lsl_observe_output("x<<1", x << 1);
	unsigned long ul = 0xdeadbeefcafebabeul;
	lsl_observe_output("ul>>33", ul >> 33);
	lsl_observe_output("ul<<60", ul << 60);
	short s = -16;
	lsl_observe_output("s>>2", s >> 2);
	unsigned char c = 0x81;
	lsl_observe_output("c>>1", c >> 1);
	lsl_observe_output("shiftbyl", 1 << 3L);
}
