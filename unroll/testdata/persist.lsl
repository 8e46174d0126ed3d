// inc() runs twice in one thread: the registers of the two invocations are
// e0.* and e1.*, so the second cannot read the first's values. The
// register v is read before it is assigned (an uninitialised local), so
// each invocation sets it to undefined first.
source "inc.c"
global cnt @1 @1:1

proc inc() @3:1 {
  p = [1] @4:3
  observe input "v" v @5:3
  v = load p @6:3
  one = 1 @6:3
  w = add.i32 v, one @6:3
  store p, w @7:3
}
