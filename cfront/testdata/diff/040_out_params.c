#include "lsl_protos.h"

int divmod(int a, int b, int *q, int *r)
{
	if (b == 0)
		return 0;
	*q = a / b;
	*r = a % b;
	return 1;
}

struct acc {
	int sum, count;
};

void acc_add(struct acc *a, int v)
{
	a->sum += v;
	a->count++;
}

void run(void)
{
	int q, r;
	int ok = divmod(17, 5, &q, &r);
	lsl_observe_output("ok", ok);
	lsl_observe_output("q", q);
	lsl_observe_output("r", r);
	ok = divmod(1, 0, &q, &r);
	lsl_observe_output("ok0", ok);
	struct acc a = {0, 0};
	int i;
	for (i = 1; i <= 4; i++)
		acc_add(&a, i * i);
	lsl_observe_output("sum", a.sum);
	lsl_observe_output("count", a.count);
}
