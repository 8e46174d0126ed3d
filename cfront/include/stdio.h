#ifndef _STDIO_H
#define _STDIO_H
/* Output only: printf and the others below evaluate their arguments and
   print nothing (the check observes no output), called as statements. */
typedef __SIZE_TYPE__ size_t;
typedef struct __checkfence_file FILE;
#define stdout ((FILE *)0)
#define stderr ((FILE *)0)
#ifndef NULL
#define NULL ((void *)0)
#endif
#define EOF (-1)
int printf(const char *format, ...);
int fprintf(FILE *stream, const char *format, ...);
int puts(const char *s);
int fputs(const char *s, FILE *stream);
int putchar(int c);
void perror(const char *s);
int fflush(FILE *stream);
#endif
