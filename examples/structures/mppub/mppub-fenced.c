/*
 * mppub-fenced: mppub.c with the fences it needs on relaxed. Message passing
 * through a published pointer, the pattern of read-copy update (P. E.
 * McKenney and J. D. Slingwine, "Read-Copy Update: Using Execution History to
 * Solve Concurrency Problems", PDCS 1998): the writer fills a fresh message
 * and stores its address in a global, the reader loads the global and then
 * the message's fields through it. The writer needs a store-store fence
 * between filling the message and publishing it (pso and relaxed: otherwise
 * the reader may see undefined fields); the reader needs a load-load fence
 * between loading the pointer and loading the fields (relaxed: dependent
 * loads may be reordered, as on Alpha). These are rcu_assign_pointer and
 * rcu_dereference. Correct on sc, tso, pso and relaxed.
 */
#include "lsl_protos.h"

typedef struct msg {
    int a;
    int b;
} msg_t;

msg_t *pub;

static void publish(int v)
{
    msg_t *m = lsl_malloc_noreuse(sizeof(msg_t));
    m->a = v;
    m->b = v + 1;
    /* the message is filled before it is published */
    lsl_fence("store-store");
    pub = m;
}

/* Returns whether a message was there; its fields go to *pa and *pb. */
static boolean_t receive(int *pa, int *pb)
{
    msg_t *m = pub;
    if (m == 0)
        return false;
    /* the fields are read after the pointer (dependent loads) */
    lsl_fence("load-load");
    *pa = m->a;
    *pb = m->b;
    return true;
}

/* Operations of the tests. */
void i(void) { pub = 0; }

void w(void)
{
    int v = lsl_choose(0, 1);
    lsl_observe_input("v", v);
    publish(v);
}

void r(void)
{
    int a, b;
    boolean_t ok = receive(&a, &b);
    lsl_observe_output("ok", ok);
    if (ok) {
        lsl_observe_output("a", a);
        lsl_observe_output("b", b);
    }
}
