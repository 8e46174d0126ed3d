#include "lsl_protos.h"

/* usual arithmetic conversions between signed and unsigned types */
void run(void)
{
	int m = -1;
	unsigned u = 1;
	lsl_observe_output("-1<1u", m < u);
	lsl_observe_output("-1+1u", m + u);
	lsl_observe_output("-1/2u", m / 2u);
	long l = -1;
	lsl_observe_output("-1L<1u", l < u);
	unsigned long ul = 1;
	lsl_observe_output("-1<1ul", m < ul);
	lsl_observe_output("-1L<1ul", l < ul);
	long long ll = -3;
	lsl_observe_output("ll*ul", ll * ul);
	lsl_observe_output("u-2", u - 2);
	lsl_observe_output("(long)(u-2)", (long)(u - 2));
	lsl_observe_output("l+u", l + u);
	lsl_observe_output("m%u", m % 3u);
}
