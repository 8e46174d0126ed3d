#include "lsl_protos.h"

/* shifts: arithmetic right shift of signed, logical of unsigned */
void run(void)
{
	int s = -100;
	unsigned u = 0x80000000u;
	lsl_observe_output("s>>2", s >> 2);
	lsl_observe_output("s<<3", s << 3);
	lsl_observe_output("u>>31", u >> 31);
	lsl_observe_output("u>>4", u >> 4);
	lsl_observe_output("1<<31", 1 << 31);
	long l = 1;
	lsl_observe_output("l<<40", l << 40);
	unsigned char c = 0xff;
	lsl_observe_output("c<<4", c << 4);
	int n = 5;
	lsl_observe_output("var", 1000 >> n);
	s >>= 1;
	lsl_observe_output("s>>=1", s);
	u <<= 1;
	lsl_observe_output("u<<=1", u);
}
