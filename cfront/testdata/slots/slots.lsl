source "slots.c"
global x @1 @6:5
global y @2 @6:8

proc f(n) -> (ret) @10:5 {
  fence full slot 1 @12:5
  i = 0 @12:13
  fence full slot 2 @13:5
  while1: @13:5 {
    t1 = ge.i32 i, n @13:14
    break while1 if t1 @13:5
    fence full slot 3 @14:9
    t2 = [1] @14:11
    store t2, i @14:11
    fence full slot 4 @15:9
    t3 = 1 @15:10
    i = add.i32 i, t3 @15:10
    fence full slot 5 @16:5
    continue while1 @13:5
  }
  fence full slot 6 @17:5
  atomic @17:5 {
    t4 = 2 @18:9
    t5 = [1] @18:7
    store t5, t4 @18:7
    t6 = 2 @19:9
    t7 = [2] @19:7
    store t7, t6 @19:7
  }
  fence full slot 7 @21:5
  switch1: @21:5 {
    switch1.c2: @25:5 {
      switch1.c1: @22:5 {
        t8 = 1 @22:5
        t9 = eq n, t8 @22:5
        break switch1.c1 if t9 @22:5
        break switch1.c2 @21:5
      }
      fence full slot 8 @23:9
      t10 = 3 @23:13
      t11 = [2] @23:11
      store t11, t10 @23:11
      fence full slot 9 @24:9
      break switch1 @24:9
    }
    fence full slot 10 @26:9
    t12 = 4 @26:13
    t13 = [2] @26:11
    store t13, t12 @26:11
  }
  fence full slot 11 @28:5
  if1: @28:5 {
    t14 = lnot n @28:9
    break if1 if t14 @28:5
    t15 = 5 @29:13
    t16 = [1] @29:11
    store t16, t15 @29:11
  }
  again: @30:1 {
    if2: @31:5 {
      t17 = [1] @31:9
      t18 = load t17 @31:9
      t19 = 7 @31:14
      t20 = ne t18, t19 @31:11
      break if2 if t20 @31:5
      continue again @32:9
    }
  }
  fence full slot 12 @33:5
  t21 = 1 @33:5
  t22 = [1] @33:5
  store t22, t21 @33:5
  t23 = 1 @33:5
  t24 = [2] @33:5
  store t24, t23 @33:5
  fence full slot 13 @34:5
  t25 = [2] @34:12
  ret = load t25 @34:12
}

proc g() -> () @37:6 {
  fence full slot 14 @37:16
  t1 = 1 @37:20
  t2 = [1] @37:18
  store t2, t1 @37:18
  fence full slot 15 @37:23
  t3 = 2 @37:27
  t4 = [2] @37:25
  store t4, t3 @37:25
  fence full slot 16 @37:30
}
