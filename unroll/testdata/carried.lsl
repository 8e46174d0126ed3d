// A loop that carries a register assigned on some paths only (C: do {
// s = x; if (s != 1) a = y; } while (s == 1);). It has no atomic block, so
// an iteration changes something if it assigns a, the one register it
// assigns that is live at its head (read after the loop): the assignment
// records it, as a store would, and the continue assumes it did.
source "carried.c"
global x @1 @2:5
global y @2 @2:8

proc op() @4:1 {
  px = [1] @5:3
  py = [2] @5:3
  one = 1 @5:3
  a = 0 @5:10
  L: @6:3 {
    s = load px @6:13
    B: @6:21 {
      t = eq s, one @6:25
      break B if t @6:21
      a = load py @6:38
    }
    again = eq s, one @6:55
    continue L if again @6:46
  }
  observe output "a" a @7:3
}
