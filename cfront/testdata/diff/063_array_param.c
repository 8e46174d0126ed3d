#include "lsl_protos.h"

void fill(int a[], int n, int v)
{
	int i;
	for (i = 0; i < n; i++)
		a[i] = v + i;
}

int sum3(int a[3]) { return a[0] + a[1] + a[2]; }

int total(int m[][3], int rows)
{
	int s = 0, i;
	for (i = 0; i < rows; i++)
		s += sum3(m[i]);
	return s;
}

void run(void)
{
	int loc[5];
	fill(loc, 5, 10);
	lsl_observe_output("loc4", loc[4]);
	lsl_observe_output("sum3", sum3(loc + 1));
	int m[2][3];
	fill(m[0], 3, 1);
	fill(m[1], 3, 100);
	lsl_observe_output("total", total(m, 2));
}
