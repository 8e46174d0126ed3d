/*
 * snark: the nonblocking deque of D. Detlefs, C. Flood, A. Garthwaite,
 * P. Martin, N. Shavit, G. Steele, "Even Better DCAS-Based Concurrent
 * Deques", DISC 2000, LNCS 1914, pp. 59-73 (the code as published, with
 * its labels A-E).
 *
 * A doubly linked list of nodes between two hats, LeftHat and RightHat, with
 * a sentinel node Dummy (Dummy->L == Dummy->R == Dummy). A node popped from
 * the right gets a self-pointer in L, one popped from the left a self-pointer
 * in R; a hat that points to such a node means the deque is empty on that
 * side. Every update is one DCAS. Nodes are never reused (the paper assumes
 * garbage collection), hence lsl_malloc_noreuse and no free.
 *
 * This file is the code as published, with no fences, so it keeps both bugs
 * that S. Doherty et al., "DCAS is not a silver bullet for nonblocking
 * algorithm design", SPAA 2004, reported:
 *  1. the emptiness test (rh->R == rh) may see a node that was the right
 *     end when RightHat was read but has since been popped from the LEFT
 *     end; the pop then returns "empty" although the deque was never empty
 *     during the call (test D0);
 *  2. the last node can be popped from both ends at once: popRight's DCAS D
 *     and popLeft's DCAS D' touch disjoint locations, so both succeed on the
 *     same node and its value is returned twice (needs a deep execution:
 *     test Dq).
 * The optional "rh->V = null" of the paper (an aid to the garbage collector)
 * is left out: with 0/1 values it would only disguise returned values.
 */
#include "lsl_protos.h"

typedef int value_t;

typedef struct node {
    struct node *L;
    struct node *R;
    value_t V;
} node_t;

node_t *Dummy;
node_t *LeftHat;
node_t *RightHat;

static void init_deque(void)
{
    node_t *d = lsl_malloc_noreuse(sizeof(node_t));
    d->L = d;
    d->R = d;
    Dummy = d;
    LeftHat = d;
    RightHat = d;
}

/* once: the primed form, where a retry does not exist. */
static void push_right(value_t v, boolean_t once)
{
    node_t *nd, *rh, *rhR, *lh;

    nd = lsl_malloc_noreuse(sizeof(node_t));
    nd->R = Dummy;
    nd->V = v;
    while (true) {
        rh = RightHat;
        rhR = rh->R;
        if (rhR == rh) {
            /* empty on the right: the new node becomes the whole deque */
            nd->L = Dummy;
            lh = LeftHat;
            if (lsl_dcas(&RightHat, &LeftHat, rh, lh, nd, nd))        /* A */
                return;
        } else {
            nd->L = rh;
            if (lsl_dcas(&RightHat, &rh->R, rh, rhR, nd, nd))         /* B */
                return;
        }
        if (once)
            lsl_assume(false);
    }
}

static void push_left(value_t v, boolean_t once)
{
    node_t *nd, *lh, *lhL, *rh;

    nd = lsl_malloc_noreuse(sizeof(node_t));
    nd->L = Dummy;
    nd->V = v;
    while (true) {
        lh = LeftHat;
        lhL = lh->L;
        if (lhL == lh) {
            nd->R = Dummy;
            rh = RightHat;
            if (lsl_dcas(&LeftHat, &RightHat, lh, rh, nd, nd))        /* A' */
                return;
        } else {
            nd->R = lh;
            if (lsl_dcas(&LeftHat, &lh->L, lh, lhL, nd, nd))          /* B' */
                return;
        }
        if (once)
            lsl_assume(false);
    }
}

static boolean_t pop_right(value_t *pv, boolean_t once)
{
    node_t *rh, *lh, *rhL;

    while (true) {
        rh = RightHat;          /* "delicate order of operations here" */
        lh = LeftHat;
        if (rh->R == rh)        /* bug 1: rh may have left the right end */
            return false;
        if (rh == lh) {
            /* one node: both hats go back to Dummy */
            if (lsl_dcas(&RightHat, &LeftHat, rh, lh, Dummy, Dummy)) { /* C */
                *pv = rh->V;
                return true;
            }
        } else {
            rhL = rh->L;
            /* bug 2: D' of a concurrent popLeft may take the same node */
            if (lsl_dcas(&RightHat, &rh->L, rh, rhL, rhL, rh)) {      /* D */
                *pv = rh->V;
                rh->R = Dummy;                                        /* E */
                return true;
            }
        }
        if (once)
            lsl_assume(false);
    }
}

static boolean_t pop_left(value_t *pv, boolean_t once)
{
    node_t *lh, *rh, *lhR;

    while (true) {
        lh = LeftHat;
        rh = RightHat;
        if (lh->L == lh)
            return false;
        if (lh == rh) {
            if (lsl_dcas(&LeftHat, &RightHat, lh, rh, Dummy, Dummy)) { /* C' */
                *pv = lh->V;
                return true;
            }
        } else {
            lhR = lh->R;
            if (lsl_dcas(&LeftHat, &lh->R, lh, lhR, lhR, lh)) {       /* D' */
                *pv = lh->V;
                lh->L = Dummy;                                        /* E' */
                return true;
            }
        }
        if (once)
            lsl_assume(false);
    }
}

/* Operations of the tests (Fig. 8 of the CheckFence paper). */
static void add(boolean_t left, boolean_t once)
{
    value_t v = lsl_choose(0, 1);
    lsl_observe_input("v", v);
    if (left)
        push_left(v, once);
    else
        push_right(v, once);
}

static void remove_(boolean_t left, boolean_t once)
{
    value_t v;
    boolean_t ok;
    if (left)
        ok = pop_left(&v, once);
    else
        ok = pop_right(&v, once);
    lsl_observe_output("ok", ok);
    if (ok)
        lsl_observe_output("v", v);
}

void i(void) { init_deque(); }
void al(void) { add(true, false); }
void ar(void) { add(false, false); }
void rl(void) { remove_(true, false); }
void rr(void) { remove_(false, false); }
void alp(void) { add(true, true); }
void arp(void) { add(false, true); }
void rlp(void) { remove_(true, true); }
void rrp(void) { remove_(false, true); }
