// Atomic blocks: a read-modify-write's, which is a fence on tso, and a
// two-word load's and store's, which are not (nofence).
source "atomic.c"
test A
global s @1 {a, b}
thread {
  op w @3:1 {
    p = [1 0]
    q = [1 1]
    one = 1
    atomic nofence @4:3 { store p, one @4:3
      store q, one @4:3 }
    atomic @5:3 {
      o = load p @5:3
      store p, one
    }
    observe output "o" o
  }
}
thread {
  op r {
    p = [1 0]
    q = [1 1]
    atomic nofence {
      x = load p
      y = load q
    }
    observe output "x" x
    observe output "y" y
  }
}
