/*
 * mppub: message passing through a published pointer, the pattern of
 * read-copy update (P. E. McKenney and J. D. Slingwine, "Read-Copy Update:
 * Using Execution History to Solve Concurrency Problems", PDCS 1998), with no
 * fences. The writer allocates a message, fills its two fields and stores its
 * address in a global; the reader loads the global and, if it is not null,
 * the message's fields, which it reaches through the pointer it loaded.
 * Correct on sc and tso. On pso the store of the pointer may become visible
 * before the stores of the fields (store-store: incomplete initialisation),
 * so the reader sees a message whose fields are still undefined. On relaxed,
 * in addition, the reader's loads of the fields may be satisfied before its
 * load of the pointer although they depend on it (relaxed has no dependency
 * ordering, as on Alpha), and two loads of the pointer may be reordered.
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
    pub = m;
}

/* Returns whether a message was there; its fields go to *pa and *pb. */
static boolean_t receive(int *pa, int *pb)
{
    msg_t *m = pub;
    if (m == 0)
        return false;
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
