// Message passing: send publishes data, then raises a flag; recv reads the
// flag, then the data. Without fences, relaxed models may reorder either pair.
#include "lsl_protos.h"

int data, flag;

void init(void) { data = 0; flag = 0; }

void send(void)
{
    data = 42;
    flag = 1;
}

void recv(void)
{
    int f = flag;
    int d = data;
    lsl_observe_output("flag", f);
    if (f)
        lsl_observe_output("data", d);
}
