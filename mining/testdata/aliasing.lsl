// Stores and loads through pointers that may hold several addresses, or
// no address at all: they touch the same location only through a valid
// address they share (y here), never through undefined.
test Aliasing
global x @1
global y @2
global z @3
global p @4
global q @5
global u @6
value p[] = [1]
value q[] = [3]
value u[] = undefined
thread {
  op P {
    pp = [4]
    qq = [5]
    uu = [6]
    a = [2]
    store pp, a
    store qq, a
    store uu, a
  }
}
thread {
  op W {
    pp = [4]
    w = load pp
    one = 1
    store w, one
  }
}
thread {
  op V {
    uu = [6]
    v = load uu
    two = 2
    store v, two
  }
}
thread {
  op R {
    qq = [5]
    uu = [6]
    b = load qq
    r = load b
    observe output "r" r
    c = load uu
    s = load c
    observe output "s" s
  }
}
