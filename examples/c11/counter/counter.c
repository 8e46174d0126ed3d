/* A counter behind a pthread mutex. */
#include <pthread.h>
#include "lsl_protos.h"

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int count;

void init(void) {
	pthread_mutex_init(&m, NULL);
	count = 0;
}

void inc(void) {
#ifndef NO_LOCK
	pthread_mutex_lock(&m);
#endif
	int c = count;
	count = c + 1;
#ifndef NO_LOCK
	pthread_mutex_unlock(&m);
#endif
	lsl_observe_output("before", c);
}

/* Spins on trylock: a failed attempt stores nothing, so the spin is
   reduced to its last iteration (SEMANTICS.md, "Loops"). */
void get(void) {
	while (pthread_mutex_trylock(&m) == EBUSY)
		;
	lsl_observe_output("count", count);
	pthread_mutex_unlock(&m);
}
