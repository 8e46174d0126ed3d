// Message passing (send, recv) beside an operation whose values are too
// many for the range analysis (big): a test of big is set aside by
// fences --infer, which places the fences for the other tests.
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
void big(void)
{
    int v = lsl_choose(0, 100000);
    data = v * v;
    lsl_observe_output("v", data);
}
