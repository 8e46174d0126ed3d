// while (i < n) { *p = i; i++; }, as the C front end shapes it: a test
// breaking out at the top, an unconditional continue at the end.
source "while.c"
global x @1 @1:1
value x[] = 2

proc op() @3:1 {
  p = [1] @4:3
  n = load p @4:3
  i = 0 @5:3
  one = 1 @5:3
  while1: @6:3 {
    t1 = lt.i32 i, n @6:10
    t2 = lnot t1 @6:10
    break while1 if t2 looptest @6:10
    store p, i @7:5
    i = add.i32 i, one @8:5
    continue while1 @6:3
  }
  observe output "i" i @10:3
}
