source "switch.c"

proc f(x) -> (ret) @3:5 {
  r = 0 @5:10
  switch1: @6:2 {
    switch1.c3: @12:2 {
      switch1.c2: @9:2 {
        switch1.c1: @7:2 {
          t1 = 1 @7:2
          t2 = eq x, t1 @7:2
          break switch1.c1 if t2 @7:2
          t3 = 2 @9:2
          t4 = eq x, t3 @9:2
          break switch1.c2 if t4 @9:2
          break switch1.c3 @6:2
        }
        r = 10 @8:7
      }
      t5 = 1 @10:4
      r = add.i32 r, t5 @10:4
      break switch1 @11:3
    }
    r = -1 @13:7
  }
  ret = mov r @15:2
}
