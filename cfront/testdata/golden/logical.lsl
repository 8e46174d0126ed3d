source "logical.c"

proc f(a, p) -> (ret) @3:5 {
  and1: @5:12 {
    t1 = lnot a @5:10
    t2 = 0 @5:12
    break and1 if t1 @5:12
    t3 = 0 @5:15
    t2 = ne p, t3 @5:15
  }
  r = mov t2 @5:6
  or1: @6:12 {
    t4 = 1 @6:10
    t5 = gt.i32 a, t4 @6:8
    t6 = 1 @6:12
    break or1 if t5 @6:12
    t7 = load p @6:15
    t8 = 0 @6:15
    t6 = ne t7, t8 @6:15
  }
  r = mov t6 @6:4
  cond1: @7:11 {
    cond1.then: @7:11 {
      t9 = lnot r @7:9
      break cond1.then if t9 @7:11
      t10 = mov a @7:11
      break cond1 @7:11
    }
    t10 = neg.i32 a @7:17
  }
  ret = mov t10 @7:2
}
