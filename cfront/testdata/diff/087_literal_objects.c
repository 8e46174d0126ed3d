#include "lsl_protos.h"

/* A compound literal is one object, which its initialiser refills at each
   evaluation: C11 6.5.2.5's example with a goto, and a literal in a for
   header. */
struct s { int i; };

void run(void)
{
	struct s *p = 0, *q;
	int j = 0;
again:
	q = p, p = &((struct s){ j++ });
	if (j < 2)
		goto again;
	lsl_observe_output("eq", p == q);
	lsl_observe_output("qi", q->i);
	int k = 0;
	struct s *a = 0, *b = 0;
	for (; k < 3; b = a, a = &(struct s){ k++ })
		;
	lsl_observe_output("same", a == b);
	lsl_observe_output("ai", a->i);
}
