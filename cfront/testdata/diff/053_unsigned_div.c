#include "lsl_protos.h"

void run(void)
{
	unsigned long a = 18446744073709551615ul;
	lsl_observe_output("a/3", a / 3);
	lsl_observe_output("a%1000", a % 1000);
	unsigned b = 4294967295u;
	lsl_observe_output("b/65536", b / 65536);
	long c = -9223372036854775807L - 1;
	lsl_observe_output("c/2", c / 2);
	lsl_observe_output("c%7", c % 7);
	int m = -2147483647 - 1;
	lsl_observe_output("m/2", m / 2);
	lsl_observe_output("m%10", m % 10);
	unsigned short us = 60000;
	lsl_observe_output("us/-2", us / -2);
}
