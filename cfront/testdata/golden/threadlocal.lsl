source "threadlocal.c"
global mine @1 threadlocal @4:19
global calls @2 threadlocal @5:21
value calls[] = 10
global shared @3 @6:5
global count.local @4 threadlocal @9:27

proc count() -> (ret) @8:5 {
  t1 = [2] @10:7
  t2 = load t1 @10:7
  t3 = 1 @10:7
  t4 = add.i32 t2, t3 @10:7
  store t1, t4 @10:7
  t5 = [4] @11:8
  t6 = load t5 @11:8
  t7 = [1] @11:11
  t8 = load t7 @11:11
  t9 = add.i32 t6, t8 @11:8
  store t5, t9 @11:8
  t10 = [3] @12:8
  t11 = load t10 @12:8
  t12 = 1 @12:8
  t13 = add.i32 t11, t12 @12:8
  store t10, t13 @12:8
  ret = [4] @13:9
}
