#include "lsl_protos.h"

typedef unsigned char byte;
typedef byte *bytep;
typedef struct node node_t;
struct node {
	node_t *next;
	byte val;
};
typedef int vec3[3];

node_t a, b;
vec3 v = {1, 2, 3};

void run(void)
{
	byte x = 255;
	x++;
	lsl_observe_output("x", x);
	bytep p = &a.val;
	*p = 200;
	a.next = &b;
	a.next->val = *p + 100;
	lsl_observe_output("b.val", b.val);
	vec3 w;
	int i;
	for (i = 0; i < 3; i++)
		w[i] = v[2 - i];
	lsl_observe_output("w0", w[0]);
}
