#include "lsl_protos.h"

struct node {
	struct node *next;
	int v;
};

struct node a = {0, 1}, b = {0, 2}, c = {0, 3};
struct node *head;

void insert_sorted(struct node *n)
{
	struct node **pp = &head;
	while (*pp && (*pp)->v < n->v)
		pp = &(*pp)->next;
	n->next = *pp;
	*pp = n;
}

void run(void)
{
	insert_sorted(&b);
	insert_sorted(&c);
	insert_sorted(&a);
	struct node *p;
	int s = 0;
	for (p = head; p; p = p->next)
		s = s * 10 + p->v;
	lsl_observe_output("s", s);
	int x = 5;
	int *px = &x;
	int **ppx = &px;
	**ppx = 6;
	lsl_observe_output("x", x);
}
