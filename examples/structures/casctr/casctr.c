/*
 * casctr: a shared counter incremented with a compare-and-swap retry loop,
 * the classic lock-free update (IBM System/370 Principles of Operation,
 * GA22-7000, Appendix A: the COMPARE AND SWAP examples). Increment
 * reads the counter, then tries to swap in the value plus one, and retries
 * until the swap succeeds; it returns the value it replaced. The CAS makes
 * every increment atomic on every model, so the increments themselves never
 * go wrong; what can go wrong are plain reads of the counter. On sc, tso and
 * pso loads stay in program order and this file is correct. On relaxed two
 * loads of the same address may be reordered: a thread that reads the counter
 * twice may see it go backwards (read-read coherence is lost), and the re-read
 * at the top of the retry loop may be satisfied before the CAS that just
 * failed, so the loop can read the same stale value and fail forever. Such
 * retries change nothing, and the check drops them (unroll, "Iterations that
 * change nothing"): the increments pass, and only the reader that sees the
 * counter go backwards fails (incget2). casctr-fenced.c adds the one fence
 * this needs.
 */
#include "lsl_protos.h"

int ctr;

static int read_ctr(int *c)
{
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
