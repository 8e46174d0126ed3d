source "c11.c"
global counter @1 @8:12
global big @2 @9:14
global head @3 @10:19
global flag @4 @11:13

proc init() -> () @13:6 {
  t1 = [1] @13:19
  t2 = 5 @13:19
  store t1, t2 @13:19
}

proc loads() -> (ret) @15:5 {
  t1 = [1] @16:10
  a = load t1 @16:10
  t2 = [1] @17:10
  t3 = load t2 @17:10
  fence load-load on pso,rmo,relaxed implied @17:10
  fence load-store on pso,rmo,relaxed implied @17:10
  b = mov t3 @17:6
  t4 = [1] @18:10
  t5 = load t4 @18:10
  fence load-load on pso,rmo,relaxed implied @18:10
  fence load-store on pso,rmo,relaxed implied @18:10
  c = mov t5 @18:6
  t6 = [1] @19:10
  fence full on pso,rmo,relaxed implied @19:10
  t7 = load t6 @19:10
  fence load-load on pso,rmo,relaxed implied @19:10
  fence load-store on pso,rmo,relaxed implied @19:10
  d = mov t7 @19:6
  t8 = [3] @20:14
  t9 = load t8 @20:14
  fence load-load on pso,rmo,relaxed implied @20:14
  fence load-store on pso,rmo,relaxed implied @20:14
  n = mov t9 @20:9
  t10 = 1 @21:14
  t11 = offset n, t10 @21:14
  fence full on pso,rmo,relaxed implied @21:14
  t12 = load t11 @21:14
  fence load-load on pso,rmo,relaxed implied @21:14
  fence load-store on pso,rmo,relaxed implied @21:14
  m = mov t12 @21:9
  t13 = add.i32 a, b @22:11
  t14 = add.i32 t13, c @22:15
  t15 = add.i32 t14, d @22:19
  t16 = 0 @22:31
  t17 = ne m, t16 @22:28
  ret = add.i32 t15, t17 @22:23
}

proc stores() -> () @25:6 {
  t1 = [1] @26:2
  t2 = 1 @26:2
  store t1, t2 @26:2
  t3 = [1] @27:2
  t4 = 2 @27:2
  fence load-store on pso,rmo,relaxed implied @27:2
  fence store-store on pso,rmo,relaxed implied @27:2
  store t3, t4 @27:2
  t5 = [1] @28:2
  t6 = 3 @28:2
  fence full on pso,rmo,relaxed implied @28:2
  store t5, t6 @28:2
  fence full on tso implied @28:2
}

