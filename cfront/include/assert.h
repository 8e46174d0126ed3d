/* assert(c) is lsl_assert(c): an execution where c is false is an error.
   With NDEBUG defined where this header is included, assert(c) is
   ((void)0) and c is not evaluated (C11 7.2p1); each inclusion defines
   assert anew, so the header has no include guard. */
#undef assert
#ifdef NDEBUG
#define assert(ignore) ((void)0)
#else
void lsl_assert(int cond);
#define assert(cond) lsl_assert(cond)
#endif

/* C11 7.2p3 */
#undef static_assert
#define static_assert _Static_assert
