#include "lsl_protos.h"
#include "h.h"
int data, flag;
void init(void) { data = 0; flag = 0; }
void send(void) { publish(1); }
void recv(void)
{
    int f = flag;
    int d = data;
    lsl_observe_output("flag", f);
    if (f) lsl_observe_output("data", d);
}
