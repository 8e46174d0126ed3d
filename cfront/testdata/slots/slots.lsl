source "slots.c"
global x @1 @10:5
global y @2 @10:8

proc f(n) -> (ret) @14:5 {
  fence full slot 1 @16:5
  i = 0 @16:13
  fence full slot 2 @17:5
  while1: @17:5 {
    t1 = ge.i32 i, n @17:14
    break while1 if t1 @17:5
    fence full slot 3 @18:9
    t2 = [1] @18:11
    store t2, i @18:11
    fence full slot 4 @19:9
    t3 = 1 @19:10
    i = add.i32 i, t3 @19:10
    fence full slot 5 @20:5
    continue while1 @17:5
  }
  fence full slot 6 @21:5
  atomic @21:5 {
    t4 = 2 @22:9
    t5 = [1] @22:7
    store t5, t4 @22:7
    t6 = 2 @23:9
    t7 = [2] @23:7
    store t7, t6 @23:7
  }
  fence full slot 7 @25:5
  switch1: @25:5 {
    switch1.c2: @29:5 {
      switch1.c1: @26:5 {
        t8 = 1 @26:5
        t9 = eq n, t8 @26:5
        break switch1.c1 if t9 @26:5
        break switch1.c2 @25:5
      }
      fence full slot 8 @27:9
      t10 = 3 @27:13
      t11 = [2] @27:11
      store t11, t10 @27:11
      fence full slot 9 @28:9
      break switch1 @28:9
    }
    fence full slot 10 @30:9
    t12 = 4 @30:13
    t13 = [2] @30:11
    store t13, t12 @30:11
  }
  fence full slot 11 @32:5
  if1: @32:5 {
    t14 = lnot n @32:9
    break if1 if t14 @32:5
    t15 = 5 @33:13
    t16 = [1] @33:11
    store t16, t15 @33:11
  }
  fence full slot 12 @34:1
  again: @34:1 {
    if2: @35:5 {
      t17 = [1] @35:9
      t18 = load t17 @35:9
      t19 = 7 @35:14
      t20 = ne t18, t19 @35:11
      break if2 if t20 @35:5
      continue again @36:9
    }
  }
  fence full slot 13 @37:5
  t21 = 1 @37:5
  t22 = [1] @37:5
  store t22, t21 @37:5
  t23 = 1 @37:5
  t24 = [2] @37:5
  store t24, t23 @37:5
  fence full slot 14 @38:5
  t25 = [2] @38:12
  ret = load t25 @38:12
}

proc g() -> () @41:6 {
  fence full slot 15 @41:16
  t1 = 1 @41:20
  t2 = [1] @41:18
  store t2, t1 @41:18
  fence full slot 16 @41:23
  t3 = 2 @41:27
  t4 = [2] @41:25
  store t4, t3 @41:25
  fence full slot 17 @41:30
}

proc h(n) -> (ret) @43:5 {
  fence full slot 18 @45:5
  out: @46:9 {
    if1: @45:5 {
      t1 = lnot n @45:9
      break if1 if t1 @45:5
      break out @46:9
    }
    fence full slot 19 @47:5
    t2 = 8 @47:9
    t3 = [1] @47:7
    store t3, t2 @47:7
  }
  t4 = 8 @49:9
  t5 = [2] @49:7
  store t5, t4 @49:7
  fence full slot 20 @50:1
  t6 = 9 @51:9
  t7 = [1] @51:7
  store t7, t6 @51:7
  fence full slot 21 @52:5
  t8 = [1] @52:12
  ret = load t8 @52:12
}

proc k(n) -> () @55:6 {
  fence full slot 22 @57:5
  i = 0 @57:18
  for1: @57:5 {
    t1 = ge.i32 i, n @57:23
    break for1 if t1 @57:5
    fence full slot 23 brace 58:15 @58:9
    t2 = [1] @58:11
    store t2, i @58:11
    fence full slot 24 brace 58:9 @58:15
    t3 = 1 @57:29
    i = add.i32 i, t3 @57:29
    continue for1 @57:5
  }
  fence full slot 25 @59:5
  while1: @59:5 {
    t4 = [2] @59:12
    t5 = load t4 @59:12
    t6 = lnot t5 @59:12
    break while1 if t6 @59:5
    fence full slot 26 brace 60:10 @60:9
    fence full slot 27 brace 60:9 @60:10
    continue while1 @59:5
  }
  fence full slot 28 @61:5
  do1: @61:5 {
    fence full slot 29 brace 61:12 @61:8
    t7 = [2] @61:9
    t8 = load t7 @61:9
    t9 = 1 @61:9
    t10 = sub.i32 t8, t9 @61:9
    store t7, t10 @61:9
    fence full slot 30 brace 61:8 @61:12
    t11 = [2] @61:20
    t12 = load t11 @61:20
    t13 = 0 @61:24
    t14 = gt.i32 t12, t13 @61:22
    continue do1 if t14 @61:13
  }
  fence full slot 31 @62:5
  for2: @62:5 {
    if1: @63:9 {
      t15 = [1] @63:13
      t16 = load t15 @63:13
      t17 = lnot t16 @63:13
      break if1 if t17 @63:9
      break for2 @63:16
    }
    continue for2 @62:5
  }
  fence full slot 32 @64:1
}
