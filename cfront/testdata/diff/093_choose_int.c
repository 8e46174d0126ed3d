#include "lsl_protos.h"

/* lsl_choose is declared int lsl_choose(int lo, int hi): its bounds are
   converted to int and its value is an int, as for any prototyped call
   (the native header returns lo). */
void run(void)
{
	long v = lsl_choose(0u - 1, 0u - 1);
	lsl_observe_output("v", v);
	long w = lsl_choose(-1L, 4294967296L);
	lsl_observe_output("w", w);
	long z = lsl_choose(4294967297L, 4294967298L);
	lsl_observe_output("z", z);
	unsigned long u = lsl_choose(0u - 2, 0u - 1);
	lsl_observe_output("u", u);
	long long s = lsl_choose(2147483647, 2147483647) + 1;
	lsl_observe_output("s", s);
	unsigned char c = lsl_choose(300, 301);
	lsl_observe_output("c", c);
}
