#include "lsl_protos.h"

unsigned hash(const unsigned char *s, int n)
{
	unsigned h = 2166136261u;
	int i;
	for (i = 0; i < n; i++) {
		h ^= s[i];
		h *= 16777619u;
	}
	return h;
}

unsigned char bytes[5] = {104, 101, 108, 108, 111};

void run(void)
{
	lsl_observe_output("fnv", hash(bytes, 5));
	unsigned long x = 88172645463325252ul;
	int i;
	for (i = 0; i < 5; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		lsl_observe_output("xorshift", x);
	}
	int a = 1103515245, c = 12345, s = 42;
	for (i = 0; i < 4; i++) {
		s = a * s + c;
		lsl_observe_output("lcg", (s >> 16) & 0x7fff);
	}
}
