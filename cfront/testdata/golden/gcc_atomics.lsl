source "gcc_atomics.c"
global x @1 @4:5
global y @2 @5:6
global p @3 @6:5
global m @4 @7:17
global s @5 @8:20

proc atomics(q) -> (ret) @10:5 {
  v = 3 @11:13
  e = 0 @11:20
  t1 = [1] @12:16
  t2 = load t1 @12:2
  fence load-load on pso,rmo,relaxed implied @12:2
  fence load-store on pso,rmo,relaxed implied @12:2
  r = mov t2 @12:2
  t3 = [1] @13:17
  fence load-store on pso,rmo,relaxed implied @13:2
  fence store-store on pso,rmo,relaxed implied @13:2
  store t3, v @13:2
  t4 = [2] @14:19
  t5 = 2 @14:23
  fence full on pso,rmo,relaxed implied @14:2
  store t4, t5 @14:2
  fence full on tso implied @14:2
  t6 = [1] @15:20
  fence load-store on pso,rmo,relaxed implied @15:2
  fence store-store on pso,rmo,relaxed implied @15:2
  atomic @15:2 {
    t7 = load t6 @15:2
    store t6, v @15:2
  }
  fence load-load on pso,rmo,relaxed implied @15:2
  fence load-store on pso,rmo,relaxed implied @15:2
  r = mov t7 @15:2
  t8 = [3] @16:13
  atomic @16:13 {
    t9 = load t8 @16:13
    store t8, q @16:13
  }
  old = mov t9 @16:6
  t10 = [1] @17:37
  atomic @17:11 {
    t11 = load t10 @17:11
    t12 = eq t11, e @17:11
    rmw1: @17:11 {
      t13 = lnot t12 @17:11
      break rmw1 if t13 @17:11
      store t10, v @17:11
    }
  }
  fence load-load on pso,rmo,relaxed implied @17:11
  fence load-store on pso,rmo,relaxed implied @17:11
  cmpxchg1: @17:11 {
    break cmpxchg1 if t12 @17:11
    e = mov t11 @17:11
  }
  ok = mov t12 @17:6
  t14 = [3] @18:36
  fence full on pso,rmo,relaxed implied @18:8
  atomic @18:8 {
    t15 = load t14 @18:8
    t16 = eq t15, old @18:8
    t17 = choose 0 1 @18:8
    t18 = and.i32 t16, t17 @18:8
    rmw2: @18:8 {
      t19 = lnot t18 @18:8
      break rmw2 if t19 @18:8
      store t14, q @18:8
    }
  }
  fence load-load on pso,rmo,relaxed implied @18:8
  fence load-store on pso,rmo,relaxed implied @18:8
  cmpxchg2: @18:8 {
    break cmpxchg2 if t18 @18:8
    old = mov t15 @18:8
  }
  ok = add.i32 ok, t18 @18:5
  t20 = [1] @19:7
  t21 = 1 @19:7
  atomic @19:7 {
    t22 = load t20 @19:7
    t23 = add.i32 t22, t21 @19:7
    store t20, t23 @19:7
  }
  t24 = [1] @19:53
  t25 = 6 @19:53
  atomic @19:53 {
    t26 = load t24 @19:53
    t27 = and.i32 t26, t25 @19:53
    t28 = bnot.i32 t27 @19:53
    store t24, t28 @19:53
  }
  t29 = add.i32 t23, t28 @19:51
  r = add.i32 r, t29 @19:4
  t30 = [1] @20:7
  t31 = 1 @20:7
  atomic @20:7 {
    t32 = load t30 @20:7
    t33 = and.i32 t32, t31 @20:7
    t34 = bnot.i32 t33 @20:7
    store t30, t34 @20:7
  }
  r = add.i32 r, t32 @20:4
  t35 = [1] @21:29
  t36 = 1 @21:7
  fence full on pso,rmo,relaxed implied @21:7
  atomic @21:7 {
    t37 = load t35 @21:7
    store t35, t36 @21:7
  }
  fence load-load on pso,rmo,relaxed implied @21:7
  fence load-store on pso,rmo,relaxed implied @21:7
  t38 = 0 @21:7
  t39 = ne t37, t38 @21:7
  r = add.i32 r, t39 @21:4
  t40 = [1] @22:17
  t41 = 0 @22:2
  fence load-store on pso,rmo,relaxed implied @22:2
  fence store-store on pso,rmo,relaxed implied @22:2
  store t40, t41 @22:2
  fence full on tso,pso,rmo,relaxed @23:2
  t42 = add.i32 r, ok @25:11
  t43 = add.i32 t42, e @25:16
  t44 = [3] @25:24
  t45 = load t44 @25:24
  fence load-load on pso,rmo,relaxed implied @25:24
  fence load-store on pso,rmo,relaxed implied @25:24
  t46 = load t45 @25:23
  ret = add.i32 t43, t46 @25:20
}

