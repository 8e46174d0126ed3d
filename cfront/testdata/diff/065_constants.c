#include "lsl_protos.h"

void run(void)
{
	lsl_observe_output("hex", 0x7fffffff);
	lsl_observe_output("hexu", 0xffffffff);
	lsl_observe_output("oct", 0777);
	lsl_observe_output("L", 123L);
	lsl_observe_output("UL", 18446744073709551615UL);
	lsl_observe_output("big", 4294967296);
	lsl_observe_output("char", 'z' - 'a');
	lsl_observe_output("esc", '\t' + '\\' + '\'' + '\0');
	lsl_observe_output("neg", -2147483648);
	lsl_observe_output("u-", -1u);
	lsl_observe_output("ll", 0x8000000000000000);
	lsl_observe_output("expr", (1 << 10) + (077 ^ 0x3f) - ~0);
}
