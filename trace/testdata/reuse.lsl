source "swap.c"
test swap
global cur @1
init {
  op i {
    c = [1]
    b = alloc 8 @4:5
    one = 1
    store b, one
    store c, b
  }
}
thread {
  op update {
    c = [1]
    old = load c @14:5
    free old @17:5
    b = alloc 8 @18:5
    reused = eq b, old
    assume reused
    two = 2
    store b, two
    store c, b
  }
}
thread {
  op read {
    c = [1]
    p = load c @27:5
    zero = 0
    null = eq p, zero
    A: {
      break A if null
      v = load p @32:7
      observe output "v" v
    }
  }
}
