#include "lsl_protos.h"
#include <stdlib.h>
/* init frees its block; each thread assumes its allocation takes that block,
   which only one of them can: no execution completes. */
int *gA;
void i(void) { int *p = malloc(sizeof(int)); gA = p; free(p); }
void t(void) { int *q = malloc(sizeof(int)); lsl_assume(q == gA); *q = 1; }
