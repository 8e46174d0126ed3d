#include "lsl_protos.h"

int counter(void)
{
	static int n = 5;
	return n++;
}

static int hidden;

void set(unsigned char c)
{
	hidden = c;
}
