#include "lsl_protos.h"

typedef struct node {
	struct node *next;
	int val;
} node_t;

node_t *head;

void push(int v)
{
	node_t *n = lsl_malloc(sizeof(node_t));
	n->val = v;
	n->next = head;
	head = n;
}

int pop(int *v)
{
	node_t *n = head;
	if (n == NULL)
		return 0;
	*v = n->val;
	head = n->next;
	lsl_free(n);
	return 1;
}

void run(void)
{
	push(1);
	push(2);
	push(3);
	int v, s = 0;
	while (pop(&v)) {
		lsl_observe_output("v", v);
		s = s * 10 + v;
	}
	lsl_observe_output("s", s);
	node_t *m = (node_t *)malloc(sizeof *m);
	m->next = NULL;
	m->val = 9;
	lsl_observe_output("m", m->val + (m->next == NULL));
	free(m);
	node_t *k = lsl_malloc_noreuse(sizeof(node_t));
	k->val = 4;
	lsl_observe_output("k", k->val);
	lsl_free_noreuse(k);
}
