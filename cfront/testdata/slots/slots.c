// Fence slots: at C statement boundaries only. None inside an atomic
// block, before a case, after a function's final return, or in code that
// comes from a macro. Before a label there is one, which every goto to
// the label goes past, as in C: outside the block a backward goto
// continues, inside the block a forward goto leaves. A loop body without braces has slots at its start and
// end, which carry the body's other end (brace): a fence there comes with
// the braces; not one that ends in a macro's expansion. The end of a body
// may be where the next statement starts: two slots at one position.
#include "lsl_protos.h"

int x, y;

#define TWO_STORES x = 1; y = 1

int f(int n)
{
    int i = 0;
    while (i < n) {
        x = i;
        i++;
    }
    lsl_atomic_begin();
    x = 2;
    y = 2;
    lsl_atomic_end();
    switch (n) {
    case 1:
        y = 3;
        break;
    default:
        y = 4;
    }
    if (n)
        x = 5;
again:
    if (x == 7)
        goto again;
    TWO_STORES;
    return y;
}

void g(void) { x = 1; y = 2; }

int h(int n)
{
    if (n)
        goto out;
    x = 8;
out:
    y = 8;
unused:
    x = 9;
    return x;
}

void k(int n)
{
    for (int i = 0; i < n; i++)
        x = i;
    while (y)
        ;
    do y--; while (y > 0);
    for (;;)
        if (x) break;
}

#define BUMP(v) v++;
void m(int n)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) x = j;
    for (int i = 0; i < n; i++)
        BUMP(x)
    for (int i = 0; i < n; i++) y = i;x = 3;
}

// The use of a macro that expands to nothing starts the statement it
// leaves (';'), or precedes the closing brace: the slot is at the use.
#define BARRIER
#define NOP()
void e(int n)
{
    x = 1; BARRIER; y = 1;
    NOP( ) ;
    while (n--) BARRIER;
    x = 2; BARRIER }

// A retry loop back to a label on lsl_atomic_begin (on a line of its own
// or not): the slot before the label is outside the loop, and there is
// none between the label and the call.
void r(void)
{
    int i = 0;
again:
    lsl_atomic_begin();
    x = x + 1;
    lsl_atomic_end();
    if (++i < 2)
        goto again;
retry: lsl_atomic_begin();
    x = x + 1;
    lsl_atomic_end();
    if (++i < 4)
        goto retry;
}

// The branches of an if without braces: then and else, an else if (the
// inner if is the else branch: its slots are around it), an if whose
// branch is an if (the else is the inner one's), a return, and an if
// that ends where the next statement starts.
int b(int n)
{
    if (n)
        x = 1;
    else
        y = 1;
    if (n == 1) x = 2; else if (n == 2) x = 3; else y = 3;
    if (x)
        if (y) x = 4;
        else y = 4;
    if (y) return x;
    if (1) y = 5;
    if (n) x = 6;y = 6;
    return y;
}
