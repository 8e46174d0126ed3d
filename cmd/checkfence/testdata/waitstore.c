// A wait loop that stores in every iteration: it is not a spin loop, so
// it is not reduced, and nobody raises the flag, so no bound suffices.
#include "lsl_protos.h"

int flag, polls;

void init(void) { flag = 0; polls = 0; }

void wait(void)
{
    while (flag == 0)
        polls = polls + 1;
}

void idle(void) { lsl_observe_label("idle"); }
