// A loop left by a break in the middle of its body, and by a break of the
// block around it (a goto past the code after the loop).
source "brk.c"
global x @1 @1:1

proc op() @3:1 {
  p = [1] @4:3
  zero = 0 @4:3
  done: @5:3 {
    loop: @6:3 {
      v = load p @7:5
      stop = eq v, zero @8:5
      break loop if stop @8:5
      big = 9 @9:5
      huge = gt.i32 v, big @9:5
      break done if huge @9:5
      observe output "v" v @10:5
      continue loop @6:3
    }
    observe label "after" @12:3
  }
}
