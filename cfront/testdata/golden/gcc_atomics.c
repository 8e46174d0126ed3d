/* GCC's __atomic and __sync builtins and <pthread.h> locks. */
#include <pthread.h>

int x;
long y;
int *p;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_spinlock_t s;

int atomics(int *q) {
	int r, v = 3, e = 0;
	__atomic_load(&x, &r, __ATOMIC_ACQUIRE);
	__atomic_store(&x, &v, __ATOMIC_RELEASE);
	__atomic_store_n(&y, 2, __ATOMIC_SEQ_CST);
	__atomic_exchange(&x, &v, &r, __ATOMIC_ACQ_REL);
	int *old = __atomic_exchange_n(&p, q, __ATOMIC_RELAXED);
	int ok = __atomic_compare_exchange(&x, &e, &v, 0, __ATOMIC_ACQUIRE, __ATOMIC_ACQUIRE);
	ok += __atomic_compare_exchange_n(&p, &old, q, 1, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED);
	r += __atomic_add_fetch(&x, 1, __ATOMIC_RELAXED) + __atomic_nand_fetch(&x, 6, __ATOMIC_RELAXED);
	r += __atomic_fetch_nand(&x, 1, __ATOMIC_RELAXED);
	r += __atomic_test_and_set(&x, __ATOMIC_SEQ_CST);
	__atomic_clear(&x, __ATOMIC_RELEASE);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	__atomic_signal_fence(__ATOMIC_ACQUIRE);
	return r + ok + e + (*__atomic_load_n(&p, __ATOMIC_CONSUME));
}

int syncs(int *q) {
	int r = __sync_fetch_and_add(&x, 1) + __sync_sub_and_fetch(&x, 1);
	r += __sync_bool_compare_and_swap(&x, 0, 1);
	r += __sync_val_compare_and_swap(&x, 1, 2);
	r += __sync_lock_test_and_set(&x, 1);
	__sync_lock_release(&x);
	__sync_synchronize();
	return r;
}

int locks(void) {
	pthread_mutex_init(&m, 0);
	pthread_mutex_lock(&m);
	x = 1;
	pthread_mutex_unlock(&m);
	int busy = pthread_mutex_trylock(&m);
	if (!busy)
		pthread_mutex_unlock(&m);
	pthread_mutex_destroy(&m);
	pthread_spin_init(&s, PTHREAD_PROCESS_PRIVATE);
	pthread_spin_lock(&s);
	pthread_spin_unlock(&s);
	return busy + pthread_spin_trylock(&s) + pthread_spin_destroy(&s);
}
