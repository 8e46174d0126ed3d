/* The msn queue (../msn/msn-fenced.c) with enqueues of fixed values, for
 * `checkfence grow`: producer/consumer tests in which no value is chosen,
 * as the peers' (GenMC, Nidhugg) harnesses write them. */
#include "../msn/msn-fenced.c"

void e1(void) { enqueue(&queue, 1); }
void e2(void) { enqueue(&queue, 2); }
void e3(void) { enqueue(&queue, 3); }
void e4(void) { enqueue(&queue, 4); }
void e5(void) { enqueue(&queue, 5); }
void e6(void) { enqueue(&queue, 6); }
void e7(void) { enqueue(&queue, 7); }
void e8(void) { enqueue(&queue, 8); }
void e9(void) { enqueue(&queue, 9); }
void e10(void) { enqueue(&queue, 10); }