proc syncs(q) -> (ret) @28:5 {
  t1 = [1] @29:31
  t2 = 1 @29:35
  fence full on pso,rmo,relaxed implied @29:10
  atomic @29:10 {
    t3 = load t1 @29:10
    t4 = add.i32 t3, t2 @29:10
    store t1, t4 @29:10
  }
  fence load-load on pso,rmo,relaxed implied @29:10
  fence load-store on pso,rmo,relaxed implied @29:10
  t5 = [1] @29:61
  t6 = 1 @29:65
  fence full on pso,rmo,relaxed implied @29:40
  atomic @29:40 {
    t7 = load t5 @29:40
    t8 = sub.i32 t7, t6 @29:40
    store t5, t8 @29:40
  }
  fence load-load on pso,rmo,relaxed implied @29:40
  fence load-store on pso,rmo,relaxed implied @29:40
  r = add.i32 t3, t8 @29:38
  t9 = [1] @30:36
  t10 = 0 @30:40
  t11 = 1 @30:43
  fence full on pso,rmo,relaxed implied @30:7
  atomic @30:7 {
    t12 = load t9 @30:7
    t13 = eq t12, t10 @30:7
    rmw1: @30:7 {
      t14 = lnot t13 @30:7
      break rmw1 if t14 @30:7
      store t9, t11 @30:7
    }
  }
  fence load-load on pso,rmo,relaxed implied @30:7
  fence load-store on pso,rmo,relaxed implied @30:7
  r = add.i32 r, t13 @30:4
  t15 = [1] @31:35
  t16 = 1 @31:39
  t17 = 2 @31:42
  fence full on pso,rmo,relaxed implied @31:7
  atomic @31:7 {
    t18 = load t15 @31:7
    t19 = eq t18, t16 @31:7
    rmw2: @31:7 {
      t20 = lnot t19 @31:7
      break rmw2 if t20 @31:7
      store t15, t17 @31:7
    }
  }
  fence load-load on pso,rmo,relaxed implied @31:7
  fence load-store on pso,rmo,relaxed implied @31:7
  r = add.i32 r, t18 @31:4
  t21 = [1] @32:32
  t22 = 1 @32:36
  atomic @32:7 {
    t23 = load t21 @32:7
    store t21, t22 @32:7
  }
  fence load-load on pso,rmo,relaxed implied @32:7
  fence load-store on pso,rmo,relaxed implied @32:7
  r = add.i32 r, t23 @32:4
  t24 = [1] @33:22
  t25 = 0 @33:2
  fence load-store on pso,rmo,relaxed implied @33:2
  fence store-store on pso,rmo,relaxed implied @33:2
  store t24, t25 @33:2
  fence full on tso,pso,rmo,relaxed @34:2
  ret = mov r @35:2
}

