source "control.c"

proc f(x) -> (ret) @3:5 {
  s = 0 @5:10
  if1: @6:2 {
    if1.then: @6:2 {
      t1 = 0 @6:10
      t2 = le.i32 x, t1 @6:8
      break if1.then if t2 @6:2
      s = 1 @7:7
      break if1 @6:2
    }
    s = 2 @9:7
  }
  while1: @10:2 {
    t3 = 0 @10:13
    t4 = le.i32 x, t3 @10:11
    break while1 if t4 looptest @10:2
    t5 = 1 @11:4
    x = sub.i32 x, t5 @11:4
    if2: @12:3 {
      t6 = 3 @12:12
      t7 = ne x, t6 @12:9
      break if2 if t7 @12:3
      continue while1 @13:4
    }
    s = add.i32 s, x @14:5
    continue while1 @10:2
  }
  do1: @16:2 {
    t8 = 1 @17:4
    s = add.i32 s, t8 @17:4
    t9 = 10 @18:13
    t10 = lt.i32 s, t9 @18:11
    continue do1 if t10 @18:2
  }
  i = 0 @19:15
  for1: @19:2 {
    t11 = 2 @19:22
    t12 = ge.i32 i, t11 @19:20
    break for1 if t12 looptest @19:2
    if3: @20:3 {
      t13 = lnot i @20:7
      break if3 if t13 @20:3
      break for1 @21:4
    }
    s = add.i32 s, i @22:5
    t14 = 1 @19:26
    i = add.i32 i, t14 @19:26
    continue for1 @19:2
  }
  ret = mov s @24:2
}
