// Peterson's mutual exclusion: each thread raises its flag, gives the turn
// away, then waits while the other's flag is up and the turn is the
// other's; the critical section increments a counter and observes the
// value it read, so two threads inside at once observe the same value.
// With store buffers (tso and weaker) a thread can read the other's flag
// before its own flag and turn are visible: each thread needs a
// store-load fence before it reads.
#include "lsl_protos.h"

int flag0, flag1, turn, count;

void init(void) { flag0 = 0; flag1 = 0; turn = 0; count = 0; }

void op0(void)
{
    flag0 = 1;
    turn = 1;
    while (flag1 == 1 && turn == 1) {
    }
    int c = count;
    lsl_observe_output("count", c);
    count = c + 1;
    flag0 = 0;
}

void op1(void)
{
    flag1 = 1;
    turn = 0;
    while (flag0 == 1 && turn == 0) {
    }
    int c = count;
    lsl_observe_output("count", c);
    count = c + 1;
    flag1 = 0;
}
