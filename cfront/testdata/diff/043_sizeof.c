#include "lsl_protos.h"

struct a {
	char c;
	int i;
	long l;
	char tail;
};
struct b {
	struct a x[3];
	short s;
};

void run(void)
{
	lsl_observe_output("char", (int)sizeof(char));
	lsl_observe_output("short", (int)sizeof(short));
	lsl_observe_output("int", (int)sizeof(int));
	lsl_observe_output("long", (int)sizeof(long));
	lsl_observe_output("ll", (int)sizeof(long long));
	lsl_observe_output("ptr", (int)sizeof(void *));
	lsl_observe_output("bool", (int)sizeof(_Bool));
	lsl_observe_output("struct a", (int)sizeof(struct a));
	lsl_observe_output("struct b", (int)sizeof(struct b));
	struct b v;
	lsl_observe_output("v.x", (int)sizeof v.x);
	lsl_observe_output("v.x[1].l", (int)sizeof(v.x[1].l));
	int arr[7];
	lsl_observe_output("arr", (int)sizeof arr);
	lsl_observe_output("sizeof type", sizeof(int) * 3);
	int k = 0;
	unsigned long s = sizeof(k++);
	lsl_observe_output("k", k);
	lsl_observe_output("s", s);
}
