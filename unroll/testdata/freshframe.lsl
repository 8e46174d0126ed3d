// f assigns its result only when c is 0. Called in a loop, its inlined
// registers are the same in every iteration, so its frame is made fresh
// at each call: the second call gives undefined, not the first call's 5.
source "fresh.c"

proc f(c) -> (r) @1:1 {
  B: @2:3 {
    break B if c @2:3
    r = 5 @3:5
  }
}

proc op() @6:1 {
  i = 0 @7:3
  one = 1 @7:3
  two = 2 @7:3
  L: @8:3 {
    t = ge.i32 i, two @8:10
    break L if t @8:10
    call f(i) -> (x) @9:5
    observe output "x" x @10:5
    i = add.i32 i, one @11:5
    continue L @8:3
  }
}
