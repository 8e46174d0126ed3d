source "slots.c"
global x @1 @8:5
global y @2 @8:8

proc f(n) -> (ret) @12:5 {
  fence full slot 1 @14:5
  i = 0 @14:13
  fence full slot 2 @15:5
  while1: @15:5 {
    t1 = ge.i32 i, n @15:14
    break while1 if t1 @15:5
    fence full slot 3 @16:9
    t2 = [1] @16:11
    store t2, i @16:11
    fence full slot 4 @17:9
    t3 = 1 @17:10
    i = add.i32 i, t3 @17:10
    fence full slot 5 @18:5
    continue while1 @15:5
  }
  fence full slot 6 @19:5
  atomic @19:5 {
    t4 = 2 @20:9
    t5 = [1] @20:7
    store t5, t4 @20:7
    t6 = 2 @21:9
    t7 = [2] @21:7
    store t7, t6 @21:7
  }
  fence full slot 7 @23:5
  switch1: @23:5 {
    switch1.c2: @27:5 {
      switch1.c1: @24:5 {
        t8 = 1 @24:5
        t9 = eq n, t8 @24:5
        break switch1.c1 if t9 @24:5
        break switch1.c2 @23:5
      }
      fence full slot 8 @25:9
      t10 = 3 @25:13
      t11 = [2] @25:11
      store t11, t10 @25:11
      fence full slot 9 @26:9
      break switch1 @26:9
    }
    fence full slot 10 @28:9
    t12 = 4 @28:13
    t13 = [2] @28:11
    store t13, t12 @28:11
  }
  fence full slot 11 @30:5
  if1: @30:5 {
    t14 = lnot n @30:9
    break if1 if t14 @30:5
    t15 = 5 @31:13
    t16 = [1] @31:11
    store t16, t15 @31:11
  }
  fence full slot 12 @32:1
  again: @32:1 {
    if2: @33:5 {
      t17 = [1] @33:9
      t18 = load t17 @33:9
      t19 = 7 @33:14
      t20 = ne t18, t19 @33:11
      break if2 if t20 @33:5
      continue again @34:9
    }
  }
  fence full slot 13 @35:5
  t21 = 1 @35:5
  t22 = [1] @35:5
  store t22, t21 @35:5
  t23 = 1 @35:5
  t24 = [2] @35:5
  store t24, t23 @35:5
  fence full slot 14 @36:5
  t25 = [2] @36:12
  ret = load t25 @36:12
}

proc g() -> () @39:6 {
  fence full slot 15 @39:16
  t1 = 1 @39:20
  t2 = [1] @39:18
  store t2, t1 @39:18
  fence full slot 16 @39:23
  t3 = 2 @39:27
  t4 = [2] @39:25
  store t4, t3 @39:25
  fence full slot 17 @39:30
}

proc h(n) -> (ret) @41:5 {
  fence full slot 18 @43:5
  out: @44:9 {
    if1: @43:5 {
      t1 = lnot n @43:9
      break if1 if t1 @43:5
      break out @44:9
    }
    fence full slot 19 @45:5
    t2 = 8 @45:9
    t3 = [1] @45:7
    store t3, t2 @45:7
  }
  t4 = 8 @47:9
  t5 = [2] @47:7
  store t5, t4 @47:7
  fence full slot 20 @48:1
  t6 = 9 @49:9
  t7 = [1] @49:7
  store t7, t6 @49:7
  fence full slot 21 @50:5
  t8 = [1] @50:12
  ret = load t8 @50:12
}
