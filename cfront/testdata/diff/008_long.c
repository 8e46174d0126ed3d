#include "lsl_protos.h"

void run(void)
{
	long l = 9223372036854775807L;
	l++;
	lsl_observe_output("l", l);
	long long ll = 1;
	ll <<= 62;
	lsl_observe_output("ll", ll * 2);
	unsigned long long ull = 1;
	ull <<= 63;
	lsl_observe_output("ull", ull);
	int i = -5;
	long w = i;
	lsl_observe_output("w", w);
	unsigned u = 4000000000u;
	long wu = u;
	lsl_observe_output("wu", wu);
	int back = 5000000000L;
	lsl_observe_output("back", back);
	lsl_observe_output("big", 3000000000L * 4);
}
