/* Three threads increment c with CAS retry loops; inc0 counts its tries
 * and, on the third, publishes x then y, which rd reads in the other
 * order. On rmo the two stores may be reordered: rd sees y = 1, x = 0
 * (ok = 0), which no serial execution does (no CAS retries there). The
 * failure needs inc0's loop at 3 and one retry of inc1 and of inc2;
 * inc1's and inc2's six scratch stores per try make each of their
 * retries expensive in the memory budget. */
#include "lsl_protos.h"
int c; int x; int y; int s1; int s2; int s3; int s4; int s5; int s6;
void i(void) { c = 0; x = 0; y = 0; }
void inc0(void) {
    int o; int n = 0;
    do { o = c; n++; } while (!lsl_cas_32(&c, o, o + 1));
    if (n == 3) { x = 1; y = 1; }
}
void inc1(void) {
    int o;
    do { o = c; s1 = o; s2 = o; s3 = o; s4 = o; s5 = o; s6 = o; } while (!lsl_cas_32(&c, o, o + 1));
}
void inc2(void) {
    int o;
    do { o = c; s1 = o + 1; s2 = o; s3 = o; s4 = o; s5 = o; s6 = o; } while (!lsl_cas_32(&c, o, o + 1));
}
void rd(void) {
    int a = y; int b = x;
    lsl_observe_output("ok", !(a == 1 && b == 0));
}
