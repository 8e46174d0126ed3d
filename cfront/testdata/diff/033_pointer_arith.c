#include "lsl_protos.h"

int arr[8] = {10, 11, 12, 13, 14, 15, 16, 17};

void run(void)
{
	int *p = arr, *q = &arr[7];
	lsl_observe_output("q-p", (int)(q - p));
	lsl_observe_output("p<q", p < q);
	lsl_observe_output("p>q", p > q);
	lsl_observe_output("p<=p", p <= p);
	p += 3;
	lsl_observe_output("*p", *p);
	p = p - 2;
	lsl_observe_output("*p2", *p);
	lsl_observe_output("p[3]", p[3]);
	lsl_observe_output("*(q-1)", *(q - 1));
	int *e = arr + 8;
	int n = 0;
	for (p = arr; p != e; p++)
		n += *p;
	lsl_observe_output("n", n);
	long d = e - arr;
	lsl_observe_output("d", d);
	q = 3 + arr;
	lsl_observe_output("*q", *q);
	q--;
	--q;
	lsl_observe_output("*q2", *q);
}
