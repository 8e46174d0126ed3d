#include <stdint.h>
#include <stdlib.h>
#include "lsl_protos.h"

/* Pointers converted to integers compare for equality as C compares them
   (an ABA check keeps a uintptr_t and compares it with == and !=), marked
   or not; their order (<, >) is refused at its position instead. */
typedef struct node { int key; struct node *next; } node_t;

int x, y;
node_t *top;

static int same(node_t *p, uintptr_t seen) { return (uintptr_t)p == seen; }

void run(void)
{
	node_t *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	top = a;
	uintptr_t seen = (uintptr_t)top;
	lsl_observe_output("same", same(top, seen));
	top = b;
	lsl_observe_output("changed", (uintptr_t)top != seen);
	lsl_observe_output("diffobj", (uintptr_t)&x == (uintptr_t)&y);
	lsl_observe_output("self", (uintptr_t)&x == (uintptr_t)&x);
	lsl_observe_output("null", (uintptr_t)(node_t *)0 == 0);
	lsl_observe_output("nonnull", (uintptr_t)a != 0);
	uintptr_t m = (uintptr_t)b | 1;
	lsl_observe_output("marked", m == ((uintptr_t)b | 1));
	lsl_observe_output("markedne", m != (uintptr_t)b);
	lsl_observe_output("unmarked", (m & ~(uintptr_t)1) == (uintptr_t)b);
	if ((uintptr_t)top == seen)
		lsl_observe_output("aba", 1);
	else
		lsl_observe_output("aba", 0);
	if (!((intptr_t)a != (intptr_t)top))
		lsl_observe_output("not", 1);
}
