#include "lsl_protos.h"

/* division and remainder truncate toward zero, also for negatives */
int vals[6] = {7, -7, 3, -3, 1, -1};

void run(void)
{
	int i, j;
	for (i = 0; i < 4; i++)
		for (j = 2; j < 6; j++) {
			lsl_observe_output("q", vals[i] / vals[j]);
			lsl_observe_output("r", vals[i] % vals[j]);
		}
	unsigned u = 4294967295u;
	lsl_observe_output("uq", u / 7u);
	lsl_observe_output("ur", u % 7u);
	int m = -2147483647 - 1;
	lsl_observe_output("min/1", m / 1);
	long l = -9;
	lsl_observe_output("lq", l / 4);
	lsl_observe_output("lr", l % 4);
}
