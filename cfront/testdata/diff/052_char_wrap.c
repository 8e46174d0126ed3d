#include "lsl_protos.h"

void run(void)
{
	char c = 0;
	int i;
	for (i = 0; i < 300; i++)
		c += 3;
	lsl_observe_output("c", c);
	unsigned char h = 0;
	for (i = 0; i < 1000; i++)
		h = h * 31 + i;
	lsl_observe_output("h", h);
	signed char m = -128;
	lsl_observe_output("-m", -m);
	m = -m;
	lsl_observe_output("m", m);
	lsl_observe_output("m/-1", (signed char)(m / -1));
}
