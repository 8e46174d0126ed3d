source "cas_struct.c"
global head @1 {ptr at 0 size 4, count at 4 size 4} size 8 @8:11

proc advance() -> (ret) @10:11 {
  t1 = [1 0] @12:12
  old.ptr = load t1 @12:12
  t2 = [1 1] @12:12
  old.count = load t2 @12:12
  t3 = 1 @13:21
  nw.ptr = add.u32 old.ptr, t3 @13:19
  t4 = 1 @14:25
  nw.count = add.u32 old.count, t4 @14:23
  and1: @15:36 {
    t5 = [1] @15:20
    t6 = 0 @15:9
    t7 = offset t5, t6 @15:9
    t8 = 1 @15:9
    t9 = offset t5, t8 @15:9
    atomic @15:9 {
      t10 = load t7 @15:9
      t11 = eq t10, old.ptr @15:9
      t12 = load t9 @15:9
      t13 = eq t12, old.count @15:9
      t14 = and.i32 t11, t13 @15:9
      cas1: @15:9 {
        t15 = lnot t14 @15:9
        break cas1 if t15 @15:9
        store t7, nw.ptr @15:9
        store t9, nw.count @15:9
      }
    }
    t16 = lnot t14 @15:9
    t17 = 0 @15:36
    break and1 if t16 @15:36
    t18 = [1 0] @15:48
    t19 = [1 1] @15:59
    t20 = 1 @15:72
    t21 = 2 @15:75
    t22 = 3 @15:78
    t23 = 4 @15:81
    atomic @15:39 {
      t24 = load t18 @15:39
      t25 = eq t24, t20 @15:39
      t26 = load t19 @15:39
      t27 = eq t26, t21 @15:39
      t28 = and.i32 t25, t27 @15:39
      cas2: @15:39 {
        t29 = lnot t28 @15:39
        break cas2 if t29 @15:39
        store t18, t22 @15:39
        store t19, t23 @15:39
      }
    }
    t30 = 0 @15:39
    t17 = ne t28, t30 @15:39
  }
  ret = mov t17 @15:2
}
