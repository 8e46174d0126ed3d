/*
 * swap-retire: swap.c with the old block retired (lsl_free_noreuse) instead
 * of freed: it is never handed out again and stays readable, as after the
 * grace period of read-copy update, so a reader that loaded the old pointer
 * reads the old configuration, which is what it would have read had it run
 * before the writer. Correct on sc and tso. On pso the writer's stores that
 * fill the new block may become visible after the store that publishes it
 * (store-store: incomplete initialisation), so a reader sees undefined
 * fields; on rmo and relaxed, in addition, the reader's loads of the fields
 * may be satisfied before its load of the pointer (no dependency ordering).
 *
 * The rest of this comment is swap.c's:
 *
 * swap: a configuration published through a pointer and replaced by a
 * pointer swap, the old block freed at once with C's free (the reclamation
 * bug that read-copy update and hazard pointers exist to prevent). The
 * writer fills a new block, publishes it and frees the old one; a reader
 * that loaded the old pointer just before the swap dereferences it after the
 * free: a use after free, on every model, sc included. swap-retire.c
 * retires the old block instead (lsl_free_noreuse: never handed out again,
 * stays readable, as after a grace period) and passes on sc and tso;
 * swap-fenced.c adds the fences the weaker models need.
 */
#include "lsl_protos.h"

typedef struct config {
    int a;
    int b;
} config_t;

config_t *cur;

static config_t *make(int v)
{
    config_t *c = malloc(sizeof(config_t));
    c->a = v;
    c->b = v;
    return c;
}

/* Operations of the tests. */
void i(void) { cur = make(1); }

void w(void)
{
    config_t *n = make(2);
    config_t *old = cur;
    cur = n;
    lsl_free_noreuse(old);
}

void r(void)
{
    config_t *c = cur;
    int a = c->a;
    int b = c->b;
    lsl_observe_output("a", a);
    lsl_observe_output("b", b);
}
