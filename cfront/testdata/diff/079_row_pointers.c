#include "lsl_protos.h"

/* Pointers to rows of a two-dimensional array: &m[i] is an int (*)[3]. */
int m[3][3] = { {1, 2, 3}, {4, 5, 6}, {7, 8, 9} };
struct grid { int r[2][2]; } gs = { { {1, 2}, {3, 4} } };

void run(void)
{
	int (*r)[3] = &m[1];
	lsl_observe_output("r0", (*r)[0]);
	lsl_observe_output("r2", (*r)[2]);
	lsl_observe_output("deref", (*&m[2])[1]);
	(*r)[1] = 50;
	lsl_observe_output("m11", m[1][1]);
	lsl_observe_output("gs", (*&gs.r[1])[0]);
	int (*q)[3] = &m[0];
	q++;
	lsl_observe_output("next", (*q)[2]);
}
