#include "lsl_protos.h"

int a[6];

void run(void)
{
	int i = 0;
	a[i++] = 10;
	a[i++] = 20;
	a[++i] = 40;
	lsl_observe_output("i", i);
	lsl_observe_output("a", a[0] + a[1] + a[2] + a[3]);
	int j = 5;
	while (j > 0) {
		int *p = &a[--j];
		*p += j;
	}
	lsl_observe_output("a0", a[0]);
	lsl_observe_output("a3", a[3]);
	lsl_observe_output("a4", a[4]);
}
