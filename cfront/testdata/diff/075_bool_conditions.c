#include "lsl_protos.h"

struct node {
	struct node *next;
	int v;
} a = {0, 1}, b = {&a, 2};

int len(struct node *p)
{
	int n = 0;
	while (p) {
		n++;
		p = p->next;
	}
	return n;
}

void run(void)
{
	lsl_observe_output("len", len(&b));
	struct node *p = &b;
	int both = p && p->next && !p->next->next;
	lsl_observe_output("both", both);
	_Bool has = p->next;
	lsl_observe_output("has", has);
	lsl_observe_output("cond", p->next ? p->next->v : -1);
	lsl_observe_output("cond2", a.next ? 1 : 0);
	int x = 0;
	if (x || p)
		x = 5;
	lsl_observe_output("x", x);
	do
		x--;
	while (x && p);
	lsl_observe_output("x2", x);
}
