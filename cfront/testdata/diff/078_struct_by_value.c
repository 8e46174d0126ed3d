#include "lsl_protos.h"

typedef struct {
	unsigned ptr;
	unsigned count;
} pointer_t;

typedef struct {
	int v[3];
	char c;
} box_t;

pointer_t make(unsigned p, unsigned c)
{
	pointer_t r;
	r.ptr = p;
	r.count = c;
	return r;
}

unsigned sum(pointer_t a, pointer_t b) { return a.ptr + a.count * 10 + b.ptr * 100 + b.count * 1000; }

box_t twice(box_t b)
{
	int i;
	for (i = 0; i < 3; i++)
		b.v[i] *= 2;
	b.c++;
	return b;
}

int peek(box_t b, int *out)
{
	box_t *p = &b;
	p->v[1] = 100;
	*out = b.v[1];
	return p->c;
}

box_t gbox = {{1, 2, 3}, 'a'};

void run(void)
{
	pointer_t x = make(1, 2);
	lsl_observe_output("x", x.ptr * 10 + x.count);
	lsl_observe_output("sum", sum(x, make(3, 4)));
	lsl_observe_output("field", make(7, 8).count);
	box_t b = twice(gbox);
	lsl_observe_output("b", b.v[0] + b.v[1] * 10 + b.v[2] * 100);
	lsl_observe_output("b.c", b.c);
	lsl_observe_output("gbox unchanged", gbox.v[2]);
	int o;
	lsl_observe_output("peek", peek(gbox, &o));
	lsl_observe_output("o", o);
	lsl_observe_output("gbox still", gbox.v[1]);
	pointer_t cur = make(5, 0);
	pointer_t top = cur;
	lsl_observe_output("cas", lsl_cas_64(&top, cur, make(6, 1)));
	lsl_observe_output("top", top.ptr * 10 + top.count);
}
