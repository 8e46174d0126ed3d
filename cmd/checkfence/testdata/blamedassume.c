#include "lsl_protos.h"
int *P;
/* No execution completes; the solver's proof of that goes through the
   choices, which are assumptions of its questions. */
void b(void)
{
    int r0 = lsl_choose(0, 1);
    if (r0) {
        int r1 = lsl_choose(0, 1);
        if (r1) {
            int *q = P;
            if (q != 0)
                r1 = *q;
        }
    }
    lsl_assume(0);
}
