#include "lsl_protos.h"
#include <stdlib.h>

/* C11 6.5.6p7: an object that is no element of an array is an array of
 * one, so &x + 0 is x and &x + 1 is a pointer one past it. */

struct pair {
	int a;
	int b;
};

int d;
int g = 7;
int one[1] = {5};
struct pair s = {1, 2};

void run(void)
{
	int *p = &d + 0;
	*p = 1;
	lsl_observe_output("d", d);

	int sum = 0;
	for (int *q = &g; q != &g + 1; q++)
		sum += *q;
	lsl_observe_output("sum", sum);

	int *e = &g + 1;
	lsl_observe_output("e==e", e == &g + 1);
	lsl_observe_output("e!=&g", e != &g);
	lsl_observe_output("&g<e", &g < e);
	lsl_observe_output("e>=&g", e >= &g);
	lsl_observe_output("e-&g", (int)(e - &g));
	lsl_observe_output("&g-e", (int)(&g - e));
	lsl_observe_output("&g-&g", (int)(&g - &g));
	lsl_observe_output("*(e-1)", *(e - 1));
	e--;
	lsl_observe_output("e==&g", e == &g);

	int x = 3;
	int n = 0;
	for (int *q = &x; q < &x + 1; q++)
		n += *q;
	lsl_observe_output("n", n);

	int m = 0;
	for (int *q = one; q != one + 1; q++)
		m += *q;
	lsl_observe_output("m", m);

	struct pair *ps = &s + 1;
	lsl_observe_output("ps-&s", (int)(ps - &s));
	lsl_observe_output("ps!=&s", ps != &s);
	int fields = 0;
	for (struct pair *q = &s; q != ps; q++)
		fields += q->a * 10 + q->b;
	lsl_observe_output("fields", fields);

	int *fb = &s.b + 1;
	lsl_observe_output("fb-&s.b", (int)(fb - &s.b));
	lsl_observe_output("*(fb-1)", *(fb - 1));

	struct pair *h = malloc(sizeof(struct pair));
	h->a = 4;
	h->b = 6;
	struct pair *end = h + 1;
	lsl_observe_output("end-h", (int)(end - h));
	int t = 0;
	for (struct pair *q = h; q != end; q++)
		t += q->a + q->b;
	lsl_observe_output("t", t);
	free(end - 1);
}
