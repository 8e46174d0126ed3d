// Marks in a pointer's low bits (lsl.markOp): two interchangeable threads
// each publish a marked pointer to a node of their own; a reader tests the
// mark, clears it, follows the pointer and compares it with a marked
// constant (the writers' statements carry one position, so that they are
// the same code). A marked pointer is no address: following one is a
// fault (marksderef.lsl).
test Marks
global g @1
global x @2
thread {
  op P @10:1 {
    n = alloc 8 @11:1
    k = 1 @12:1
    store n, k @13:1
    one = 1 @14:1
    m = or.u64 n, one @15:1
    gp = [1] @16:1
    store gp, m @17:1
  }
}
thread {
  op P @10:1 {
    n = alloc 8 @11:1
    k = 1 @12:1
    store n, k @13:1
    one = 1 @14:1
    m = or.u64 n, one @15:1
    gp = [1] @16:1
    store gp, m @17:1
  }
}
thread {
  op R {
    gp = [1]
    r = load gp
    one = 1
    m = and.u64 r, one
    observe output "r" r
    observe output "m" m
    L: {
      z = lnot m
      break L if z
      clear = -2
      u = and.u64 r, clear
      k = load u
      observe output "k" k
      um = xor.u64 r, one
      same = eq u, um
      observe output "same" same
      xp = [2]
      xm = or.u64 xp, one
      isx = eq r, xm
      observe output "x" isx
    }
  }
}
