/* The bug: release stores and acquire loads, which do not keep a store
   before a later load (store buffering), so both threads may enter. */
#define STORE(obj, v) atomic_store_explicit(obj, v, memory_order_release)
#define LOAD(obj) atomic_load_explicit(obj, memory_order_acquire)
#include "peterson.c"
