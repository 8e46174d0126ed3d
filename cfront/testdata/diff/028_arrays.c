#include "lsl_protos.h"

int a[10];

int sum(int *p, int n)
{
	int s = 0, i;
	for (i = 0; i < n; i++)
		s += p[i];
	return s;
}

void run(void)
{
	int i;
	for (i = 0; i < 10; i++)
		a[i] = i * i;
	lsl_observe_output("sum", sum(a, 10));
	lsl_observe_output("sum5", sum(a + 5, 5));
	int loc[4];
	for (i = 0; i < 4; i++)
		loc[i] = a[9 - i];
	lsl_observe_output("loc", sum(loc, 4));
	lsl_observe_output("loc2", loc[2]);
	int r[3];
	r[0] = 5;
	r[1] = r[0] * 2;
	r[2] = r[1] + r[0];
	lsl_observe_output("r2", r[2]);
	lsl_observe_output("2[r]", 2[r]);
	lsl_observe_output("n", (int)(sizeof a / sizeof a[0]));
}
