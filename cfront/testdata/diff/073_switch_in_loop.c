#include "lsl_protos.h"

void run(void)
{
	int i, log = 0;
	for (i = 0; i < 8; i++) {
		switch (i % 4) {
		case 0:
			if (i > 3)
				continue;
			log = log * 10 + 1;
			break;
		case 1: {
			int k = i * 2;
			log = log * 10 + k % 10;
		}
		/* fall through */
		case 2:
			log += 2;
			break;
		default:
			do {
				log++;
				if (log % 2)
					continue;
				log += 3;
			} while (log % 5 != 0);
		}
	}
	lsl_observe_output("log", log);
}
