#include "lsl_protos.h"

int classify(int x)
{
	if (x < 0)
		return -1;
	else if (x == 0)
		return 0;
	else if (x < 10) {
		if (x % 2)
			return 1;
		else
			return 2;
	}
	return 3;
}

void run(void)
{
	int i;
	for (i = -2; i < 13; i += 3)
		lsl_observe_output("cls", classify(i));
	int *p = 0;
	if (p)
		lsl_observe_output("p", 1);
	else
		lsl_observe_output("p", 0);
	if (!p)
		lsl_observe_output("!p", 1);
	if (1)
		lsl_observe_output("const", 1);
	if (0)
		lsl_observe_output("dead", 1);
}
