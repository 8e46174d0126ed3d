#include "lsl_protos.h"

void run(void)
{
	short s = 32767;
	s = s + 1;
	lsl_observe_output("s", s);
	unsigned short u = 40000;
	short t = u;
	lsl_observe_output("t", t);
	lsl_observe_output("prod", s * s);
	unsigned short a = 65535, b = 65535;
	lsl_observe_output("a*b", a * b);
	s = -1;
	unsigned short v = s;
	lsl_observe_output("v", v);
	lsl_observe_output("v>>1", v >> 1);
}
