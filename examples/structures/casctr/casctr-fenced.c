/*
 * casctr-fenced: casctr.c with the fence it needs on relaxed. A shared counter
 * incremented with a compare-and-swap retry loop, the classic lock-free update
 * (IBM System/370 Principles of Operation, GA22-7000, Appendix A: the COMPARE
 * AND SWAP examples); increment returns the value it replaced. On relaxed,
 * loads of the same address may be reordered, so without the fence a thread
 * reading the counter twice may see it go backwards, and the re-read of a
 * retry may be satisfied before the CAS that just failed, so the loop can
 * fail forever. The load-load fence before every read of the counter orders
 * it after every earlier load of the thread (earlier reads and the failed
 * CAS): reads never go backwards and each retry sees at least the value that
 * made the previous CAS fail. Correct on sc, tso, pso and relaxed.
 */
#include "lsl_protos.h"

int ctr;

static int read_ctr(int *c)
{
    /* Not before any earlier read or CAS of this thread (relaxed reorders
       loads of the same address). */
    lsl_fence("load-load");
    return *c;
}

static int increment(int *c)
{
    int old;
    do {
        old = read_ctr(c);
    } while (!lsl_cas_32(c, old, old + 1));
    return old;
}

/* Operations of the tests. */
void init(void) { ctr = 0; }

void inc(void)
{
    int old = increment(&ctr);
    lsl_observe_output("old", old);
}

void get(void)
{
    int v = read_ctr(&ctr);
    lsl_observe_output("v", v);
}
