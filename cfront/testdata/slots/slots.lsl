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
    fence full slot 12 brace 34:15 @34:9
    t15 = 5 @34:13
    t16 = [1] @34:11
    store t16, t15 @34:11
    fence full slot 13 brace 34:9 @34:15
  }
  fence full slot 14 @35:1
  again: @35:1 {
    if2: @36:5 {
      t17 = [1] @36:9
      t18 = load t17 @36:9
      t19 = 7 @36:14
      t20 = ne t18, t19 @36:11
      break if2 if t20 @36:5
      fence full slot 15 brace 37:20 @37:9
      continue again @37:9
      fence full slot 16 brace 37:9 @37:20
    }
  }
  fence full slot 17 @38:5
  t21 = 1 @38:5
  t22 = [1] @38:5
  store t22, t21 @38:5
  t23 = 1 @38:5
  t24 = [2] @38:5
  store t24, t23 @38:5
  fence full slot 18 @39:5
  t25 = [2] @39:12
  ret = load t25 @39:12
}

proc g() -> () @42:6 {
  fence full slot 19 @42:16
  t1 = 1 @42:20
  t2 = [1] @42:18
  store t2, t1 @42:18
  fence full slot 20 @42:23
  t3 = 2 @42:27
  t4 = [2] @42:25
  store t4, t3 @42:25
  fence full slot 21 @42:30
}

proc h(n) -> (ret) @44:5 {
  fence full slot 22 @46:5
  out: @47:9 {
    if1: @46:5 {
      t1 = lnot n @46:9
      break if1 if t1 @46:5
      fence full slot 23 brace 47:18 @47:9
      break out @47:9
      fence full slot 24 brace 47:9 @47:18
    }
    fence full slot 25 @48:5
    t2 = 8 @48:9
    t3 = [1] @48:7
    store t3, t2 @48:7
    fence full slot 26 @49:1
  }
  t4 = 8 @50:9
  t5 = [2] @50:7
  store t5, t4 @50:7
  fence full slot 27 @51:1
  t6 = 9 @52:9
  t7 = [1] @52:7
  store t7, t6 @52:7
  fence full slot 28 @53:5
  t8 = [1] @53:12
  ret = load t8 @53:12
}

proc k(n) -> () @56:6 {
  fence full slot 29 @58:5
  i = 0 @58:18
  for1: @58:5 {
    t1 = ge.i32 i, n @58:23
    break for1 if t1 looptest @58:5
    fence full slot 30 brace 59:15 @59:9
    t2 = [1] @59:11
    store t2, i @59:11
    fence full slot 31 brace 59:9 @59:15
    t3 = 1 @58:29
    i = add.i32 i, t3 @58:29
    continue for1 @58:5
  }
  fence full slot 32 @60:5
  while1: @60:5 {
    t4 = [2] @60:12
    t5 = load t4 @60:12
    t6 = lnot t5 @60:12
    break while1 if t6 looptest @60:5
    fence full slot 33 brace 61:10 @61:9
    fence full slot 34 brace 61:9 @61:10
    continue while1 @60:5
  }
  fence full slot 35 @62:5
  do1: @62:5 {
    fence full slot 36 brace 62:12 @62:8
    t7 = [2] @62:9
    t8 = load t7 @62:9
    t9 = 1 @62:9
    t10 = sub.i32 t8, t9 @62:9
    store t7, t10 @62:9
    fence full slot 37 brace 62:8 @62:12
    t11 = [2] @62:20
    t12 = load t11 @62:20
    t13 = 0 @62:24
    t14 = gt.i32 t12, t13 @62:22
    continue do1 if t14 @62:13
  }
  fence full slot 38 @63:5
  for2: @63:5 {
    fence full slot 39 brace 64:22 @64:9
    if1: @64:9 {
      t15 = [1] @64:13
      t16 = load t15 @64:13
      t17 = lnot t16 @64:13
      break if1 if t17 @64:9
      fence full slot 40 brace 64:22 @64:16
      break for2 @64:16
      fence full slot 41 brace 64:16 @64:22
    }
    fence full slot 42 brace 64:9 @64:22
    continue for2 @63:5
  }
  fence full slot 43 @65:1
}

