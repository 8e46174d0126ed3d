#include "lsl_protos.h"

int data[8] = {3, 7, 0, 5, 9, 2, 0, 4};

void run(void)
{
	int i = 0, sum = 0;
	while (i < 8 && (data[i] != 0 || i < 3))
		sum += data[i++];
	lsl_observe_output("i", i);
	lsl_observe_output("sum", sum);
	int lo = 0, hi = 7, steps = 0;
	while (lo < hi && !(data[lo] == 9 || data[hi] == 9)) {
		if (data[lo] < data[hi])
			lo++;
		else
			hi--;
		steps++;
	}
	lsl_observe_output("lo", lo);
	lsl_observe_output("hi", hi);
	lsl_observe_output("steps", steps);
}
