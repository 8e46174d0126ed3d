/*
 * lockctr-fenced: lockctr.c with the fences its lock needs on relaxed. A
 * counter protected by a hand-written test-and-test-and-set spin lock (L.
 * Rudolph and Z. Segall, "Dynamic decentralized cache schemes for MIMD
 * parallel processors", ISCA 1984). Without fences, the store freeing the
 * lock may overtake the store of the counter (store-store, pso and relaxed)
 * and, on relaxed, the loads of the critical section may be satisfied before
 * the CAS that takes the lock (load-load); either way an increment is lost.
 * Acquire is a load-load fence right after the CAS, inside the retry loop:
 * after a successful CAS it keeps the critical section's loads after it;
 * after a failed one it keeps the next spin read and CAS after it, which
 * bounds the retries on relaxed. Release is a store-store fence before the
 * store that frees the lock. The load-store fences of the paper's Fig. 7 are
 * not needed here: the only store of the critical section, ctr, follows a
 * load of ctr, and a load is never reordered with a later store to its own
 * address. Correct on sc, tso, pso and relaxed.
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
        boolean_t taken = lsl_cas_32(l, 0, 1);
        /* acquire: later loads (the critical section, or the next spin read
           and CAS after a failure) stay after this CAS */
        lsl_fence("load-load");
        if (taken)
            break;
    }
}

static void unlock(int *l)
{
    /* release: the critical section's stores before the lock is freed */
    lsl_fence("store-store");
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
