#include "lsl_protos.h"

void run(void)
{
	int i = 0, s = 0;
	while (i < 10) {
		i++;
		if (i == 3)
			continue;
		if (i == 8)
			break;
		s += i;
	}
	lsl_observe_output("while", s);
	i = 0;
	s = 0;
	do {
		s += i;
		i++;
		if (i == 2)
			continue;
	} while (i < 5);
	lsl_observe_output("do", s);
	s = 0;
	for (i = 0; i < 20; i++) {
		if (i % 3 == 0)
			continue;
		if (i > 14)
			break;
		s += i;
	}
	lsl_observe_output("for", s);
	s = 0;
	for (;;) {
		s++;
		if (s > 4)
			break;
	}
	lsl_observe_output("forever", s);
	do
		s--;
	while (0);
	lsl_observe_output("do0", s);
}
