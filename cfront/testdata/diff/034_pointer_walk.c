#include "lsl_protos.h"

char buf[6] = {3, 1, 4, 1, 5, 9};

int count(char *s, char *end, char v)
{
	int n = 0;
	while (s < end)
		if (*s++ == v)
			n++;
	return n;
}

void run(void)
{
	lsl_observe_output("ones", count(buf, buf + 6, 1));
	char *p = buf;
	*p++ = 7;
	*++p = 8;
	lsl_observe_output("b0", buf[0]);
	lsl_observe_output("b2", buf[2]);
	lsl_observe_output("off", (int)(p - buf));
	char *r = &buf[5];
	int s = 0;
	while (r >= buf) {
		s = s * 2 + *r;
		r--;
		if (r < buf + 1)
			break;
	}
	lsl_observe_output("s", s);
}
