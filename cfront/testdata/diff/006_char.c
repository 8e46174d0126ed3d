#include "lsl_protos.h"

/* char is signed on x86-64; assignment wraps */
void run(void)
{
	char c = 127;
	c++;
	lsl_observe_output("c", c);
	signed char sc = -128;
	sc--;
	lsl_observe_output("sc", sc);
	unsigned char uc = 200;
	char d = uc;
	lsl_observe_output("d", d);
	int i = 300;
	c = i;
	lsl_observe_output("c=300", c);
	lsl_observe_output("c+c", c + c);
	c = 'A';
	lsl_observe_output("A+1", c + 1);
	lsl_observe_output("nl", '\n');
	lsl_observe_output("ff", '\xff');
}
