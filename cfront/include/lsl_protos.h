/*
 * lsl_protos.h: the C side of the checkfence API.
 *
 * checkfence ships this header and puts it on the include path itself, so
 * "#include "lsl_protos.h"" works with no flag. The front end recognises the
 * functions below by name and translates each call into LSL statements; they
 * have no C definitions.
 *
 * The header deliberately includes no other header: programs written for the
 * original CheckFence define their own uint16_t or bool.
 */
#ifndef LSL_PROTOS_H
#define LSL_PROTOS_H

typedef int boolean_t;

#ifndef true
#define true 1
#endif
#ifndef false
#define false 0
#endif
#ifndef NULL
#define NULL ((void *)0)
#endif

/* Assertions and assumptions. */
void lsl_assert(boolean_t cond);
/* in parentheses: <assert.h>'s assert macro, included before, must not
   expand here (under NDEBUG it is ((void)0)) */
void (assert)(boolean_t cond);
void lsl_assume(boolean_t cond);

/* A fence: "load-load", "load-store", "store-load", "store-store" or "full". */
void lsl_fence(const char *kind);

/*
 * Compare-and-swap: lsl_cas_32(loc, old, new) and friends. They are declared
 * without a prototype so that the location may be any pointer and the values
 * any scalar or, for a struct of two 32-bit words, that struct.
 */
boolean_t lsl_cas_32();
boolean_t lsl_cas_64();
boolean_t lsl_cas_ptr();
/* lsl_dcas(loc1, loc2, old1, old2, new1, new2) */
boolean_t lsl_dcas();

/* Bracket an atomic block of ordinary statements (no loops, no calls). */
void lsl_atomic_begin(void);
void lsl_atomic_end(void);

/* Memory. */
void *lsl_malloc(__SIZE_TYPE__ size);
void *malloc(__SIZE_TYPE__ size);
void *lsl_malloc_noreuse(__SIZE_TYPE__ size);
void lsl_free(void *p);
void free(void *p);
void lsl_free_noreuse(void *p);

/* Spin locks (paper, Fig. 7). */
typedef int lsl_lock_t;
void lsl_initlock(lsl_lock_t *lock);
void lsl_lock(lsl_lock_t *lock);
void lsl_unlock(lsl_lock_t *lock);

/* Any integer in [lo, hi]; the bounds must be constants. */
int lsl_choose(int lo, int hi);

/*
 * Observations: lsl_observe_input(name, value), lsl_observe_output(name,
 * value), with a string literal name and a value of any scalar type. The
 * parenthesised names let a program wrap them in function-like macros.
 */
void (lsl_observe_input)();
void (lsl_observe_output)();
void lsl_observe_label(const char *name);

/* The index of the executing thread in the test, from 0; 0 during init. */
int lsl_get_thread_id(void);

#endif
