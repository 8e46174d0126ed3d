#include "lsl_protos.h"

struct pair {
	int a, b;
};

void run(void)
{
	int *a = lsl_malloc(4 * sizeof(int));
	int i;
	for (i = 0; i < 4; i++)
		a[i] = i * 3;
	int *p = a + 1;
	lsl_observe_output("p2", p[2]);
	lsl_observe_output("diff", (int)(&a[3] - p));
	lsl_free(a);
	struct pair *ps = lsl_malloc(3 * sizeof(struct pair));
	for (i = 0; i < 3; i++) {
		ps[i].a = i;
		ps[i].b = -i;
	}
	struct pair *q = &ps[2];
	lsl_observe_output("q", q->a * 10 + q->b);
	q--;
	lsl_observe_output("q1", q->a);
	lsl_free(ps);
}
