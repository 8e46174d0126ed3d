// Store buffering, as the litmus translator gives it: on tso both loads
// may read 0.
source "SB.litmus"
test SB

global x @1
global y @2 @2:10
value y[] = 0
final x = [1]
final y = [2]

init {
  op init {
    a = [1]
    zero = 0
    store a, zero
  }
}

thread {
  op P0 @4:1 {
    a = [1]
    b = [2]
    one = 1
    store a, one @5:3
    r0 = load b @6:3
    observe output "0:r0" r0
  }
}

thread {
  op P1 @4:12 {
    a = [1]
    b = [2]
    one = 1
    store b, one @5:14
    fence full @6:14
    r0 = load a @7:14
    observe output "1:r0" r0
  }
}
