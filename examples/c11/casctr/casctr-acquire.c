/* The reads with acquire: the fences after them keep two reads in order on
   every model. */
#define READ_ORDER memory_order_acquire
#include "casctr.c"
