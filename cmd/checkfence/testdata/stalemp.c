#include "lsl_protos.h"
// Message passing (w, r) that fails on relaxed, and stale.c's loop (a),
// which only makes the test inconclusive there without its fence.
int x, y, data, flag;
void init(void) { x = 0; y = 0; data = 0; flag = 0; }
void w(void) {
	data = 1;
	flag = 1;
	x = 1;
}
void r(void) {
	int f = flag;
	int d = data;
	lsl_observe_output("f", f);
	if (f) lsl_observe_output("d", d);
}
void a(void) {
	int r1, r2;
	do { r1 = x; y = r1; r2 = x; } while (r1 != r2);
	lsl_observe_output("r", r1);
}
