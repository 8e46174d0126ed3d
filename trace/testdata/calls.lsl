// it2.c: g increments x; a calls it twice, so on tso the second call's
// load may go before the first call's store (it reads that store early,
// from the store buffer).
source "it2.c"
global x @1 @2:5

proc g() -> () @3:6 {
  t1 = [1] @3:20
  t2 = load t1 @3:20
  t3 = 1 @3:24
  t4 = add.i32 t2, t3 @3:22
  t5 = [1] @3:18
  store t5, t4 @3:18
}

proc i() -> () @4:6 {
  t1 = 0 @4:20
  t2 = [1] @4:18
  store t2, t1 @4:18
}

proc a() -> () @5:6 {
  call g() -> () @5:16
  call g() -> () @5:21
}

proc r() -> () @6:6 {
  t1 = [1] @6:24
  v = load t1 @6:24
  observe output "v" v @6:27
}
