/*
 * The native side of the differential test: what lsl_protos.h means when
 * the program is compiled by gcc and run directly. Observations are
 * printed as "name=value", the value as its C type's value.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int boolean_t;
#define true 1
#define false 0
#ifndef NULL
#define NULL ((void *)0)
#endif

static void cf_out(const char *name, unsigned long long bits, int isUnsigned64)
{
	if (isUnsigned64)
		printf("%s=%llu\n", name, bits);
	else
		printf("%s=%lld\n", name, (long long)bits);
}

#define lsl_observe_output(name, v) \
	cf_out(name, (unsigned long long)(v), \
	       _Generic((v), unsigned long: 1, unsigned long long: 1, default: 0))
#define lsl_observe_input(name, v) \
	(printf("in "), cf_out(name, (unsigned long long)(v), \
	       _Generic((v), unsigned long: 1, unsigned long long: 1, default: 0)))
#define lsl_observe_label(name) printf("label %s\n", name)
#define lsl_assert(c) ((c) ? (void)0 : (printf("assertion failed\n"), exit(1)))
#define lsl_assume(c) ((c) ? (void)0 : (printf("infeasible\n"), exit(1)))
#define lsl_fence(kind) ((void)0)
#define lsl_choose(lo, hi) ((int)(lo)) /* lsl_protos.h: int lsl_choose(int lo, int hi) */
#define lsl_get_thread_id() 0
#define lsl_malloc(n) malloc(n)
#define lsl_malloc_noreuse(n) malloc(n)
#define lsl_free(p) free(p)
#define lsl_free_noreuse(p) free(p)
#define lsl_atomic_begin() ((void)0)
#define lsl_atomic_end() ((void)0)

/* Compare-and-swap: the values are converted to the location's type. */
#define CF_CAS(p, o, n) ({ \
	__typeof__(p) cf_p = (p); \
	__typeof__(*cf_p) cf_o = (o), cf_n = (n); \
	int cf_ok = memcmp(cf_p, &cf_o, sizeof cf_o) == 0; \
	if (cf_ok) \
		*cf_p = cf_n; \
	cf_ok; })
#define lsl_cas_32(p, o, n) CF_CAS(p, o, n)
#define lsl_cas_64(p, o, n) CF_CAS(p, o, n)
#define lsl_cas_ptr(p, o, n) CF_CAS(p, o, n)
#define lsl_dcas(p1, p2, o1, o2, n1, n2) ({ \
	__typeof__(p1) cf_p1 = (p1); \
	__typeof__(p2) cf_p2 = (p2); \
	__typeof__(*cf_p1) cf_o1 = (o1), cf_n1 = (n1); \
	__typeof__(*cf_p2) cf_o2 = (o2), cf_n2 = (n2); \
	int cf_ok = *cf_p1 == cf_o1 && *cf_p2 == cf_o2; \
	if (cf_ok) { \
		*cf_p1 = cf_n1; \
		*cf_p2 = cf_n2; \
	} \
	cf_ok; })

/* Locks: a sequential run never waits, so locking a held lock is a bug. */
typedef int lsl_lock_t;
#define lsl_initlock(l) (*(l) = 0)
#define lsl_lock(l) (*(l) == 0 ? (void)(*(l) = 1) : (printf("lock held\n"), exit(1)))
#define lsl_unlock(l) (*(l) == 1 ? (void)(*(l) = 0) : (printf("unlock of a free lock\n"), exit(1)))

void run(void);

int main(void)
{
	run();
	return 0;
}
