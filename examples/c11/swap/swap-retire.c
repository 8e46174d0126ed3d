/* The old block retired instead: never handed out again, still readable. */
#define RELEASE_OLD(p) lsl_free_noreuse(p)
#include "swap.c"
