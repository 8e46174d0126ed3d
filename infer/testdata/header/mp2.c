#include "mp.h"

/* A second file with its own copy of the header's inline functions: a
   fence placed in the header is in both copies. */
extern struct mp chan;

void w2(void) { publish(&chan, 8); }
