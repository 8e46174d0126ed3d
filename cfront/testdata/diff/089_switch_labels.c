#include "lsl_protos.h"

/* Ordinary labels inside a switch body: gotos within one case, labels
   among the case labels, in blocks and loops inside a case. */

int classify(int g, int a)
{
	switch (g) {
	case 1:
		if (a)
			goto done;
		a = 5;
	done:;
		a++;
	}
	return a;
}

int chain(int h)
{
	int b = 0, c = 0;
	switch (h) {
	case 1:
		b = 100;
	case 2:
	again:
	case 3:
		b++;
		if (b < 3)
			goto again;
		{
			if (b == 3)
				goto out;
			b = 50;
		out:
			b += 10;
		}
		for (int i = 0; i < 3; i++) {
			if (i == 1)
				goto skip;
			c += i;
		skip:;
		}
		break;
	default:
		b = -1;
	}
	return b * 10 + c;
}

int first(int g)
{
	int d = 0;
	switch (g) {
	top:
	case 1:
		d += 7;
		if (d < 20)
			goto top;
		break;
	default:
		d = 1;
	}
	return d;
}

void run(void)
{
	lsl_observe_output("classify(1,0)", classify(1, 0));
	lsl_observe_output("classify(1,1)", classify(1, 1));
	lsl_observe_output("classify(2,0)", classify(2, 0));
	lsl_observe_output("chain(1)", chain(1));
	lsl_observe_output("chain(2)", chain(2));
	lsl_observe_output("chain(3)", chain(3));
	lsl_observe_output("chain(4)", chain(4));
	lsl_observe_output("first(1)", first(1));
	lsl_observe_output("first(2)", first(2));
}
