#include "lsl_protos.h"

int search(int n)
{
	int i, j, hits = 0;
	for (i = 0; i < n; i++) {
		for (j = 0; j < n; j++) {
			if (i * j == 6)
				goto out;
			hits++;
		}
	}
	return -hits;
out:
	return i * 100 + j;
}

void run(void)
{
	lsl_observe_output("s4", search(4));
	lsl_observe_output("s2", search(2));
	int x = 0, y = 0;
top:
	y += 10;
	if (y > 30)
		goto done;
	x++;
	if (x < 100)
		goto top;
	x = -1;
done:
	lsl_observe_output("x", x);
	lsl_observe_output("y", y);
}
