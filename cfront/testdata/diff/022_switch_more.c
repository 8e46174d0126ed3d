#include "lsl_protos.h"

enum color { RED, GREEN = 5, BLUE };

int f(char c)
{
	switch (c) {
	case 'a' ... 'c':
		return 1;
	case 'z':
		return 2;
	}
	return 0;
}

void run(void)
{
	enum color c;
	int n = 0;
	for (c = RED; c <= BLUE; c++) {
		switch (c) {
		case RED:
			n += 1;
			break;
		case GREEN:
			n += 2;
			break;
		case BLUE:
			n += 4;
		}
	}
	lsl_observe_output("n", n);
	lsl_observe_output("a", f('a'));
	lsl_observe_output("b", f('b'));
	lsl_observe_output("d", f('d'));
	lsl_observe_output("z", f('z'));
	unsigned u = 4294967295u;
	switch (u) {
	case -1:
		lsl_observe_output("u", 1);
		break;
	default:
		lsl_observe_output("u", 2);
	}
	int k = 3, acc = 0;
	while (k-- > 0) {
		switch (k) {
		case 1:
			continue;
		default:
			acc += k;
		}
		acc += 100;
	}
	lsl_observe_output("acc", acc);
	switch (k) {
	}
	switch (k)
	default:
		acc = 7;
	lsl_observe_output("acc2", acc);
}
