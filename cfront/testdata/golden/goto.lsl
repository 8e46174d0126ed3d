source "goto.c"

proc f(x) -> (ret) @3:5 {
  again: @5:1 {
    t1 = 1 @6:3
    x = add.i32 x, t1 @6:3
    if1: @7:2 {
      t2 = 0 @7:10
      t3 = ge.i32 x, t2 @7:8
      break if1 if t3 @7:2
      continue again @8:3
    }
  }
  out: @10:3 {
    if2: @9:2 {
      t4 = 100 @9:10
      t5 = le.i32 x, t4 @9:8
      break if2 if t5 @9:2
      break out @10:3
    }
    t6 = 2 @11:10
    x = mul.i32 x, t6 @11:8
  }
  ret = mov x @13:2
}
