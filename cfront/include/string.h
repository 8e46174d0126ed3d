#ifndef _STRING_H
#define _STRING_H
/* Whole objects only: memset(p, 0, sizeof *p) stores 0 to each scalar of
   *p, memcpy/memmove(d, s, sizeof *d) copy an object of one type (memory
   holds a value per scalar object, not bytes), called as statements. */
typedef __SIZE_TYPE__ size_t;
#ifndef NULL
#define NULL ((void *)0)
#endif
void *memset(void *s, int c, size_t n);
void *memcpy(void *restrict dest, const void *restrict src, size_t n);
void *memmove(void *dest, const void *src, size_t n);
#endif
