#include "lsl_protos.h"

/* unsigned wraparound of every width */
void run(void)
{
	unsigned char uc = 250;
	unsigned short us = 65530;
	unsigned int ui = 4294967290u;
	unsigned long ul = 18446744073709551610ul;
	uc += 10;
	us += 10;
	ui += 10;
	ul += 10;
	lsl_observe_output("uc", uc);
	lsl_observe_output("us", us);
	lsl_observe_output("ui", ui);
	lsl_observe_output("ul", ul);
	ui = 0;
	ui--;
	lsl_observe_output("ui-1", ui);
	ul = 0;
	ul = ul - 1;
	lsl_observe_output("ul-1", ul);
	lsl_observe_output("ul*2", ul * 2);
}
