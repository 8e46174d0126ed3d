#include "lsl_protos.h"

/* the "pointer with counter" idiom: two 32-bit words updated as one */
typedef struct {
	unsigned ptr;
	unsigned count;
} pointer_t;

pointer_t top;

int push(unsigned v)
{
	pointer_t old = top;
	pointer_t nw;
	nw.ptr = v;
	nw.count = old.count + 1;
	return lsl_cas_64(&top, old, nw);
}

void run(void)
{
	lsl_observe_output("p1", push(5));
	lsl_observe_output("p2", push(6));
	lsl_observe_output("top", top.ptr * 100 + top.count);
	pointer_t stale = {5, 1};
	pointer_t other = {9, 9};
	lsl_observe_output("stale", lsl_cas_64(&top, stale, other));
	lsl_observe_output("top2", top.ptr * 100 + top.count);
	pointer_t cur = top;
	lsl_observe_output("cur", lsl_cas_64(&top, cur, other));
	lsl_observe_output("top3", top.ptr * 100 + top.count);
}
