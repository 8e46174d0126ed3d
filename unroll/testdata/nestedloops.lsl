// for (i = 0; i < 2; i++) for (j = 0; j < i; j++) observe(j);
source "nest.c"

proc op() @1:1 {
  one = 1 @2:3
  two = 2 @2:3
  i = 0 @3:3
  outer: @3:3 {
    t1 = lt.i32 i, two @3:15
    t2 = lnot t1 @3:15
    break outer if t2 @3:15
    j = 0 @4:5
    inner: @4:5 {
      t3 = lt.i32 j, i @4:17
      t4 = lnot t3 @4:17
      break inner if t4 @4:17
      observe output "j" j @5:7
      j = add.i32 j, one @4:24
      continue inner @4:5
    }
    i = add.i32 i, one @3:22
    continue outer @3:3
  }
}
