#include "lsl_protos.h"

lsl_lock_t lock;
int counter;
int a, b;

void inc(void)
{
	lsl_lock(&lock);
	counter++;
	lsl_unlock(&lock);
}

void run(void)
{
	lsl_initlock(&lock);
	inc();
	inc();
	lsl_observe_output("counter", counter);
	lsl_observe_output("lock", lock);
	lsl_atomic_begin();
	a = 1;
	b = a + 1;
	if (b > 1)
		a = 10;
	lsl_atomic_end();
	lsl_observe_output("a", a);
	lsl_observe_output("b", b);
	int t = lsl_get_thread_id();
	lsl_observe_output("tid", t);
	int c = lsl_choose(3, 8);
	lsl_observe_input("c", c);
	lsl_assume(c >= 3);
	lsl_assert(c <= 8);
	lsl_observe_label("end");
}
