/* A single-producer single-consumer ring buffer of two slots with C11
   atomics: each side reads the other's index with acquire and publishes its
   own with release. That orders a slot's write before the tail that shows
   it and its read before the head that frees it; it does not keep a side's
   index store before its next load of the other index (T2), which needs
   seq_cst (spsc-seq.c). */
#include <stdatomic.h>
#include <stdbool.h>
#include "lsl_protos.h"

#ifndef LOAD
#define LOAD memory_order_acquire
#define STORE memory_order_release
#endif

#define SIZE 2

typedef struct ring {
	atomic_int head, tail;
	int slot[SIZE];
} ring_t;

ring_t ring;

static bool enqueue(ring_t *q, int v) {
	int t = atomic_load_explicit(&q->tail, memory_order_relaxed);
	int h = atomic_load_explicit(&q->head, LOAD);
	if (t - h == SIZE)
		return false;
	q->slot[t % SIZE] = v;
	atomic_store_explicit(&q->tail, t + 1, STORE);
	return true;
}

static bool dequeue(ring_t *q, int *pv) {
	int h = atomic_load_explicit(&q->head, memory_order_relaxed);
	int t = atomic_load_explicit(&q->tail, LOAD);
	if (h == t)
		return false;
	*pv = q->slot[h % SIZE];
	atomic_store_explicit(&q->head, h + 1, STORE);
	return true;
}

void i(void) {
	atomic_init(&ring.head, 0);
	atomic_init(&ring.tail, 0);
}

/* Initial states holding one or two elements (init runs alone). */
void i1(void) {
	int v = lsl_choose(0, 1);
	lsl_observe_input("v", v);
	i();
	ring.slot[0] = v;
	atomic_init(&ring.tail, 1);
}

void i2(void) {
	i1();
	int v = lsl_choose(0, 1);
	lsl_observe_input("v", v);
	ring.slot[1] = v;
	atomic_init(&ring.tail, 2);
}

void e(void) {
	int v = lsl_choose(0, 1);
	lsl_observe_input("v", v);
	lsl_observe_output("ok", enqueue(&ring, v));
}

void d(void) {
	int v;
	bool ok = dequeue(&ring, &v);
	lsl_observe_output("ok", ok);
	if (ok)
		lsl_observe_output("v", v);
}
