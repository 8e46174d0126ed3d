// A thread's fault that follows from its own events after the fault
// (sf.c): b reads y, asserts it is 0, then sets x; a waits for x and then
// sets y. Only relaxed's reordering of a's load of x after its store to y
// lets b read y = 1, and only because b set x after its failed assertion
// (stores after a thread's fault still happen): a has no fault of its own.
source "sf.c"
test sf
global x @1
global y @2
init {
  op i {
    p = [1]
    q = [2]
    zero = 0
    store p, zero @3:20
    store q, zero @3:27
  }
}
thread {
  op a {
    p = [1]
    q = [2]
    v = load p @4:23
    zero = 0
    set = ne v, zero
    assume set @4:16
    one = 1
    store q, one @4:36
  }
}
thread {
  op b {
    p = [1]
    q = [2]
    r = load q @5:24
    zero = 0
    ok = eq r, zero
    assert ok @5:27
    one = 1
    store p, one @5:49
  }
}
