#include "lsl_protos.h"

/* sizeof of a pointer that C obtains from an array: a parameter declared
   as an array is a pointer (C11 6.7.6.3p7), and an array operand of +, of
   the comma operator or of ?: decays; an array itself, its elements and
   members, keep their array sizes. */

int buf[4] = {1, 1, 1, 1};
typedef int T4[4];
struct S { int a[4]; __typeof__(buf + 1) p; };
int arr[10];
int m[2][3];
struct S s;
unsigned long gz = sizeof(arr + 1) * 2 + sizeof(arr);

void clear(int a[4])
{
	for (unsigned long i = 0; i < sizeof(a) / sizeof(a[0]); i++)
		a[i] = 0;
}

unsigned long params(int a[4], int b[2][3], T4 c, struct S d[2], int *p)
{
	lsl_observe_output("a", sizeof(a));
	lsl_observe_output("a par", sizeof((a)));
	lsl_observe_output("a n", sizeof(a) / sizeof(a[0]));
	lsl_observe_output("b", sizeof(b));
	lsl_observe_output("b[0]", sizeof(b[0]));
	lsl_observe_output("*b", sizeof(*b));
	lsl_observe_output("c", sizeof c);
	lsl_observe_output("d", sizeof(d));
	lsl_observe_output("d[0]", sizeof(d[0]));
	lsl_observe_output("d->a", sizeof(d->a));
	lsl_observe_output("*&a", sizeof(*&a));
	lsl_observe_output("typeof a", sizeof(__typeof__(a)));
	lsl_observe_output("p", sizeof(p));
	__typeof__(a) x = a;
	__typeof__(arr + 1) y = arr;
	lsl_observe_output("typeof a var", sizeof(x));
	lsl_observe_output("typeof arr + 1 var", sizeof(y));
	lsl_observe_output("typeof member", sizeof(s.p));
	lsl_observe_output("cmp", sizeof(a) == 8);
	lsl_observe_output("mixed", (int)(sizeof(a) * 3 - sizeof(b[0]) + (sizeof(c) > 8 ? 100 : 200)));
	int n = 0;
	switch (sizeof(a)) {
	case 8:
		n = 1;
		break;
	case 16:
		n = 2;
		break;
	}
	switch (8) {
	case sizeof(a):
		n += 10;
	}
	lsl_observe_output("switch", n);
	return sizeof(a) + sizeof(d);
}

/* parameters of arrays of unknown size: pointers too */
int unknown(int a[], int b[][3], int *c[], int n)
{
	int k = 0;
	for (unsigned long i = 0; i < sizeof(a) / sizeof(a[0]); i++)
		k += a[i];
	return k * 1000 + (int)(sizeof(a) + sizeof(b) * 10 + sizeof(b[0]) * 100 + sizeof(c) * 10000) + n;
}

int knr(a)
	int a[5];
{
	return sizeof(a);
}

void run(void)
{
	clear(buf);
	lsl_observe_output("buf[1]", buf[1]);
	lsl_observe_output("buf[3]", buf[3]);
	struct S d[2];
	lsl_observe_output("params", params(buf, m, buf, d, buf));
	lsl_observe_output("knr", knr(arr));
	int *ps[2] = {buf, buf};
	buf[0] = 3;
	buf[1] = 4;
	lsl_observe_output("unknown", unknown(buf, m, ps, 1));
	lsl_observe_output("arr", sizeof(arr));
	lsl_observe_output("(arr)", sizeof((arr)));
	lsl_observe_output("arr + 1", sizeof(arr + 1));
	lsl_observe_output("0, arr", sizeof(0, arr));
	lsl_observe_output("1 ? arr : arr", sizeof(1 ? arr : arr));
	lsl_observe_output("s.a", sizeof(s.a));
	lsl_observe_output("s.a + 1", sizeof(s.a + 1));
	lsl_observe_output("m", sizeof(m));
	lsl_observe_output("m[0]", sizeof(m[0]));
	lsl_observe_output("m[0] + 0", sizeof(m[0] + 0));
	lsl_observe_output("0[m]", sizeof(0[m]));
	lsl_observe_output("string", sizeof("abc"));
	lsl_observe_output("&arr", sizeof(&arr));
	lsl_observe_output("typeof arr", sizeof(__typeof__(arr)));
	lsl_observe_output("gz", gz);
}
