// A lock and a division (ft.c): a holds the lock L while it sets x to 1
// and back, and its unlock asserts that L is held; b divides by 1 - x and
// then takes and releases L. The only error of the program is b's
// division by zero (it read x = 1); b runs on after it with its assumes
// ignored, so its lock may be taken while a holds it, and a's unlock
// then finds L free: that assertion follows from b's fault.
source "ft.c"
test ft
global L @1
global x @2
init {
  op i {
    l = [1]
    p = [2]
    zero = 0
    store l, zero @4:16
    store p, zero @4:36
  }
}
thread {
  op a {
    l = [1]
    p = [2]
    atomic @5:16 {
      v = load l @5:16
      zero = 0
      free = eq v, zero
      assume free
      one = 1
      store l, one @5:16
    }
    one = 1
    store p, one @5:32
    zero = 0
    store p, zero @5:39
    atomic @5:44 {
      w = load l @5:44
      held = eq w, one
      assert held @5:44
      store l, zero @5:44
    }
  }
}
thread {
  op b {
    l = [1]
    p = [2]
    r = load p @6:24
    ten = 10
    one = 1
    n = sub.i32 one, r @6:43
    d = div.i32 ten, n @6:38
    atomic @6:49 {
      v = load l @6:49
      zero = 0
      free = eq v, zero
      assume free
      store l, one @6:49
    }
    atomic @6:63 {
      w = load l @6:63
      held = eq w, one
      assert held @6:63
      store l, zero @6:63
    }
  }
}
