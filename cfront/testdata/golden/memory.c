#include "lsl_protos.h"

struct pair {
	int a;
	long b[2];
};

struct pair g = {1, {2, 3}};
int *gp = &g.a;

void f(int i)
{
	struct pair loc;
	int x;
	int *p = &x;
	*p = i;
	loc = g;
	g.b[i] = loc.a;
	gp[0]++;
	struct pair r;
	r.a = x;
	g = r;
}