proc locks() -> (ret) @38:5 {
  t1 = [4] @39:21
  t2 = 0 @39:25
  t3 = 0 @39:2
  t4 = 0 @39:2
  store t1, t4 @39:2
  t5 = [4] @40:21
  t6 = 0 @40:2
  atomic @40:2 {
    t7 = load t5 @40:2
    t8 = 0 @40:2
    t9 = eq t7, t8 @40:2
    assume t9 @40:2
    t10 = 1 @40:2
    store t5, t10 @40:2
  }
  fence load-load @40:2
  fence load-store @40:2
  t11 = 1 @41:6
  t12 = [1] @41:4
  store t12, t11 @41:4
  t13 = [4] @42:23
  t14 = 0 @42:2
  fence load-store @42:2
  fence store-store @42:2
  atomic @42:2 {
    t15 = load t13 @42:2
    t16 = 1 @42:2
    t17 = eq t15, t16 @42:2
    assert t17 @42:2
    t18 = 0 @42:2
    store t13, t18 @42:2
  }
  t19 = [4] @43:35
  t20 = 0 @43:13
  atomic @43:13 {
    t21 = load t19 @43:13
    t22 = 0 @43:13
    t23 = eq t21, t22 @43:13
    trylock1: @43:13 {
      t24 = lnot t23 @43:13
      break trylock1 if t24 @43:13
      t25 = 1 @43:13
      store t19, t25 @43:13
    }
  }
  trylock2: @43:13 {
    t26 = lnot t23 @43:13
    break trylock2 if t26 @43:13
    fence load-load @43:13
    fence load-store @43:13
  }
  t27 = lnot t23 @43:13
  t28 = 16 @43:13
  busy = mul.i32 t27, t28 @43:13
  if1: @44:2 {
    break if1 if busy @44:2
    t29 = [4] @45:24
    t30 = 0 @45:3
    fence load-store @45:3
    fence store-store @45:3
    atomic @45:3 {
      t31 = load t29 @45:3
      t32 = 1 @45:3
      t33 = eq t31, t32 @45:3
      assert t33 @45:3
      t34 = 0 @45:3
      store t29, t34 @45:3
    }
  }
  t35 = [4] @46:24
  t36 = 0 @46:2
  t37 = [5] @47:20
  t38 = 0 @47:24
  t39 = 0 @47:2
  t40 = 0 @47:2
  store t37, t40 @47:2
  t41 = [5] @48:20
  t42 = 0 @48:2
  atomic @48:2 {
    t43 = load t41 @48:2
    t44 = 0 @48:2
    t45 = eq t43, t44 @48:2
    assume t45 @48:2
    t46 = 1 @48:2
    store t41, t46 @48:2
  }
  fence load-load @48:2
  fence load-store @48:2
  t47 = [5] @49:22
  t48 = 0 @49:2
  fence load-store @49:2
  fence store-store @49:2
  atomic @49:2 {
    t49 = load t47 @49:2
    t50 = 1 @49:2
    t51 = eq t49, t50 @49:2
    assert t51 @49:2
    t52 = 0 @49:2
    store t47, t52 @49:2
  }
  t53 = [5] @50:37
  t54 = 0 @50:16
  atomic @50:16 {
    t55 = load t53 @50:16
    t56 = 0 @50:16
    t57 = eq t55, t56 @50:16
    trylock3: @50:16 {
      t58 = lnot t57 @50:16
      break trylock3 if t58 @50:16
      t59 = 1 @50:16
      store t53, t59 @50:16
    }
  }
  trylock4: @50:16 {
    t60 = lnot t57 @50:16
    break trylock4 if t60 @50:16
    fence load-load @50:16
    fence load-store @50:16
  }
  t61 = lnot t57 @50:16
  t62 = 16 @50:16
  t63 = mul.i32 t61, t62 @50:16
  t64 = add.i32 busy, t63 @50:14
  t65 = [5] @50:64
  t66 = 0 @50:43
  ret = add.i32 t64, t66 @50:41
}
