// A compare-and-swap retry loop, as lock-free code has: an iteration whose
// CAS fails stores nothing, and the next one reads everything afresh, so it
// is followed by another only in executions that have a shorter twin
// without it (the stutter reduction). The iteration records whether its
// CAS stored, and a continue assumes it did.
source "cas.c"
global ctr @1 @1:1

proc op() @3:1 {
  p = [1] @4:3
  one = 1 @4:3
  retry: @5:3 {
    v = load p @6:5
    n = add.i32 v, one @7:5
    atomic {
      w = load p @8:9
      ok = eq w, v @8:9
      A: @8:9 {
        nok = lnot ok @8:9
        break A if nok @8:9
        store p, n @8:9
      }
    }
    again = lnot ok @8:5
    continue retry if again @8:5
  }
  observe output "old" v @10:3
}
