#include "lsl_protos.h"

void run(void)
{
	int a = 3, b = 0, c = -2;
	lsl_observe_output("!a", !a);
	lsl_observe_output("!b", !b);
	lsl_observe_output("!!c", !!c);
	lsl_observe_output("a&&c", a && c);
	lsl_observe_output("b||c", b || c);
	lsl_observe_output("a<b<c", a < b < c);
	lsl_observe_output("a==3==1", a == 3 == 1);
	lsl_observe_output("cmp sum", (a > b) + (b > c) + (c > a));
	lsl_observe_output("ne", a != b);
	lsl_observe_output("le", c <= b);
	lsl_observe_output("ge", c >= a);
	int n = 0;
	while (!(n > 4) && n != 3)
		n++;
	lsl_observe_output("n", n);
	if (!(a && b))
		lsl_observe_output("nand", 1);
}
