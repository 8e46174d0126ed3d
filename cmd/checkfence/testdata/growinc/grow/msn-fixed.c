/* grow's msn-fixed family (algorithms/grow/msn-fixed.c) with the queue
 * found through -I and the first value given by -D FIRST=N: grow reads C
 * as check does. Sizes up to 3. */
#include "msn-fenced.c"

void e1(void) { enqueue(&queue, FIRST); }
void e2(void) { enqueue(&queue, FIRST + 1); }
void e3(void) { enqueue(&queue, FIRST + 2); }
