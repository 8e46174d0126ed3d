#include "lsl_protos.h"
// r1 == r2 ends the loop; on relaxed the second load of x may go before
// the first, again and again, so the loop has no bound there, but every
// execution that ends observes 0 or 1, as serially.
int x, y;
void init(void) { x = 0; y = 0; }
void a(void) {
	int r1, r2;
	do { r1 = x; y = r1; r2 = x; } while (r1 != r2);
	lsl_observe_output("r", r1);
}
void b(void) { x = 1; }
