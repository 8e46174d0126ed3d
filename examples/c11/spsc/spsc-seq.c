/* seq_cst index loads and stores: a side's index store now stays before
   its next load of the other index. */
#define LOAD memory_order_seq_cst
#define STORE memory_order_seq_cst
#include "spsc.c"
