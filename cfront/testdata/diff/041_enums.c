#include "lsl_protos.h"

enum e1 { A, B, C = 10, D };
enum e2 { NEG = -5, POS = 5 };
typedef enum { X = 1, Y = 2 } xy_t;

void run(void)
{
	enum e1 v = D;
	lsl_observe_output("D", v);
	lsl_observe_output("B", B);
	lsl_observe_output("A-1", A - 1);
	lsl_observe_output("A-1<0", A - 1 < 0);
	enum e2 w = NEG;
	lsl_observe_output("NEG", w);
	lsl_observe_output("w<0", w < 0);
	xy_t t = Y;
	t = t * 2;
	lsl_observe_output("t", t);
	enum e1 u = 0;
	u--;
	lsl_observe_output("u<0", u < 0);
	lsl_observe_output("sizeof", (int)sizeof(enum e1));
}
