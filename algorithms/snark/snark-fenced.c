/*
 * snark-fenced: the deque of D. Detlefs, C. Flood, A. Garthwaite, P. Martin,
 * N. Shavit, G. Steele, "Even Better DCAS-Based Concurrent Deques", DISC
 * 2000, LNCS 1914, pp. 59-73, as corrected by S. Doherty, D. Detlefs,
 * L. Groves, C. Flood, V. Luchangco, P. Martin, M. Moir, N. Shavit,
 * G. Steele, "DCAS is not a silver bullet for nonblocking algorithm design",
 * SPAA 2004, with the memory fences the relaxed model needs.
 *
 * The two corrections:
 *  1. a pop that finds its hat's node marked as popped from the other end
 *     reports "empty" only if the hat still points to that node (the deque
 *     is empty at that moment); otherwise it retries;
 *  2. the last node may still be taken from both ends at once (D and D'
 *     touch disjoint locations), so taking a node no longer means owning its
 *     value: the value is claimed with a CAS that replaces it by CLAIMED
 *     (the paper's null), and the loser of the claim returns "empty" (both
 *     hats have then passed the node: the deque was empty). With every pop
 *     going through D/D', the one-node case C/C' and the read of the other
 *     hat are gone.
 * See snark.c for the data structure.
 *
 * Fences (found with the relaxed model, each one shown necessary by test D0;
 * all are load-load or store-store, so tso needs none of them):
 *  - store-store before each DCAS that links a new node: its fields must be
 *    stored before the node is reachable;
 *  - load-load after reading a hat: the node it points to may have just
 *    been linked, so its fields must be read after the hat. This fence also
 *    keeps retries finite: the next iteration's fence orders a failed DCAS
 *    before the hat is read again, so the hat cannot stay stale forever;
 *  - load-load before re-reading the hat in the emptiness test: read before
 *    the mark, the re-read would bring the first bug back.
 */
#include "lsl_protos.h"

typedef int value_t;

/* marks a value already returned by a pop; pushed values are 0 or 1 */
#define CLAIMED (-1)

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
        lsl_fence("load-load");     /* rh's fields only after the hat */
        rhR = rh->R;
        if (rhR == rh) {
            /* empty on the right: the new node becomes the whole deque */
            nd->L = Dummy;
            lh = LeftHat;
            lsl_fence("store-store");   /* initialise nd before linking it */
            if (lsl_dcas(&RightHat, &LeftHat, rh, lh, nd, nd))        /* A */
                return;
        } else {
            nd->L = rh;
            lsl_fence("store-store");   /* initialise nd before linking it */
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
        lsl_fence("load-load");     /* lh's fields only after the hat */
        lhL = lh->L;
        if (lhL == lh) {
            nd->R = Dummy;
            rh = RightHat;
            lsl_fence("store-store");   /* initialise nd before linking it */
            if (lsl_dcas(&LeftHat, &RightHat, lh, rh, nd, nd))        /* A' */
                return;
        } else {
            nd->R = lh;
            lsl_fence("store-store");   /* initialise nd before linking it */
            if (lsl_dcas(&LeftHat, &lh->L, lh, lhL, nd, nd))          /* B' */
                return;
        }
        if (once)
            lsl_assume(false);
    }
}

static boolean_t pop_right(value_t *pv, boolean_t once)
{
    node_t *rh, *rhL;
    value_t v;

    while (true) {
        rh = RightHat;
        lsl_fence("load-load");     /* rh's fields only after the hat */
        rhL = rh->L;
        if (rh->R == rh) {
            /* rh was popped from the left: empty only if still the hat */
            lsl_fence("load-load"); /* re-read the hat after the mark */
            if (RightHat == rh)
                return false;
        } else if (lsl_dcas(&RightHat, &rh->L, rh, rhL, rhL, rh)) {   /* D */
            v = rh->V;
            if (v != CLAIMED && lsl_cas_32(&rh->V, v, CLAIMED)) {
                rh->R = Dummy;                                        /* E */
                *pv = v;
                return true;
            }
            /* a popLeft took the same node and its value */
            return false;
        }
        if (once)
            lsl_assume(false);
    }
}

static boolean_t pop_left(value_t *pv, boolean_t once)
{
    node_t *lh, *lhR;
    value_t v;

    while (true) {
        lh = LeftHat;
        lsl_fence("load-load");     /* lh's fields only after the hat */
        lhR = lh->R;
        if (lh->L == lh) {
            lsl_fence("load-load"); /* re-read the hat after the mark */
            if (LeftHat == lh)
                return false;
        } else if (lsl_dcas(&LeftHat, &lh->R, lh, lhR, lhR, lh)) {    /* D' */
            v = lh->V;
            if (v != CLAIMED && lsl_cas_32(&lh->V, v, CLAIMED)) {
                lh->L = Dummy;                                        /* E' */
                *pv = v;
                return true;
            }
            return false;
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
