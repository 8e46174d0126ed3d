#include "lsl_protos.h"
// A sequence lock without fences. The reader's iterations that read an
// odd seq assign only s1, which the next iteration assigns before reading
// it, and leave a, b and s2 as they were: they change nothing and are
// dropped, so the loop needs no more iterations than the writer's two
// stores of seq allow, on every model once the reader's loads are
// ordered.
// The reader must see d1 and d2 of one update (0 0 or 1 1):
//   sc, tso: stores stay in order and loads in order: pass, no fence.
//   pso: the writer's stores may be reordered: store-store fences after
//     seq = s + 1 (line 22) and before seq = s + 2 (line 24), cost 2.
//   rmo, relaxed: loads of different addresses are reordered too (a
//     control dependency orders nothing): also load-load fences between
//     the load of s1 and the data (line 31 or 32) and between the data
//     and the load of s2 (line 34), cost 4.
int seq, d1, d2;
void init(void) { seq = 0; d1 = 0; d2 = 0; }
void w(void)
{
    int s = seq;
    seq = s + 1;
    d1 = 1;
    d2 = 1;
    seq = s + 2;
}
void r(void)
{
    int s1, s2, a, b;
    do {
        s1 = seq;
        if (s1 & 1) continue;
        a = d1;
        b = d2;
        s2 = seq;
    } while ((s1 & 1) || s1 != s2);
    lsl_observe_output("a", a);
    lsl_observe_output("b", b);
}
