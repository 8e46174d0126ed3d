#include "lsl_protos.h"

void run(void)
{
	int i = 0x12345678;
	lsl_observe_output("(char)", (char)i);
	lsl_observe_output("(uchar)", (unsigned char)i);
	lsl_observe_output("(short)", (short)i);
	lsl_observe_output("(ushort)", (unsigned short)-1);
	lsl_observe_output("(unsigned)-1", (unsigned)-1);
	lsl_observe_output("(long)(unsigned)-1", (long)(unsigned)-1);
	lsl_observe_output("(ulong)-1", (unsigned long)-1);
	lsl_observe_output("(int)3000000000u", (int)3000000000u);
	long l = -1;
	lsl_observe_output("(unsigned)l", (unsigned)l);
	lsl_observe_output("(signed char)200", (signed char)200);
	char c = -3;
	lsl_observe_output("(unsigned)c", (unsigned)c);
	lsl_observe_output("(ulong)c", (unsigned long)c);
	lsl_observe_output("(_Bool)c", (_Bool)c);
}
