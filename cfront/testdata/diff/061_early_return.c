#include "lsl_protos.h"

int first_neg(int *a, int n)
{
	int i;
	for (i = 0; i < n; i++) {
		int j = 0;
		while (1) {
			if (j > 2)
				break;
			if (a[i] + j < 0)
				return i * 10 + j;
			j++;
		}
	}
	return -1;
}

int g[4] = {5, 1, -1, -9};

void run(void)
{
	lsl_observe_output("fn", first_neg(g, 4));
	lsl_observe_output("fn2", first_neg(g, 2));
	g[1] = -3;
	lsl_observe_output("fn3", first_neg(g + 1, 3));
}
