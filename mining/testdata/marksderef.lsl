// Following a marked pointer (lsl.markOp) is a fault: it is no address.
test MarksDeref
global x @1
thread {
  op D {
    xp = [1]
    one = 1
    c = choose 0 1
    observe output "c" c
    m = or.u64 xp, c
    v = load m
  }
}
