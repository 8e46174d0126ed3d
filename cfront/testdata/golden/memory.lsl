source "memory.c"
global g @1 {a at 0 size 4, b at 8 [2]word size 8} size 24 @8:13
value g[0] = 1
value g[1 0] = 2
value g[1 1] = 3
global gp @2 @9:5
value gp[] = [1 0]

proc f(i) -> () @11:6 {
  r.b.0 = undefined @11:6
  r.b.1 = undefined @11:6
  x.addr = alloc local 4 @14:6
  p = mov x.addr @15:6
  store p, i @16:5
  t1 = [1 0] @17:6
  loc.a = load t1 @17:6
  t2 = [1 1 0] @17:6
  loc.b.0 = load t2 @17:6
  t3 = [1 1 1] @17:6
  loc.b.1 = load t3 @17:6
  t4 = [1 1] @18:5
  t5 = offset t4, i @18:5
  store t5, loc.a @18:9
  t6 = [2] @19:2
  t7 = load t6 @19:2
  t8 = load t7 @19:7
  t9 = 1 @19:7
  t10 = add.i32 t8, t9 @19:7
  store t7, t10 @19:7
  r.a = load x.addr @21:8
  t11 = [1 0] @22:4
  store t11, r.a @22:4
  t12 = [1 1 0] @22:4
  store t12, r.b.0 @22:4
  t13 = [1 1 1] @22:4
  store t13, r.b.1 @22:4
}
