#include "lsl_protos.h"

typedef struct {
	int id;
	short v[3];
	struct {
		long a;
		char b;
	} in;
} rec_t;

rec_t g1, g2;

void run(void)
{
	g1.id = 7;
	g1.v[0] = 1;
	g1.v[1] = -2;
	g1.v[2] = 3;
	g1.in.a = 123456789012L;
	g1.in.b = 'q';
	g2 = g1;
	g1.id = 8;
	lsl_observe_output("g2.id", g2.id);
	lsl_observe_output("g2.v1", g2.v[1]);
	lsl_observe_output("g2.in.a", g2.in.a);
	rec_t local;
	local = g2;
	local.v[2] = 30;
	rec_t *p = &g1;
	*p = local;
	lsl_observe_output("g1.id", g1.id);
	lsl_observe_output("g1.v2", g1.v[2]);
	lsl_observe_output("g1.in.b", g1.in.b);
	rec_t a, b;
	a = b = local;
	lsl_observe_output("a.v2", a.v[2]);
	lsl_observe_output("b.in.a", b.in.a);
	g2.in = g1.in;
	lsl_observe_output("g2.in.b", g2.in.b);
}
