/*
 * pthread.h for checkfence: mutexes and spin locks only (SEMANTICS.md,
 * "C11 and GCC atomics"). Locking is lsl_lock, unlocking lsl_unlock;
 * every function returns 0, trylock EBUSY when the lock is held. Threads
 * themselves come from the test file, not from pthread_create.
 */
#ifndef _PTHREAD_H
#define _PTHREAD_H

/* POSIX: <pthread.h> makes the symbols of <sched.h> and <time.h> visible;
   of <time.h>'s, NULL and size_t are the ones read here. */
#include <sched.h>
typedef __SIZE_TYPE__ size_t;
#ifndef NULL
#define NULL ((void *)0)
#endif

typedef int pthread_mutex_t;
typedef int pthread_mutexattr_t;
typedef int pthread_spinlock_t;
#define PTHREAD_MUTEX_INITIALIZER 0

/*
 * The other types and initializers of pthreads, so that code declaring
 * them reads on to the call that uses them, which is refused by name
 * ("function pthread_rwlock_rdlock is not defined") rather than as a
 * syntax error at the declaration.
 */
typedef unsigned long pthread_t;
typedef int pthread_attr_t;
typedef int pthread_once_t;
typedef int pthread_rwlock_t;
typedef int pthread_rwlockattr_t;
typedef int pthread_cond_t;
typedef int pthread_condattr_t;
typedef unsigned pthread_key_t;
typedef int pthread_barrier_t;
typedef int pthread_barrierattr_t;
#define PTHREAD_ONCE_INIT 0
#define PTHREAD_RWLOCK_INITIALIZER 0
#define PTHREAD_COND_INITIALIZER 0
#define PTHREAD_PROCESS_PRIVATE 0
#define PTHREAD_PROCESS_SHARED 1
#ifndef EBUSY
#define EBUSY 16
#endif

int pthread_mutex_init(pthread_mutex_t *mutex, const pthread_mutexattr_t *attr);
int pthread_mutex_lock(pthread_mutex_t *mutex);
int pthread_mutex_trylock(pthread_mutex_t *mutex);
int pthread_mutex_unlock(pthread_mutex_t *mutex);
int pthread_mutex_destroy(pthread_mutex_t *mutex);

int pthread_spin_init(pthread_spinlock_t *lock, int pshared);
int pthread_spin_lock(pthread_spinlock_t *lock);
int pthread_spin_trylock(pthread_spinlock_t *lock);
int pthread_spin_unlock(pthread_spinlock_t *lock);
int pthread_spin_destroy(pthread_spinlock_t *lock);

#endif
