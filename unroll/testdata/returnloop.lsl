// find() returns from inside its loop (a break of the block around its
// body); the return value is assigned on both ways out.
source "ret.c"
global a @1 [3] @1:1

proc find(k) -> (r) @3:1 {
  body: @3:1 {
    i = 0 @4:3
    one = 1 @4:3
    n = 3 @4:3
    for1: @5:3 {
      t = lt.i32 i, n @5:15
      nt = lnot t @5:15
      break for1 if nt @5:15
      base = [1 0] @6:5
      q = padd.i32 base, i @6:5
      v = load q @6:5
      hit = eq v, k @6:5
      r = mov i @7:7
      break body if hit @7:7
      i = add.i32 i, one @5:22
      continue for1 @5:3
    }
    r = -1 @9:3
  }
}

proc op() @12:1 {
  k = 7 @13:3
  call find(k) -> (r) @13:3
  observe output "r" r @14:3
}
