// A failure that needs no reordering: send stores x = 1, x = 2, y = 1;
// recv reads y, then (fenced) x, and observes both. On sc recv may read
// y = 0 and x = 1 or 2, which no serial run gives. peek reads y and then
// (fenced) x and observes nothing: reading y = 1 and x = 1 needs send's
// store of y before its store of x = 2 in memory order, a reordering the
// failure does not need.
source "nc.c"
test nc
global x @1
global y @2
init {
  op init {
    px = [1]
    py = [2]
    zero = 0
    store px, zero @3:21
    store py, zero @3:28
  }
}
thread {
  op send {
    px = [1]
    py = [2]
    one = 1
    two = 2
    store px, one @4:21
    store px, two @4:28
    store py, one @4:35
  }
}
thread {
  op recv {
    px = [1]
    py = [2]
    a = load py @5:27
    fence load-load @5:30
    b = load px @5:62
    observe output "a" a
    observe output "b" b
  }
}
thread {
  op peek {
    px = [1]
    py = [2]
    c = load py @6:27
    fence load-load @6:30
    d = load px @6:62
  }
}
