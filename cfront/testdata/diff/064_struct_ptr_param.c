#include "lsl_protos.h"

typedef struct {
	int head, tail;
	int items[4];
} queue_t;

void init(queue_t *q) { q->head = q->tail = 0; }

int enq(queue_t *q, int v)
{
	if (q->tail - q->head == 4)
		return 0;
	q->items[q->tail++ % 4] = v;
	return 1;
}

int deq(queue_t *q, int *v)
{
	if (q->head == q->tail)
		return 0;
	*v = q->items[q->head++ % 4];
	return 1;
}

queue_t gq;

void run(void)
{
	int i, v;
	init(&gq);
	for (i = 0; i < 6; i++)
		lsl_observe_output("enq", enq(&gq, i * 7));
	for (i = 0; i < 2; i++) {
		deq(&gq, &v);
		lsl_observe_output("deq", v);
	}
	enq(&gq, 99);
	while (deq(&gq, &v))
		lsl_observe_output("rest", v);
	queue_t lq;
	init(&lq);
	enq(&lq, 5);
	lsl_observe_output("lq", deq(&lq, &v) * 10 + v);
}