proc m(n) -> () @68:6 {
  fence full slot 44 @70:5
  i = 0 @70:18
  for1: @70:5 {
    t1 = ge.i32 i, n @70:23
    break for1 if t1 looptest @70:5
    fence full slot 45 brace 71:43 @71:9
    j = 0 @71:22
    for2: @71:9 {
      t2 = ge.i32 j, n @71:27
      break for2 if t2 looptest @71:9
      fence full slot 46 brace 71:43 @71:37
      t3 = [1] @71:39
      store t3, j @71:39
      fence full slot 47 brace 71:37 @71:43
      t4 = 1 @71:33
      j = add.i32 j, t4 @71:33
      continue for2 @71:9
    }
    fence full slot 48 brace 71:9 @71:43
    t5 = 1 @70:29
    i = add.i32 i, t5 @70:29
    continue for1 @70:5
  }
  fence full slot 49 @72:5
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
  fence full slot 50 @74:5
  i#3 = 0 @74:18
  for4: @74:5 {
    t12 = ge.i32 i#3, n @74:23
    break for4 if t12 looptest @74:5
    fence full slot 51 brace 74:39 @74:33
    t13 = [2] @74:35
    store t13, i#3 @74:35
    fence full slot 52 brace 74:33 @74:39
    t14 = 1 @74:29
    i#3 = add.i32 i#3, t14 @74:29
    continue for4 @74:5
  }
  fence full slot 53 @74:39
  t15 = 3 @74:43
  t16 = [1] @74:41
  store t16, t15 @74:41
  fence full slot 54 @75:1
}

proc e(n) -> () @81:6 {
  fence full slot 55 @83:5
  t1 = 1 @83:9
  t2 = [1] @83:7
  store t2, t1 @83:7
  fence full slot 56 @83:12
  fence full slot 57 @83:21
  t3 = 1 @83:25
  t4 = [2] @83:23
  store t4, t3 @83:23
  fence full slot 58 @84:5
  fence full slot 59 @85:5
  while1: @85:5 {
    t5 = mov n @85:13
    t6 = 1 @85:13
    n = sub.i32 t5, t6 @85:13
    t7 = lnot t5 @85:12
    break while1 if t7 looptest @85:5
    fence full slot 60 brace 85:25 @85:17
    fence full slot 61 brace 85:17 @85:25
    continue while1 @85:5
  }
  fence full slot 62 @86:5
  t8 = 2 @86:9
  t9 = [1] @86:7
  store t9, t8 @86:7
  fence full slot 63 @86:12
}

proc r() -> () @91:6 {
  fence full slot 64 @93:5
  i = 0 @93:13
  fence full slot 65 @94:1
  again: @94:1 {
    atomic @95:5 {
      t1 = [1] @96:9
      t2 = load t1 @96:9
      t3 = 1 @96:13
      t4 = add.i32 t2, t3 @96:11
      t5 = [1] @96:7
      store t5, t4 @96:7
    }
    fence full slot 66 @98:5
    if1: @98:5 {
      t6 = 1 @98:9
      i = add.i32 i, t6 @98:9
      t7 = 2 @98:15
      t8 = ge.i32 i, t7 @98:13
      break if1 if t8 @98:5
      fence full slot 67 brace 99:20 @99:9
      continue again @99:9
      fence full slot 68 brace 99:9 @99:20
    }
  }
  fence full slot 69 @100:1
  retry: @100:1 {
    atomic @100:8 {
      t9 = [1] @101:9
      t10 = load t9 @101:9
      t11 = 1 @101:13
      t12 = add.i32 t10, t11 @101:11
      t13 = [1] @101:7
      store t13, t12 @101:7
    }
    fence full slot 70 @103:5
    if2: @103:5 {
      t14 = 1 @103:9
      i = add.i32 i, t14 @103:9
      t15 = 4 @103:15
      t16 = ge.i32 i, t15 @103:13
      break if2 if t16 @103:5
      fence full slot 71 brace 104:20 @104:9
      continue retry @104:9
      fence full slot 72 brace 104:9 @104:20
    }
  }
  fence full slot 73 @105:1
}

