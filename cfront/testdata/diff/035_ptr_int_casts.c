#include "lsl_protos.h"

struct node {
	struct node *next;
	int v;
} n1, n2;

void run(void)
{
	n1.next = &n2;
	n2.v = 5;
	unsigned long u = (unsigned long)n1.next;
	struct node *back = (struct node *)u;
	lsl_observe_output("v", back->v);
	void *vp = &n1;
	struct node *np = vp;
	lsl_observe_output("same", np == &n1);
	long z = (long)(void *)0;
	lsl_observe_output("z", z);
	int *ip = 0;
	lsl_observe_output("null", ip == 0);
	lsl_observe_output("nn", np != 0);
	lsl_observe_output("notnull", !!np);
}
