#include "lsl_protos.h"

int x = 5;
unsigned u = 7;
struct node {
	struct node *next;
} n1, n2;
long big = -1;

void run(void)
{
	lsl_observe_output("fail", lsl_cas_32(&x, 4, 9));
	lsl_observe_output("x", x);
	lsl_observe_output("ok", lsl_cas_32(&x, 5, 9));
	lsl_observe_output("x2", x);
	lsl_observe_output("u", lsl_cas_32(&u, 7, -1));
	lsl_observe_output("u2", u);
	lsl_observe_output("u3", lsl_cas_32(&u, -1, 3));
	lsl_observe_output("u4", u);
	lsl_observe_output("ptr", lsl_cas_ptr(&n1.next, NULL, &n2));
	lsl_observe_output("linked", n1.next == &n2);
	lsl_observe_output("ptr2", lsl_cas_64(&n1.next, NULL, &n1));
	lsl_observe_output("big", lsl_cas_64(&big, -1, 1L << 40));
	lsl_observe_output("big2", big);
	int a = 1, b = 2;
	lsl_observe_output("dcas", lsl_dcas(&a, &b, 1, 2, 10, 20));
	lsl_observe_output("ab", a * 100 + b);
	lsl_observe_output("dcas2", lsl_dcas(&a, &b, 10, 3, 0, 0));
	lsl_observe_output("ab2", a * 100 + b);
	if (lsl_cas_32(&x, 9, 10))
		lsl_observe_output("if", x);
}
