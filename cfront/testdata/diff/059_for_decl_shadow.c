#include "lsl_protos.h"

int i = 100;

void run(void)
{
	int s = 0;
	for (int i = 0; i < 3; i++) {
		int i2 = i * 2;
		for (int i = 10; i < 12; i++)
			s += i + i2;
	}
	lsl_observe_output("s", s);
	lsl_observe_output("global i", i);
	int x = 1;
	{
		int x = 2;
		{
			int x = 3;
			s = x;
		}
		s = s * 10 + x;
	}
	s = s * 10 + x;
	lsl_observe_output("s2", s);
}
