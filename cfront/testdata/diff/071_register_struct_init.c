#include "lsl_protos.h"

struct p {
	int x;
	char tag;
	int v[2];
};

struct p g = {7, 'g', {1, 2}};

void run(void)
{
	struct p a = {1, 'a', {10, 20}};
	struct p arr[3] = {a, g, {.v = {5}}};
	lsl_observe_output("arr0", arr[0].x * 100 + arr[0].v[1]);
	lsl_observe_output("arr1", arr[1].tag + arr[1].v[0]);
	lsl_observe_output("arr2", arr[2].x + arr[2].v[0] + arr[2].v[1] + arr[2].tag);
	a.v[1] = 99;
	lsl_observe_output("arr0 copy", arr[0].v[1]);
	struct p b = arr[1];
	b.tag++;
	lsl_observe_output("b", b.tag);
	lsl_observe_output("g", g.tag);
}
