/* The bug: no seq_cst fence in take between the store of bottom and the
   load of top, so the owner and a thief may both get the last element. */
#define NO_TAKE_FENCE
#include "chaselev.c"
