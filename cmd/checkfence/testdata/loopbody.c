// A writer whose stores are in a loop body without braces, and a reader
// that reads the last first: pso needs a store-store fence in the loop
// body (at its start or its end, either one); relaxed needs the reader's
// load-load fence too.
#include "lsl_protos.h"
int x[3];
void init(void) { int i; for (i = 0; i < 3; i++) x[i] = 0; }
void prod(void)
{
    int i;
    for (i = 0; i < 3; i++)
        x[i] = 1;
}
void cons(void)
{
    int b = x[2];
    if (b == 1) {
        int a = x[0];
        lsl_observe_output("a", a);
    }
}
