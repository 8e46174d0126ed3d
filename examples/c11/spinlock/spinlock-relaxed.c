/* The bug: relaxed test-and-set and clear, which keep the critical
   section's accesses inside the lock only where the machine does. */
#define ACQUIRE memory_order_relaxed
#define RELEASE memory_order_relaxed
#include "spinlock.c"
