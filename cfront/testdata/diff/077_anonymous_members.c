#include "lsl_protos.h"

struct s {
	int tag;
	struct {
		int a, b;
	};
	struct {
		short c;
		struct {
			long d;
		};
	};
} g = {1, {2, 3}, {4, {5}}};

void run(void)
{
	lsl_observe_output("a", g.a);
	lsl_observe_output("b", g.b);
	lsl_observe_output("c", g.c);
	lsl_observe_output("d", g.d);
	struct s *p = &g;
	p->d += 10;
	p->a = p->b * 7;
	lsl_observe_output("a2", g.a);
	lsl_observe_output("d2", g.d);
	struct s l = g;
	l.c = -1;
	lsl_observe_output("l.c", l.c);
	lsl_observe_output("l.d", l.d);
}
