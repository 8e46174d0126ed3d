source "atomic_struct.c"
global top @1 {ptr at 0 size 8, tag at 8 size 8} size 16 @10:19

proc push(n) -> (ret) @14:6 {
  t1 = [1] @16:16
  t2 = 0 @16:2
  t3 = offset t1, t2 @16:2
  t4 = 1 @16:2
  t5 = offset t1, t4 @16:2
  atomic nofence @16:2 {
    t6 = load t3 @16:2
    t7 = load unsigned t5 @16:2
  }
  fence load-load on pso,rmo,relaxed implied @16:2
  fence load-store on pso,rmo,relaxed implied @16:2
  old.ptr = mov t6 @16:2
  old.tag = mov t7 @16:2
  nw.ptr = mov n @17:18
  t8 = 1 @17:31
  nw.tag = add.u64 old.tag, t8 @17:29
  t9 = [1] @18:12
  t10 = 0 @18:12
  t11 = offset t9, t10 @18:12
  t12 = 1 @18:12
  t13 = offset t9, t12 @18:12
  fence load-store on pso,rmo,relaxed implied @18:12
  fence store-store on pso,rmo,relaxed implied @18:12
  atomic @18:12 {
    t14 = load t11 @18:12
    t15 = load unsigned t13 @18:12
    t16 = eq t14, old.ptr @18:12
    t17 = eq t15, old.tag @18:12
    t18 = and.i32 t16, t17 @18:12
    t19 = choose 0 1 @18:12
    t20 = and.i32 t18, t19 @18:12
    rmw1: @18:12 {
      t21 = lnot t20 @18:12
      break rmw1 if t21 @18:12
      store t11, nw.ptr @18:12
      store unsigned t13, nw.tag @18:12
    }
  }
  cmpxchg1: @18:12 {
    break cmpxchg1 if t20 @18:12
    old.ptr = mov t14 @18:12
    old.tag = mov t15 @18:12
  }
  t22 = 0 @18:12
  ok = ne t20, t22 @18:12
  t23 = [1] @19:20
  t24 = 0 @19:2
  t25 = offset t23, t24 @19:2
  t26 = 1 @19:2
  t27 = offset t23, t26 @19:2
  fence load-store on pso,rmo,relaxed implied @19:2
  fence store-store on pso,rmo,relaxed implied @19:2
  atomic @19:2 {
    t28 = load t25 @19:2
    t29 = load unsigned t27 @19:2
    store t25, nw.ptr @19:2
    store unsigned t27, nw.tag @19:2
  }
  fence load-load on pso,rmo,relaxed implied @19:2
  fence load-store on pso,rmo,relaxed implied @19:2
  seen.ptr = mov t28 @19:2
  seen.tag = mov t29 @19:2
  t30 = [1] @20:2
  t31 = 0 @20:2
  t32 = offset t30, t31 @20:2
  t33 = 1 @20:2
  t34 = offset t30, t33 @20:2
  fence full on pso,rmo,relaxed implied @20:2
  atomic nofence @20:2 {
    store t32, seen.ptr @20:2
    store unsigned t34, seen.tag @20:2
  }
  fence full on tso implied @20:2
  ret = mov ok @21:2
}

proc copy() -> (ret.ptr, ret.tag) @24:10 {
  fence full on pso,rmo,relaxed implied @25:11
  atomic nofence @25:11 {
    t1 = [1 0] @25:11
    t2 = load t1 @25:11
    t3 = [1 1] @25:11
    t4 = load unsigned t3 @25:11
  }
  fence load-load on pso,rmo,relaxed implied @25:11
  fence load-store on pso,rmo,relaxed implied @25:11
  v.ptr = mov t2 @25:11
  v.tag = mov t4 @25:11
  fence full on pso,rmo,relaxed implied @26:6
  atomic nofence @26:6 {
    t5 = [1 0] @26:6
    store t5, v.ptr @26:6
    t6 = [1 1] @26:6
    store unsigned t6, v.tag @26:6
  }
  fence full on tso implied @26:6
  ret.ptr = mov v.ptr @27:2
  ret.tag = mov v.tag @27:2
}

proc replace(v.ptr, v.tag) -> (ret.ptr, ret.tag) @30:10 {
  fence full on pso,rmo,relaxed implied @31:13
  atomic nofence @31:13 {
    t1 = [1 0] @31:13
    store t1, v.ptr @31:13
    t2 = [1 1] @31:13
    store unsigned t2, v.tag @31:13
  }
  fence full on tso implied @31:13
  stored.ptr = mov v.ptr @31:13
  stored.tag = mov v.tag @31:13
  ret.ptr = mov stored.ptr @31:2
  ret.tag = mov stored.tag @31:2
}
