#include "lsl_protos.h"

int x = 5;
int arr[4] = {10, 20, 30, 40};
struct s {
	int a, b;
} sv = {1, 2};
int *px = &x;
int *pa = arr;
int *pa2 = &arr[2];
int *pb = &sv.b;
int *pend = arr + 3;
int *pnull = 0;
struct s *ps = &sv;
int **ppx = &px;

void run(void)
{
	lsl_observe_output("px", *px);
	lsl_observe_output("pa", *pa);
	lsl_observe_output("pa2", *pa2);
	lsl_observe_output("pb", *pb);
	lsl_observe_output("pend", *pend);
	lsl_observe_output("pnull", pnull == 0);
	lsl_observe_output("ps", ps->a);
	lsl_observe_output("ppx", **ppx);
	*pa2 = 33;
	lsl_observe_output("arr2", arr[2]);
	lsl_observe_output("diff", (int)(pend - pa2));
}
