#include "lsl_protos.h"

int sum(int *a, int n)
{
	int s = 0;
	while (n-- > 0)
		s = s * 3 + a[n];
	return s;
}

void run(void)
{
	int a[5] = {1, 2};
	lsl_observe_output("a", sum(a, 5));
	int b[4] = {[2] = 5, [0] = 1};
	lsl_observe_output("b", sum(b, 4));
	int c[3] = {0};
	c[1] = 4;
	lsl_observe_output("c", sum(c, 3));
	int k = 7;
	int d[3] = {k, k * 2, k + 1};
	lsl_observe_output("d", sum(d, 3));
	int e[2][2] = {{1}, {2, 3}};
	lsl_observe_output("e", e[0][0] + e[0][1] * 10 + e[1][0] * 100 + e[1][1] * 1000);
	char f[] = {1, 2, 3, 4};
	lsl_observe_output("f", (int)sizeof f + f[3]);
}
