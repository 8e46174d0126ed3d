source "statics.c"
global counter.n @1 @5:13
value counter.n[] = 5
global hidden @2 @9:12

proc counter() -> (ret) @3:5 {
  t1 = [1] @6:10
  t2 = load t1 @6:10
  t3 = 1 @6:10
  t4 = add.i32 t2, t3 @6:10
  store t1, t4 @6:10
  ret = mov t2 @6:2
}

proc set(c) -> () @11:6 {
  t1 = [2] @13:9
  store t1, c @13:9
}
