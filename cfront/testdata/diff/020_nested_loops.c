#include "lsl_protos.h"

void run(void)
{
	int i, j, n = 0;
	for (i = 0; i < 5; i++) {
		for (j = 0; j < 5; j++) {
			if (j > i)
				break;
			if ((i + j) % 2)
				continue;
			n += i * 10 + j;
		}
		if (n > 100)
			break;
	}
	lsl_observe_output("n", n);
	lsl_observe_output("i", i);
	int k = 0;
	while (k < 3) {
		int m = 0;
		do {
			m++;
			n += m;
		} while (m < k);
		k++;
	}
	lsl_observe_output("n2", n);
}
