#include "lsl_protos.h"

void run(void)
{
	int x = 100;
	x += 5;
	lsl_observe_output("+=", x);
	x -= 200;
	lsl_observe_output("-=", x);
	x *= -3;
	lsl_observe_output("*=", x);
	x /= 7;
	lsl_observe_output("/=", x);
	x %= 6;
	lsl_observe_output("%=", x);
	x <<= 4;
	lsl_observe_output("<<=", x);
	x >>= 2;
	lsl_observe_output(">>=", x);
	x &= 0x3c;
	lsl_observe_output("&=", x);
	x |= 0x101;
	lsl_observe_output("|=", x);
	x ^= 0xfff;
	lsl_observe_output("^=", x);
	unsigned char c = 250;
	c += 300;
	lsl_observe_output("c+=300", c);
	c -= 1000;
	lsl_observe_output("c-=1000", c);
	c *= 3;
	lsl_observe_output("c*=3", c);
	short s = 10;
	s /= -3;
	lsl_observe_output("s/=-3", s);
	unsigned u = 5;
	u -= 10;
	lsl_observe_output("u-=10", u);
	int y = 7;
	y += u;
	lsl_observe_output("y+=u", y);
	int z = (x += 1) * 2;
	lsl_observe_output("z", z);
}
