#include "lsl_protos.h"

struct item {
	int key;
	int vals[3];
};

struct table {
	int n;
	struct item items[4];
} tab;

void add(struct table *t, int key)
{
	struct item *it = &t->items[t->n++];
	it->key = key;
	int i;
	for (i = 0; i < 3; i++)
		it->vals[i] = key * (i + 1);
}

void run(void)
{
	add(&tab, 3);
	add(&tab, 5);
	add(&tab, -1);
	lsl_observe_output("n", tab.n);
	lsl_observe_output("k1", tab.items[1].key);
	lsl_observe_output("v22", tab.items[2].vals[2]);
	int s = 0, i, j;
	for (i = 0; i < tab.n; i++)
		for (j = 0; j < 3; j++)
			s += tab.items[i].vals[j];
	lsl_observe_output("s", s);
	int *pv = tab.items[1].vals;
	lsl_observe_output("pv1", pv[1]);
	lsl_observe_output("pv1b", *(pv + 1));
}
