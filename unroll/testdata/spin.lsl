// Two spin loops: wait until flag is set (the while form, leaving by a
// break), and wait until it is clear again (the do-while form, leaving by
// falling off the end). Neither stores, observes or carries a register
// from one iteration to the next; both are reduced to one iteration that
// assumes the loop is left. The third loop stores, so it is unrolled.
source "spin.c"
global flag @1 @1:1

proc op() @3:1 {
  p = [1] @4:3
  zero = 0 @4:3
  wait: @5:3 {
    v = load p @5:10
    z = ne v, zero @5:10
    break wait if z @5:10
    continue wait @5:3
  }
  clear: @7:3 {
    w = load p @8:5
    continue clear if w @9:3
  }
  reset: @11:3 {
    store p, zero @12:5
    u = load p @13:5
    continue reset if u @13:5
  }
}
