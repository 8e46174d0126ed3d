/* The bug: the increment without the mutex. */
#define NO_LOCK
#include "counter.c"
