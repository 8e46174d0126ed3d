#include <string.h>
#include <stdlib.h>
#include "lsl_protos.h"

/* memset to 0 and memcpy of whole objects, through pointers, of locals
   (which stay registers) and of arrays. */
struct node { int key; struct node *next; long v[2]; };
struct node g;
int arr[3] = {1, 2, 3};

void run(void)
{
	struct node *n = malloc(sizeof *n);
	memset(n, 0, sizeof *n);
	lsl_observe_output("key", n->key);
	lsl_observe_output("next", n->next == NULL);
	lsl_observe_output("v1", n->v[1]);
	n->key = 5;
	n->v[1] = 9;
	n->next = &g;
	struct node local;
	memcpy(&local, n, sizeof local);
	lsl_observe_output("lkey", local.key);
	lsl_observe_output("lv1", local.v[1]);
	lsl_observe_output("lnext", local.next == &g);
	memmove(&g, &local, sizeof(struct node));
	lsl_observe_output("gkey", g.key);
	memset(arr, 0, sizeof arr);
	lsl_observe_output("a2", arr[2]);
	int copy[3];
	arr[1] = 4;
	memcpy(copy, arr, sizeof copy);
	lsl_observe_output("c1", copy[1]);
	memset(&local.v, 0, sizeof local.v);
	lsl_observe_output("lv1b", local.v[1]);
	lsl_observe_output("lkey2", local.key);
	free(n);
}
