/* The names of C99 7.18 (stdint.h): the type of each typedef and macro,
 * coded by T and E, and the values of the macros (TestStdintNames). */
#include <stdint.h>
#include <stddef.h>
#define T(t) _Generic((t)0, signed char: 1, unsigned char: 2, short: 3, unsigned short: 4, int: 5, unsigned: 6, long: 7, unsigned long: 8, long long: 9, unsigned long long: 10, default: 0)
#define E(e) _Generic((e), signed char: 1, unsigned char: 2, short: 3, unsigned short: 4, int: 5, unsigned: 6, long: 7, unsigned long: 8, long long: 9, unsigned long long: 10, default: 0)
long types[] = {
  T(int_least8_t), T(uint_least8_t), T(int_least16_t), T(uint_least16_t), T(int_least32_t), T(uint_least32_t), T(int_least64_t), T(uint_least64_t),
  T(int_fast8_t), T(uint_fast8_t), T(int_fast16_t), T(uint_fast16_t), T(int_fast32_t), T(uint_fast32_t), T(int_fast64_t), T(uint_fast64_t),
  T(intptr_t), T(uintptr_t), T(intmax_t), T(uintmax_t),
  E(INT8_C(1)), E(INT16_C(1)), E(INT32_C(1)), E(INT64_C(1)), E(UINT8_C(1)), E(UINT16_C(1)), E(UINT32_C(1)), E(UINT64_C(1)), E(INTMAX_C(1)), E(UINTMAX_C(1)),
  E(INT_LEAST8_MIN), E(INT_FAST16_MAX), E(UINT_FAST32_MAX), E(INTMAX_MIN), E(UINTMAX_MAX), E(PTRDIFF_MIN), E(PTRDIFF_MAX), E(SIZE_MAX), E(WCHAR_MIN), E(WCHAR_MAX), E(WINT_MIN), E(WINT_MAX), E(SIG_ATOMIC_MIN), E(INTPTR_MIN), E(UINTPTR_MAX), E(UINT_LEAST16_MAX)
};
long values[] = {
  INT_LEAST8_MIN, INT_LEAST8_MAX, UINT_LEAST8_MAX, INT_LEAST16_MIN, INT_LEAST16_MAX, UINT_LEAST16_MAX, INT_LEAST32_MIN, INT_LEAST32_MAX, UINT_LEAST32_MAX, INT_LEAST64_MIN, INT_LEAST64_MAX, (long)UINT_LEAST64_MAX,
  INT_FAST8_MIN, INT_FAST8_MAX, UINT_FAST8_MAX, INT_FAST16_MIN, INT_FAST16_MAX, (long)UINT_FAST16_MAX, INT_FAST32_MIN, INT_FAST32_MAX, (long)UINT_FAST32_MAX, INT_FAST64_MIN, INT_FAST64_MAX, (long)UINT_FAST64_MAX,
  INTPTR_MIN, INTPTR_MAX, (long)UINTPTR_MAX, INTMAX_MIN, INTMAX_MAX, (long)UINTMAX_MAX, PTRDIFF_MIN, PTRDIFF_MAX, (long)SIZE_MAX, SIG_ATOMIC_MIN, SIG_ATOMIC_MAX, WCHAR_MIN, WCHAR_MAX, WINT_MIN, WINT_MAX,
  INT8_C(-5), UINT16_C(7), INT64_C(9223372036854775807), (long)UINT64_C(18446744073709551615)
};
long ty(int i) { return types[i]; }
long va(int i) { return values[i]; }
int nty(void) { return sizeof types / sizeof types[0]; }
int nva(void) { return sizeof values / sizeof values[0]; }
