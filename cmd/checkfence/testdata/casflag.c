#include "lsl_protos.h"
int data, flag;
void init(void) { data = 0; flag = 0; }
void send(void)
{
    data = 42;
    lsl_fence("store-store");
    int t = flag;
    if (t == 0)
        lsl_cas_32(&flag, 0, 1);
}
void recv(void)
{
    int f = flag;
    lsl_fence("load-load");
    int d = data;
    lsl_observe_output("flag", f);
    if (f)
        lsl_observe_output("data", d);
}
