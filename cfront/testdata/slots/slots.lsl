source "slots.c"
global x @1 @11:5
global y @2 @11:8

proc f(n) -> (ret) @15:5 {
  fence full slot 1 @17:5
  i = 0 @17:13
  fence full slot 2 @18:5
  while1: @18:5 {
    t1 = ge.i32 i, n @18:14
    break while1 if t1 looptest @18:5
    fence full slot 3 @19:9
    t2 = [1] @19:11
    store t2, i @19:11
    fence full slot 4 @20:9
    t3 = 1 @20:10
    i = add.i32 i, t3 @20:10
    fence full slot 5 @21:5
    continue while1 @18:5
  }
  fence full slot 6 @22:5
  atomic @22:5 {
    t4 = 2 @23:9
    t5 = [1] @23:7
    store t5, t4 @23:7
    t6 = 2 @24:9
    t7 = [2] @24:7
    store t7, t6 @24:7
  }
  fence full slot 7 @26:5
  switch1: @26:5 {
    switch1.c2: @30:5 {
      switch1.c1: @27:5 {
        t8 = 1 @27:5
        t9 = eq n, t8 @27:5
        break switch1.c1 if t9 @27:5
        break switch1.c2 @26:5
      }
      fence full slot 8 @28:9
      t10 = 3 @28:13
      t11 = [2] @28:11
      store t11, t10 @28:11
      fence full slot 9 @29:9
      break switch1 @29:9
    }
    fence full slot 10 @31:9
    t12 = 4 @31:13
    t13 = [2] @31:11
    store t13, t12 @31:11
  }
  fence full slot 11 @33:5
  if1: @33:5 {
    t14 = lnot n @33:9
    break if1 if t14 @33:5
    t15 = 5 @34:13
    t16 = [1] @34:11
    store t16, t15 @34:11
  }
  fence full slot 12 @35:1
  again: @35:1 {
    if2: @36:5 {
      t17 = [1] @36:9
      t18 = load t17 @36:9
      t19 = 7 @36:14
      t20 = ne t18, t19 @36:11
      break if2 if t20 @36:5
      continue again @37:9
    }
  }
  fence full slot 13 @38:5
  t21 = 1 @38:5
  t22 = [1] @38:5
  store t22, t21 @38:5
  t23 = 1 @38:5
  t24 = [2] @38:5
  store t24, t23 @38:5
  fence full slot 14 @39:5
  t25 = [2] @39:12
  ret = load t25 @39:12
}

proc g() -> () @42:6 {
  fence full slot 15 @42:16
  t1 = 1 @42:20
  t2 = [1] @42:18
  store t2, t1 @42:18
  fence full slot 16 @42:23
  t3 = 2 @42:27
  t4 = [2] @42:25
  store t4, t3 @42:25
  fence full slot 17 @42:30
}

proc h(n) -> (ret) @44:5 {
  fence full slot 18 @46:5
  out: @47:9 {
    if1: @46:5 {
      t1 = lnot n @46:9
      break if1 if t1 @46:5
      break out @47:9
    }
    fence full slot 19 @48:5
    t2 = 8 @48:9
    t3 = [1] @48:7
    store t3, t2 @48:7
    fence full slot 20 @49:1
  }
  t4 = 8 @50:9
  t5 = [2] @50:7
  store t5, t4 @50:7
  fence full slot 21 @51:1
  t6 = 9 @52:9
  t7 = [1] @52:7
  store t7, t6 @52:7
  fence full slot 22 @53:5
  t8 = [1] @53:12
  ret = load t8 @53:12
}

proc k(n) -> () @56:6 {
  fence full slot 23 @58:5
  i = 0 @58:18
  for1: @58:5 {
    t1 = ge.i32 i, n @58:23
    break for1 if t1 looptest @58:5
    fence full slot 24 brace 59:15 @59:9
    t2 = [1] @59:11
    store t2, i @59:11
    fence full slot 25 brace 59:9 @59:15
    t3 = 1 @58:29
    i = add.i32 i, t3 @58:29
    continue for1 @58:5
  }
  fence full slot 26 @60:5
  while1: @60:5 {
    t4 = [2] @60:12
    t5 = load t4 @60:12
    t6 = lnot t5 @60:12
    break while1 if t6 looptest @60:5
    fence full slot 27 brace 61:10 @61:9
    fence full slot 28 brace 61:9 @61:10
    continue while1 @60:5
  }
  fence full slot 29 @62:5
  do1: @62:5 {
    fence full slot 30 brace 62:12 @62:8
    t7 = [2] @62:9
    t8 = load t7 @62:9
    t9 = 1 @62:9
    t10 = sub.i32 t8, t9 @62:9
    store t7, t10 @62:9
    fence full slot 31 brace 62:8 @62:12
    t11 = [2] @62:20
    t12 = load t11 @62:20
    t13 = 0 @62:24
    t14 = gt.i32 t12, t13 @62:22
    continue do1 if t14 @62:13
  }
  fence full slot 32 @63:5
  for2: @63:5 {
    if1: @64:9 {
      t15 = [1] @64:13
      t16 = load t15 @64:13
      t17 = lnot t16 @64:13
      break if1 if t17 @64:9
      break for2 @64:16
    }
    continue for2 @63:5
  }
  fence full slot 33 @65:1
}

