#ifndef _STDLIB_H
#define _STDLIB_H
/* The allocator: malloc(n) is lsl_malloc(n); free(p) is C's free, after
   which an access to the block is a use after free (lsl_free keeps it
   readable). And abort(): an execution that calls it is an error. */
typedef __SIZE_TYPE__ size_t;
#ifndef NULL
#define NULL ((void *)0)
#endif
void *malloc(__SIZE_TYPE__ size);
void free(void *p);
void abort(void);
#endif
