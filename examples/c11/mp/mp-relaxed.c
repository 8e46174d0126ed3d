/* The bug: both flag accesses relaxed. */
#define FLAG_STORE memory_order_relaxed
#define FLAG_LOAD memory_order_relaxed
#include "mp.c"
