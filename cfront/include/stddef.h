#ifndef _STDDEF_H
#define _STDDEF_H
typedef __SIZE_TYPE__ size_t;
typedef __PTRDIFF_TYPE__ ptrdiff_t;
typedef __WCHAR_TYPE__ wchar_t;
/* a constant in bytes, as C's: memory holds values, not bytes, so only
   as a number (a pointer cannot be moved by it: cfront refuses char *
   arithmetic on objects of other types) */
#define offsetof(type, member) ((size_t)&((type *)0)->member)
#ifndef NULL
#define NULL ((void *)0)
#endif
#endif
