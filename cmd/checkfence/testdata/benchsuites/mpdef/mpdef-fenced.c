/* Message passing (examples/c/mp-fenced.c) whose fences come from a
 * header found through -I and whose message is given by -D VALUE=N: bench
 * and grow read C as check does. */
#include "lsl_protos.h"
#include "mpfences.h"

int data, flag;

void init(void) { data = 0; flag = 0; }

void send(void)
{
    data = VALUE;
    publish_fence();
    flag = 1;
}

void recv(void)
{
    int f = flag;
    consume_fence();
    int d = data;
    lsl_observe_output("flag", f);
    if (f)
        lsl_observe_output("data", d);
}
