#include "lsl_protos.h"

int f(int x)
{
	int s = 0;
	if (x > 0)
		s = 1;
	else
		s = 2;
	while (x > 0) {
		x--;
		if (x == 3)
			continue;
		s += x;
	}
	do
		s++;
	while (s < 10);
	for (int i = 0; i < 2; i++) {
		if (i)
			break;
		s += i;
	}
	return s;
}
