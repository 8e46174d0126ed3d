#include "lsl_protos.h"
#include "mp.h"

/* The operations of the test; the structure is the header's. */
struct mp chan;

void w(void) { publish(&chan, 7); }
void r(void) { lsl_observe_output("v", consume(&chan)); }
