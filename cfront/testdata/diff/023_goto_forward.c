#include "lsl_protos.h"

int find(int *a, int n, int v)
{
	int i;
	for (i = 0; i < n; i++)
		if (a[i] == v)
			goto found;
	return -1;
found:
	return i;
}

int g[5] = {4, 8, 15, 16, 23};

void run(void)
{
	lsl_observe_output("15", find(g, 5, 15));
	lsl_observe_output("9", find(g, 5, 9));
	int x = 0;
	goto skip;
	x = 100;
skip:
	x++;
	lsl_observe_output("x", x);
	if (x)
		goto a;
	x = 50;
a:
	goto b;
b:
	lsl_observe_output("x2", x);
}
