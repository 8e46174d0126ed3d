// while (next() < n) observe v; with int next(void) { return g++; }, as
// the C front end shapes it: the test calls next, which stores, and its
// break is marked, so that the test is evaluated once more after the
// last iteration.
source "whilecall.c"
global g @1 @1:1

proc next() -> (r) @2:1 {
  p = [1] @2:27
  r = load p @2:27
  one = 1 @2:27
  s = add.i32 r, one @2:27
  store p, s @2:27
}

proc op() @3:1 {
  n = 2 @4:3
  while1: @5:3 {
    call next() -> (v) @5:10
    t1 = lt.i32 v, n @5:10
    t2 = lnot t1 @5:10
    break while1 if t2 looptest @5:3
    observe output "v" v @6:5
    continue while1 @5:3
  }
  q = [1] @7:3
  w = load q @7:3
  observe output "g" w @7:3
}
