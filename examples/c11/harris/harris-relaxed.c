/* harris.c with every atomic relaxed: no orderings but those the machine keeps. */
#define ORDER memory_order_relaxed
#include "harris.c"
