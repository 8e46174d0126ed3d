#include "lsl_protos.h"

/* integer promotions: small types become int before arithmetic */
void run(void)
{
	unsigned char a = 200, b = 100;
	lsl_observe_output("a+b", a + b);
	int r = a - b - b - b;
	lsl_observe_output("a-3b", r);
	unsigned char c = a + b;
	lsl_observe_output("c", c);
	signed char x = -1;
	unsigned char y = 255;
	lsl_observe_output("x==y", x == y);
	lsl_observe_output("x<y", x < y);
	short s = -2;
	unsigned short us = 65535;
	lsl_observe_output("s<us", s < us);
	lsl_observe_output("~a", ~a);
	lsl_observe_output("-a", -a);
	lsl_observe_output("sizeof(a+b)", (int)sizeof(a + b));
}
