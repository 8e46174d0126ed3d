/*
 * lockctr: a counter protected by a hand-written test-and-test-and-set spin
 * lock (L. Rudolph and Z. Segall, "Dynamic decentralized cache schemes for
 * MIMD parallel processors", ISCA 1984), with no fences. Lock spins reading
 * the lock word until it is free, then tries to take it with a CAS and starts
 * over if the CAS fails; unlock stores 0. Increment returns the value it
 * replaced. Correct on sc and tso (on tso the CAS is a full fence and stores
 * stay in order). On pso the store that frees the lock may become visible
 * before the store of the counter (store-store), so the next holder reads the
 * old value and an increment is lost. On relaxed, in addition, the loads of
 * the critical section may be satisfied before the CAS that takes the lock
 * (load-load), with the same effect.
 */
#include "lsl_protos.h"

int lock_word;
int ctr;

static void lock(int *l)
{
    while (1) {
        /* test: a side-effect-free spin, reduced to its last iteration */
        while (*l != 0)
            ;
        /* test-and-set */
        if (lsl_cas_32(l, 0, 1))
            break;
    }
}

static void unlock(int *l)
{
    *l = 0;
}

/* Operations of the tests. */
void init(void)
{
    lock_word = 0;
    ctr = 0;
}

void inc(void)
{
    lock(&lock_word);
    int old = ctr;
    ctr = old + 1;
    unlock(&lock_word);
    lsl_observe_output("old", old);
}
