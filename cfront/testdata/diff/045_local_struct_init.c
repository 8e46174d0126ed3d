#include "lsl_protos.h"

struct cfg {
	int a;
	short b;
	struct {
		int x, y;
	} pos;
	int list[3];
};

int total(struct cfg *c)
{
	return c->a + c->b * 10 + c->pos.x * 100 + c->pos.y * 1000 + c->list[0] + c->list[2] * 7;
}

void run(void)
{
	struct cfg c1 = {1, 2, {3, 4}, {5, 6, 7}};
	lsl_observe_output("c1", total(&c1));
	struct cfg c2 = {.pos.y = 9, .a = -1};
	lsl_observe_output("c2", total(&c2));
	struct cfg c3 = c1;
	c3.list[2] = 0;
	lsl_observe_output("c3", total(&c3));
	lsl_observe_output("c1again", total(&c1));
	struct cfg c4 = {0};
	lsl_observe_output("c4", total(&c4));
	struct cfg arr[2] = {c1, {.b = 3}};
	lsl_observe_output("arr0", total(&arr[0]));
	lsl_observe_output("arr1", total(&arr[1]));
}
