/* The bug: no acquire fence before the reader's second load of the
   sequence number, which may then be read before the data. */
#define NO_READ_FENCE
#include "seqlock.c"
