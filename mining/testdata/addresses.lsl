// Pointers to a block, to its first field and to that field's first
// element denote one address, and compare so (as in C); the second
// field's address is another.
test Addresses
global s @1 {a [2], b}
global p @2
init {
  op I {
    pp = [2]
    v = [1 1]
    store pp, v
  }
}
thread {
  op W0 {
    pp = [2]
    v = [1]
    store pp, v
  }
}
thread {
  op W1 {
    pp = [2]
    v = [1 0]
    store pp, v
  }
}
thread {
  op W2 {
    pp = [2]
    v = [1 0 0]
    store pp, v
  }
}
thread {
  op R {
    pp = [2]
    r = load pp
    q = load pp
    f = [1 0]
    s = [1]
    b = [1 1]
    z = [1 0 0]
    eq = eq r, f
    ne = ne r, s
    lt = lt.u64 r, b
    le = le.u64 r, z
    same = eq r, q
    k = eq s, f
    observe output "eq" eq
    observe output "ne" ne
    observe output "lt" lt
    observe output "le" le
    observe output "same" same
    observe output "k" k
  }
}