proc rmws() -> (ret) @31:6 {
  t1 = [2] @32:11
  t2 = 1 @32:11
  fence load-store on pso,rmo,relaxed implied @32:11
  fence store-store on pso,rmo,relaxed implied @32:11
  atomic @32:11 {
    t3 = load t1 @32:11
    store t1, t2 @32:11
  }
  fence load-load on pso,rmo,relaxed implied @32:11
  fence load-store on pso,rmo,relaxed implied @32:11
  a = mov t3 @32:7
  t4 = [2] @33:11
  t5 = 2 @33:11
  atomic @33:11 {
    t6 = load t4 @33:11
    t7 = add.i64 t6, t5 @33:11
    store t4, t7 @33:11
  }
  b = mov t6 @33:7
  t8 = [2] @34:11
  t9 = 1 @34:11
  fence load-store on pso,rmo,relaxed implied @34:11
  fence store-store on pso,rmo,relaxed implied @34:11
  atomic @34:11 {
    t10 = load t8 @34:11
    t11 = sub.i64 t10, t9 @34:11
    store t8, t11 @34:11
  }
  c = mov t10 @34:7
  t12 = [2] @35:11
  t13 = 4 @35:11
  fence full on pso,rmo,relaxed implied @35:11
  atomic @35:11 {
    t14 = load t12 @35:11
    t15 = or.i64 t14, t13 @35:11
    store t12, t15 @35:11
  }
  fence load-load on pso,rmo,relaxed implied @35:11
  fence load-store on pso,rmo,relaxed implied @35:11
  t16 = [2] @35:38
  t17 = 1 @35:38
  fence full on pso,rmo,relaxed implied @35:38
  atomic @35:38 {
    t18 = load t16 @35:38
    t19 = xor.i64 t18, t17 @35:38
    store t16, t19 @35:38
  }
  fence load-load on pso,rmo,relaxed implied @35:38
  fence load-store on pso,rmo,relaxed implied @35:38
  t20 = or.i64 t14, t18 @35:36
  t21 = [2] @35:66
  t22 = 7 @35:66
  atomic @35:66 {
    t23 = load t21 @35:66
    t24 = and.i64 t23, t22 @35:66
    store t21, t24 @35:66
  }
  fence load-load on pso,rmo,relaxed implied @35:66
  fence load-store on pso,rmo,relaxed implied @35:66
  d = or.i64 t20, t23 @35:64
  t25 = add.i64 a, b @36:11
  t26 = add.i64 t25, c @36:15
  t27 = add.i64 t26, d @36:19
  t28 = [2] @36:25
  t29 = 0 @36:25
  fence full on pso,rmo,relaxed implied @36:25
  atomic @36:25 {
    t30 = load t28 @36:25
    store t28, t29 @36:25
  }
  fence load-load on pso,rmo,relaxed implied @36:25
  fence load-store on pso,rmo,relaxed implied @36:25
  ret = add.i64 t27, t30 @36:23
}

proc cas(old, new) -> (ret) @39:6 {
  expected = mov old @41:9
  t1 = [3] @42:12
  fence full on pso,rmo,relaxed implied @42:12
  atomic @42:12 {
    t2 = load t1 @42:12
    t3 = eq t2, expected @42:12
    rmw1: @42:12 {
      t4 = lnot t3 @42:12
      break rmw1 if t4 @42:12
      store t1, new @42:12
    }
  }
  fence load-load on pso,rmo,relaxed implied @42:12
  fence load-store on pso,rmo,relaxed implied @42:12
  cmpxchg1: @42:12 {
    break cmpxchg1 if t3 @42:12
    expected = mov t2 @42:12
  }
  t5 = 0 @42:12
  ok = ne t3, t5 @42:12
  t6 = [3] @43:8
  fence load-store on pso,rmo,relaxed implied @43:8
  fence store-store on pso,rmo,relaxed implied @43:8
  atomic @43:8 {
    t7 = load t6 @43:8
    t8 = eq t7, expected @43:8
    t9 = choose 0 1 @43:8
    t10 = and.i32 t8, t9 @43:8
    rmw2: @43:8 {
      t11 = lnot t10 @43:8
      break rmw2 if t11 @43:8
      store t6, new @43:8
    }
  }
  cmpxchg2: @43:8 {
    break cmpxchg2 if t10 @43:8
    expected = mov t7 @43:8
  }
  t12 = or.i32 ok, t10 @43:5
  t13 = 0 @43:5
  ok = ne t12, t13 @43:5
  and1: @44:12 {
    t14 = lnot ok @44:9
    t15 = 0 @44:12
    break and1 if t14 @44:12
    t15 = eq expected, old @44:24
  }
  t16 = 0 @44:9
  ret = ne t15, t16 @44:9
}

