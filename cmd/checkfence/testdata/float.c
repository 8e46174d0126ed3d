#include "lsl_protos.h"
int f(void)
{
    float x = 1;
    return 0;
}
