#include "lsl_protos.h"

int pick(int c, int a, int b) { return c ? a : b; }

void run(void)
{
	int x = 3;
	lsl_observe_output("c1", x > 2 ? 10 : 20);
	lsl_observe_output("c2", x > 5 ? 10 : 20);
	unsigned u = 1;
	lsl_observe_output("mixed", (x < 0 ? -1 : u) > 0);
	lsl_observe_output("mixed2", x ? -1 : u);
	long l = x ? -1 : 2u;
	lsl_observe_output("l", l);
	lsl_observe_output("nest", x == 1 ? 1 : x == 2 ? 2 : x == 3 ? 3 : 4);
	lsl_observe_output("pick", pick(0, 5, 6) + pick(1, 5, 6));
	int y = 0;
	x > 0 ? (y = 1) : (y = 2);
	lsl_observe_output("y", y);
	char c = x ? 300 : 0;
	lsl_observe_output("c", c);
}
