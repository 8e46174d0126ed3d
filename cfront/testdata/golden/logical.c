#include "lsl_protos.h"

int f(int a, int *p)
{
	int r = a && p;
	r = a > 1 || *p;
	return r ? a : -a;
}
