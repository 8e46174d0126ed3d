#include <stdio.h>
#include "lsl_protos.h"

/* Output to a stream is not modelled: a call evaluates its arguments once,
   in order, and changes nothing else (stderr only, so that the native
   run's stdout holds just the observations). */
int g;
int a[3];

static int bump(void) { return ++g; }

void run(void)
{
	fprintf(stderr, "g is %d\n", bump());
	lsl_observe_output("g", g);
	fprintf(stderr, "%d %d\n", a[bump()], a[0] = 7);
	lsl_observe_output("g2", g);
	lsl_observe_output("a0", a[0]);
	fputs("text\n", stderr);
	fflush(stderr);
	(void)fprintf(stderr, "%s", "x\n");
	lsl_observe_output("g3", g);
	/* a string argument's side effects happen (cc folds the comma) */
	fputs((g++, "s\n"), stderr);
	fprintf(stderr, (g += 10, "%d\n"), (g += 100));
	lsl_observe_output("g4", g);
}
