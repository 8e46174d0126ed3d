#include "lsl_protos.h"

long vals[5] = {1, 2, 3, 4, 5};

void scale(long *p, int n, int k)
{
	while (n--) {
		*p *= k;
		*p++ -= 1;
	}
}

void run(void)
{
	scale(vals + 1, 3, 10);
	int i;
	for (i = 0; i < 5; i++)
		lsl_observe_output("v", vals[i]);
	long *q = &vals[4];
	*q <<= 3;
	*q |= 1;
	lsl_observe_output("q", *q);
	unsigned short us[2] = {65535, 1};
	unsigned short *pu = us;
	*pu += 2;
	pu[1] -= 3;
	lsl_observe_output("us0", us[0]);
	lsl_observe_output("us1", us[1]);
}
