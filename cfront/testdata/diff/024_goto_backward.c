#include "lsl_protos.h"

void run(void)
{
	int i = 0, s = 0;
again:
	s += i;
	i++;
	if (i < 5)
		goto again;
	lsl_observe_output("s", s);
	int tries = 0;
retry:
	tries++;
	{
		int ok = tries >= 3;
		if (!ok)
			goto retry;
	}
	lsl_observe_output("tries", tries);
}
