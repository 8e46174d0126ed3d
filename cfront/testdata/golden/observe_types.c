#include <stddef.h>
#include <stdint.h>
#include "lsl_protos.h"

/* Only a 64-bit unsigned value is marked: it is held as its bit pattern and
   must print as C reads it. Narrower unsigned values are zero-extended. */
uint64_t g = 0xFFFFFFFFFFFFFFFFull;

void observe(void)
{
	unsigned long long a = g;
	unsigned int b = (unsigned int)g;
	long long c = (long long)g;
	unsigned char d = 255;
	size_t e = 3;
	lsl_observe_output("a", a);
	lsl_observe_output("b", b);
	lsl_observe_output("c", c);
	lsl_observe_output("d", d);
	lsl_observe_input("e", e);
	lsl_observe_output("sum", a + b);
}
