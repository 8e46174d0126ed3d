#include "lsl_protos.h"

int f(int x)
{
again:
	x++;
	if (x < 0)
		goto again;
	if (x > 100)
		goto out;
	x = x * 2;
out:
	return x;
}
