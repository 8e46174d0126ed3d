#include "lsl_protos.h"

static int hidden = 3;
static int bump(void) { return ++hidden; }
extern int later;

void run(void)
{
	bump();
	lsl_observe_output("hidden", bump());
	lsl_observe_output("later", later);
	later = 9;
	lsl_observe_output("later2", later);
}

int later = 77;
