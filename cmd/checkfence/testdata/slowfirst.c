#include "lsl_protos.h"

/* T0 cannot be checked in a fraction of a second (4001^3 observations);
   T1 is message passing without fences, failing at once on relaxed; T2
   loses an increment, failing at once on sc, where no fence helps. */

int data, flag;
int x, y, z;

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

void op(void)
{
    x = lsl_choose(0, 4000);
    y = lsl_choose(0, 4000);
    z = lsl_choose(0, 4000);
}

void get(void)
{
    lsl_observe_output("x", x);
    lsl_observe_output("y", y);
    lsl_observe_output("z", z);
}

int c;

void zero(void) { c = 0; }

void inc(void)
{
    int v = c;
    c = v + 1;
    lsl_observe_output("v", v);
}
