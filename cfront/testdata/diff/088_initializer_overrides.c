#include "lsl_protos.h"

/* The last initializer of a sub-object wins (C11 6.7.9p19), a brace list
   for it too, whose unnamed parts become 0; a part then the aggregate;
   locals and globals. (A part after an aggregate, { .n = s, .n.a = 8 },
   is left out: gcc reads it as a new brace list for n.) */
struct in { int a; int b; };
struct T { int x; struct in n; };

int gm[2][2] = { [0][1] = 5, [0] = { 1 }, [1][1] = 6 };
struct T gt = { .n.b = 9, .n = { .a = 3 }, .x = 1, .x = 2 };

void run(void)
{
	struct in s1 = { 1, 2 }, s2 = { 3, 4 };
	struct T t = { .n = s1, .x = 7, .n = s2 };
	lsl_observe_output("t.n.a", t.n.a);
	lsl_observe_output("t.x", t.x);
	struct T u = (struct T){ .n.b = 9, .n = { .a = 3 } };
	lsl_observe_output("u.n.b", u.n.b);
	lsl_observe_output("u.n.a", u.n.a);
	int m[2][2] = { [0][1] = 5, [0] = { 1 } };
	lsl_observe_output("m01", m[0][1]);
	lsl_observe_output("m00", m[0][0]);
	lsl_observe_output("gm01", gm[0][1]);
	lsl_observe_output("gm11", gm[1][1]);
	lsl_observe_output("gt.n.b", gt.n.b);
	lsl_observe_output("gt.x", gt.x);
}
