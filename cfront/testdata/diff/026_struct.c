#include "lsl_protos.h"

struct point {
	int x, y;
};

struct rect {
	struct point a, b;
	unsigned char color;
};

struct rect g;

int area(struct rect *r)
{
	return (r->b.x - r->a.x) * (r->b.y - r->a.y);
}

void run(void)
{
	g.a.x = 1;
	g.a.y = 2;
	g.b.x = 11;
	g.b.y = 7;
	g.color = 300;
	lsl_observe_output("area", area(&g));
	lsl_observe_output("color", g.color);
	struct rect *p = &g;
	p->b.x += 5;
	(*p).a.y--;
	lsl_observe_output("area2", area(p));
	struct point *q = &p->b;
	q->y = 100;
	lsl_observe_output("by", g.b.y);
	lsl_observe_output("sizeof", (int)sizeof(struct rect));
}
