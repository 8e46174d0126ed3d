#include "lsl_protos.h"

struct v2 {
	int x, y;
};

struct v2 g;

void run(void)
{
	struct v2 a, b;
	a.x = 1;
	a.y = 2;
	b = a;
	b.y += 10;
	lsl_observe_output("b.y", b.y);
	int arr[3];
	arr[0] = 4;
	arr[1] = arr[0] * 2;
	arr[2] = arr[1] - 1;
	lsl_observe_output("arr2", arr[2]);
	struct v2 vs[2] = {{1, 2}, {3, 4}};
	vs[1] = vs[0];
	lsl_observe_output("vs1y", vs[1].y);
	g = b;
	lsl_observe_output("g", g.x * 100 + g.y);
	struct v2 c = g;
	c.x = -c.x;
	lsl_observe_output("c.x", c.x);
}
