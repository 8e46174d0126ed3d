// op calls f at two sites (f and f$2); f calls g. Each inlined instance
// has its own registers: e0.f.x, e0.f.g.y, e0.f$2.x, e0.f$2.g.y.
source "nested.c"

proc g(y) -> (z) @1:1 {
  z = add.i32 y, y @2:3
}

proc f(x) -> (r) @4:1 {
  call g(x) -> (t) @5:3
  r = sub.i32 t, x @6:3
}

proc op() @8:1 {
  a = 3 @9:3
  call f(a) -> (b) @10:3
  call f(b) -> (c) @11:3
  observe output "c" c @12:3
}
