/* The bug: a relaxed compare-exchange in push, which may link the node
   before its fields are stored. */
#define PUSH_ORDER memory_order_relaxed
#include "treiber.c"
