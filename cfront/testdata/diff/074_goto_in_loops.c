#include "lsl_protos.h"

int data[3][3] = {{1, 2, 3}, {4, 50, 6}, {7, 8, 9}};

void run(void)
{
	int i, j, total = 0, found = -1;
	for (i = 0; i < 3; i++) {
		for (j = 0; j < 3; j++) {
			if (data[i][j] > 10) {
				found = i * 3 + j;
				goto next_row;
			}
			total += data[i][j];
		}
	next_row:
		total += 100;
	}
	lsl_observe_output("total", total);
	lsl_observe_output("found", found);
	int n = 0;
	while (1) {
		n++;
		if (n < 5)
			goto again;
		break;
	again:
		n++;
	}
	lsl_observe_output("n", n);
}