proc plain() -> () @47:6 {
  t1 = 1 @50:12
  t2 = [1] @50:10
  fence full on pso,rmo,relaxed implied @50:10
  store t2, t1 @50:10
  fence full on tso implied @50:10
  t3 = [1] @51:10
  fence full on pso,rmo,relaxed implied @51:10
  t4 = load t3 @51:10
  fence load-load on pso,rmo,relaxed implied @51:10
  fence load-store on pso,rmo,relaxed implied @51:10
  v = mov t4 @51:6
  t5 = [1] @52:10
  fence full on pso,rmo,relaxed implied @52:10
  atomic @52:10 {
    t6 = load t5 @52:10
    t7 = add.i32 t6, v @52:10
    store t5, t7 @52:10
  }
  fence load-load on pso,rmo,relaxed implied @52:10
  fence load-store on pso,rmo,relaxed implied @52:10
  t8 = [1] @53:9
  fence full on pso,rmo,relaxed implied @53:9
  atomic @53:9 {
    t9 = load t8 @53:9
    t10 = 1 @53:9
    t11 = add.i32 t9, t10 @53:9
    store t8, t11 @53:9
  }
  fence load-load on pso,rmo,relaxed implied @53:9
  fence load-store on pso,rmo,relaxed implied @53:9
  t12 = [1] @54:2
  fence full on pso,rmo,relaxed implied @54:2
  atomic @54:2 {
    t13 = load t12 @54:2
    t14 = 1 @54:2
    t15 = sub.i32 t13, t14 @54:2
    store t12, t15 @54:2
  }
  fence load-load on pso,rmo,relaxed implied @54:2
  fence load-store on pso,rmo,relaxed implied @54:2
  t16 = 0 @55:15
  t17 = [3] @55:2
  fence full on pso,rmo,relaxed implied @55:2
  t18 = load t17 @55:2
  fence load-load on pso,rmo,relaxed implied @55:2
  fence load-store on pso,rmo,relaxed implied @55:2
  t19 = 1 @55:13
  t20 = offset t18, t19 @55:13
  fence full on pso,rmo,relaxed implied @55:13
  store t20, t16 @55:13
  fence full on tso implied @55:13
}

proc flags() -> (ret) @58:6 {
  t1 = [4] @59:13
  t2 = 1 @59:13
  t3 = 0 @59:13
  t4 = ne t2, t3 @59:13
  fence full on pso,rmo,relaxed implied @59:13
  atomic @59:13 {
    t5 = load t1 @59:13
    store t1, t4 @59:13
  }
  fence load-load on pso,rmo,relaxed implied @59:13
  fence load-store on pso,rmo,relaxed implied @59:13
  t6 = 0 @59:13
  t7 = ne t5, t6 @59:13
  t8 = 0 @59:13
  was = ne t7, t8 @59:13
  t9 = [4] @60:2
  t10 = 0 @60:2
  t11 = 0 @60:2
  t12 = ne t10, t11 @60:2
  fence load-store on pso,rmo,relaxed implied @60:2
  fence store-store on pso,rmo,relaxed implied @60:2
  store t9, t12 @60:2
  or1: @61:13 {
    t13 = 1 @61:13
    break or1 if was @61:13
    t14 = [4] @61:16
    t15 = 1 @61:16
    t16 = 0 @61:16
    t17 = ne t15, t16 @61:16
    atomic @61:16 {
      t18 = load t14 @61:16
      store t14, t17 @61:16
    }
    fence load-load on pso,rmo,relaxed implied @61:16
    fence load-store on pso,rmo,relaxed implied @61:16
    t19 = 0 @61:16
    t20 = ne t18, t19 @61:16
    t21 = 0 @61:16
    t13 = ne t20, t21 @61:16
  }
  t22 = 0 @61:9
  ret = ne t13, t22 @61:9
}

proc fences() -> () @64:6 {
  fence load-load on pso,rmo,relaxed @66:2
  fence load-store on pso,rmo,relaxed @66:2
  fence load-store on pso,rmo,relaxed @67:2
  fence store-store on pso,rmo,relaxed @67:2
  fence load-load on pso,rmo,relaxed @68:2
  fence load-store on pso,rmo,relaxed @68:2
  fence store-store on pso,rmo,relaxed @68:2
  fence full on tso,pso,rmo,relaxed @69:2
}