proc m(n) -> () @68:6 {
  fence full slot 34 @70:5
  i = 0 @70:18
  for1: @70:5 {
    t1 = ge.i32 i, n @70:23
    break for1 if t1 looptest @70:5
    fence full slot 35 brace 71:43 @71:9
    j = 0 @71:22
    for2: @71:9 {
      t2 = ge.i32 j, n @71:27
      break for2 if t2 looptest @71:9
      fence full slot 36 brace 71:43 @71:37
      t3 = [1] @71:39
      store t3, j @71:39
      fence full slot 37 brace 71:37 @71:43
      t4 = 1 @71:33
      j = add.i32 j, t4 @71:33
      continue for2 @71:9
    }
    fence full slot 38 brace 71:9 @71:43
    t5 = 1 @70:29
    i = add.i32 i, t5 @70:29
    continue for1 @70:5
  }
  fence full slot 39 @72:5
  i#2 = 0 @72:18
  for3: @72:5 {
    t6 = ge.i32 i#2, n @72:23
    break for3 if t6 looptest @72:5
    t7 = [1] @73:9
    t8 = load t7 @73:9
    t9 = 1 @73:9
    t10 = add.i32 t8, t9 @73:9
    store t7, t10 @73:9
    t11 = 1 @72:29
    i#2 = add.i32 i#2, t11 @72:29
    continue for3 @72:5
  }
  fence full slot 40 @74:5
  i#3 = 0 @74:18
  for4: @74:5 {
    t12 = ge.i32 i#3, n @74:23
    break for4 if t12 looptest @74:5
    fence full slot 41 brace 74:39 @74:33
    t13 = [2] @74:35
    store t13, i#3 @74:35
    fence full slot 42 brace 74:33 @74:39
    t14 = 1 @74:29
    i#3 = add.i32 i#3, t14 @74:29
    continue for4 @74:5
  }
  fence full slot 43 @74:39
  t15 = 3 @74:43
  t16 = [1] @74:41
  store t16, t15 @74:41
  fence full slot 44 @75:1
}

proc e(n) -> () @81:6 {
  fence full slot 45 @83:5
  t1 = 1 @83:9
  t2 = [1] @83:7
  store t2, t1 @83:7
  fence full slot 46 @83:12
  fence full slot 47 @83:21
  t3 = 1 @83:25
  t4 = [2] @83:23
  store t4, t3 @83:23
  fence full slot 48 @84:5
  fence full slot 49 @85:5
  while1: @85:5 {
    t5 = mov n @85:13
    t6 = 1 @85:13
    n = sub.i32 t5, t6 @85:13
    t7 = lnot t5 @85:12
    break while1 if t7 looptest @85:5
    fence full slot 50 brace 85:25 @85:17
    fence full slot 51 brace 85:17 @85:25
    continue while1 @85:5
  }
  fence full slot 52 @86:5
  t8 = 2 @86:9
  t9 = [1] @86:7
  store t9, t8 @86:7
  fence full slot 53 @86:12
}

proc r() -> () @91:6 {
  fence full slot 54 @93:5
  i = 0 @93:13
  fence full slot 55 @94:1
  again: @94:1 {
    atomic @95:5 {
      t1 = [1] @96:9
      t2 = load t1 @96:9
      t3 = 1 @96:13
      t4 = add.i32 t2, t3 @96:11
      t5 = [1] @96:7
      store t5, t4 @96:7
    }
    fence full slot 56 @98:5
    if1: @98:5 {
      t6 = 1 @98:9
      i = add.i32 i, t6 @98:9
      t7 = 2 @98:15
      t8 = ge.i32 i, t7 @98:13
      break if1 if t8 @98:5
      continue again @99:9
    }
  }
  fence full slot 57 @100:1
  retry: @100:1 {
    atomic @100:8 {
      t9 = [1] @101:9
      t10 = load t9 @101:9
      t11 = 1 @101:13
      t12 = add.i32 t10, t11 @101:11
      t13 = [1] @101:7
      store t13, t12 @101:7
    }
    fence full slot 58 @103:5
    if2: @103:5 {
      t14 = 1 @103:9
      i = add.i32 i, t14 @103:9
      t15 = 4 @103:15
      t16 = ge.i32 i, t15 @103:13
      break if2 if t16 @103:5
      continue retry @104:9
    }
  }
  fence full slot 59 @105:1
}
