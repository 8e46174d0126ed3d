source "api.c"
global top @1 @8:8
global lock @2 @9:12

proc push() -> () @11:6 {
  v = choose 0 1 @13:10
  observe input "v" v @14:2
  n = alloc 16 {next at 0 size 8, value at 8 size 4} size 16 @15:14
  t1 = 1 @16:11
  t2 = offset n, t1 @16:11
  store t2, v @16:11
  fence store-store @17:2
  do1: @19:2 {
    t3 = [1] @20:9
    old = load t3 @20:9
    t4 = [1] @21:22
    atomic @21:10 {
      t5 = load t4 @21:10
      t6 = eq t5, old @21:10
      cas1: @21:10 {
        t7 = lnot t6 @21:10
        break cas1 if t7 @21:10
        store t4, n @21:10
      }
    }
    t8 = lnot t6 @21:10
    continue do1 if t8 @21:2
  }
}

proc locked() -> () @24:6 {
  t1 = [2] @26:11
  atomic @26:2 {
    t2 = load t1 @26:2
    t3 = 0 @26:2
    t4 = eq t2, t3 @26:2
    assume t4 @26:2
    t5 = 1 @26:2
    store t1, t5 @26:2
  }
  fence load-load @26:2
  fence load-store @26:2
  t6 = threadid @27:13
  t7 = 0 @27:36
  t8 = ge.i32 t6, t7 @27:33
  assert t8 @27:2
  t9 = [2] @28:13
  fence load-store @28:2
  fence store-store @28:2
  atomic @28:2 {
    t10 = load t9 @28:2
    t11 = 1 @28:2
    t12 = eq t10, t11 @28:2
    assert t12 @28:2
    t13 = 0 @28:2
    store t9, t13 @28:2
  }
  observe label "done" @29:2
}

proc atomically(a, b) -> () @32:6 {
  atomic @34:2 {
    t1 = load b @35:7
    store a, t1 @35:5
    t2 = 0 @36:7
    store b, t2 @36:5
  }
  t3 = load a @38:13
  t4 = 0 @38:19
  t5 = ne t3, t4 @38:16
  assume t5 @38:2
  t6 = [1] @39:11
  t7 = load t6 @39:11
  free stable t7 @39:2
}
