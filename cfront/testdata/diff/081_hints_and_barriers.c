#include "lsl_protos.h"

/* Optimiser hints and compiler barriers change no value: __builtin_expect
   is its first argument (as a long), and an empty asm orders only the
   compiler's code, which the translation never reorders. */
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#define barrier() __asm__ __volatile__("" ::: "memory")

int g;
int *p;

static int bump(void) { return ++g; }

void run(void)
{
	long r = __builtin_expect(bump(), 7);
	barrier();
	lsl_observe_output("r", r);
	lsl_observe_output("g", g);
	p = &g;
	if (likely(p != 0))
		g += 10;
	asm volatile("");
	if (unlikely(g > 100))
		g = 0;
	asm("" : : : "memory", "cc");
	lsl_observe_output("g2", g);
	lsl_observe_output("neg", __builtin_expect(-3, -3));
	lsl_observe_output("hint", __builtin_expect(bump(), 2 + 3));
	lsl_observe_output("g3", g);
	lsl_observe_output("size", (long)sizeof(__builtin_expect(g, 1))); /* a long */
	lsl_observe_output("wide", __builtin_expect(g, 1) << 40);
}
