#include "lsl_protos.h"

int sw(int x)
{
	int r = 0;
	switch (x) {
	case 0:
		r += 1;
	case 1:
		r += 10;
		break;
	default:
		r += 100;
	case 5:
		r += 1000;
		break;
	case 7:
	case 8:
		r = -1;
		break;
	case -3:
		return 42;
	}
	return r;
}

void run(void)
{
	int i;
	for (i = -3; i < 10; i++)
		lsl_observe_output("sw", sw(i));
}
