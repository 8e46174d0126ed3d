/* assert(c) is lsl_assert(c): an execution where c is false is an error. */
#undef assert
void lsl_assert(int cond);
#define assert(cond) lsl_assert(cond)