proc b(n) -> (ret) @111:5 {
  body: @112:1 {
    fence full slot 74 @113:5
    if1: @113:5 {
      if1.then: @113:5 {
        t1 = lnot n @113:9
        break if1.then if t1 @113:5
        fence full slot 75 brace 114:15 @114:9
        t2 = 1 @114:13
        t3 = [1] @114:11
        store t3, t2 @114:11
        fence full slot 76 brace 114:9 @114:15
        break if1 @113:5
      }
      fence full slot 77 brace 116:15 @116:9
      t4 = 1 @116:13
      t5 = [2] @116:11
      store t5, t4 @116:11
      fence full slot 78 brace 116:9 @116:15
    }
    fence full slot 79 @117:5
    if2: @117:5 {
      if2.then: @117:5 {
        t6 = 1 @117:14
        t7 = ne n, t6 @117:11
        break if2.then if t7 @117:5
        fence full slot 80 brace 117:23 @117:17
        t8 = 2 @117:21
        t9 = [1] @117:19
        store t9, t8 @117:19
        fence full slot 81 brace 117:17 @117:23
        break if2 @117:5
      }
      fence full slot 82 brace 117:59 @117:29
      if3: @117:29 {
        if3.then: @117:29 {
          t10 = 2 @117:38
          t11 = ne n, t10 @117:35
          break if3.then if t11 @117:29
          fence full slot 83 brace 117:47 @117:41
          t12 = 3 @117:45
          t13 = [1] @117:43
          store t13, t12 @117:43
          fence full slot 84 brace 117:41 @117:47
          break if3 @117:29
        }
        fence full slot 85 brace 117:59 @117:53
        t14 = 3 @117:57
        t15 = [2] @117:55
        store t15, t14 @117:55
        fence full slot 86 brace 117:53 @117:59
      }
      fence full slot 87 brace 117:29 @117:59
    }
    fence full slot 88 @118:5
    if4: @118:5 {
      t16 = [1] @118:9
      t17 = load t16 @118:9
      t18 = lnot t17 @118:9
      break if4 if t18 @118:5
      fence full slot 89 brace 120:20 @119:9
      if5: @119:9 {
        if5.then: @119:9 {
          t19 = [2] @119:13
          t20 = load t19 @119:13
          t21 = lnot t20 @119:13
          break if5.then if t21 @119:9
          fence full slot 90 brace 119:22 @119:16
          t22 = 4 @119:20
          t23 = [1] @119:18
          store t23, t22 @119:18
          fence full slot 91 brace 119:16 @119:22
          break if5 @119:9
        }
        fence full slot 92 brace 120:20 @120:14
        t24 = 4 @120:18
        t25 = [2] @120:16
        store t25, t24 @120:16
        fence full slot 93 brace 120:14 @120:20
      }
      fence full slot 94 brace 119:9 @120:20
    }
    fence full slot 95 @121:5
    if6: @121:5 {
      t26 = [2] @121:9
      t27 = load t26 @121:9
      t28 = lnot t27 @121:9
      break if6 if t28 @121:5
      fence full slot 96 brace 121:21 @121:12
      t29 = [1] @121:19
      ret = load t29 @121:19
      break body @121:12
      fence full slot 97 brace 121:12 @121:21
    }
    fence full slot 98 @122:5
    fence full slot 99 brace 122:18 @122:12
    t30 = 5 @122:16
    t31 = [2] @122:14
    store t31, t30 @122:14
    fence full slot 100 brace 122:12 @122:18
    fence full slot 101 @123:5
    if7: @123:5 {
      t32 = lnot n @123:9
      break if7 if t32 @123:5
      fence full slot 102 brace 123:18 @123:12
      t33 = 6 @123:16
      t34 = [1] @123:14
      store t34, t33 @123:14
      fence full slot 103 brace 123:12 @123:18
    }
    fence full slot 104 @123:18
    t35 = 6 @123:22
    t36 = [2] @123:20
    store t36, t35 @123:20
    fence full slot 105 @124:5
    t37 = [2] @124:12
    ret = load t37 @124:12
  }
}
