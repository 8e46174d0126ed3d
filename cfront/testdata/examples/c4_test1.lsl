source "test1.c"
global o1 @1 {h_flags at 0 size 4, h_revision at 4 size 4, h_original at 8 size 4, value at 12 size 4} size 16 @17:10
global o2 @2 {h_flags at 0 size 4, h_revision at 4 size 4, h_original at 8 size 4, value at 12 size 4} size 16 @17:14
global global_timestamp @3 @18:5

proc init_descriptor(d) -> () @26:6 {
  t1 = [3] @28:20
  t2 = load t1 @28:20
  t3 = 0 @28:18
  t4 = offset d, t3 @28:18
  store t4, t2 @28:18
  fence load-load @28:38
  t5 = 0 @29:21
  t6 = 2 @29:19
  t7 = offset d, t6 @29:19
  store t7, t5 @29:19
}

proc stm_write_barrier(d, P) -> (ret) @34:10 {
  observe label "write_barrier" @36:5
  if1: @38:5 {
    t1 = 2 @38:9
    t2 = offset d, t1 @38:9
    t3 = load t2 @38:9
    t4 = 0 @38:26
    t5 = ne t3, t4 @38:23
    break if1 if t5 @38:5
    t6 = 1 @39:20
    t7 = offset P, t6 @39:20
    t8 = load t7 @39:20
    t9 = 0 @39:37
    t10 = offset d, t9 @39:37
    t11 = load t10 @39:37
    t12 = le.i32 t8, t11 @39:34
    assume t12 @39:9
    W = alloc 16 {h_flags at 0 size 4, h_revision at 4 size 4, h_original at 8 size 4, value at 12 size 4} size 16 @41:23
    t13 = 3 @42:20
    t14 = offset P, t13 @42:20
    t15 = load t14 @42:20
    t16 = 3 @42:18
    t17 = offset W, t16 @42:18
    store t17, t15 @42:18
    t18 = 2 @43:23
    t19 = offset d, t18 @43:23
    store t19, W @43:23
  }
  t20 = 2 @45:12
  t21 = offset d, t20 @45:12
  ret = load t21 @45:12
}

proc i() -> () @49:6 {
  t1 = 0 @51:21
  t2 = [1 0] @51:19
  store t2, t1 @51:19
  t3 = 0 @52:21
  t4 = [1 1] @52:19
  store t4, t3 @52:19
  t5 = 0 @53:21
  t6 = [1 2] @53:19
  store t6, t5 @53:19
  t7 = 50 @54:21
  t8 = [1 3] @54:19
  store t8, t7 @54:19
  t9 = 0 @55:24
  t10 = [3] @55:22
  store t10, t9 @55:22
}

proc commit(d) -> () @58:6 {
  observe label "commit" @60:5
  if1: @62:5 {
    t1 = 2 @62:9
    t2 = offset d, t1 @62:9
    t3 = load t2 @62:9
    t4 = 0 @62:26
    t5 = eq t3, t4 @62:23
    break if1 if t5 @62:5
    t6 = [1 1] @63:19
    old = load t6 @63:19
    t7 = 0 @64:27
    t8 = offset d, t7 @64:27
    t9 = load t8 @64:27
    t10 = le.i32 old, t9 @64:24
    assume t10 @64:9
    t11 = [1 1] @65:31
    t12 = 99 @65:52
    atomic @65:20 {
      t13 = load t11 @65:20
      t14 = eq t13, old @65:20
      cas1: @65:20 {
        t15 = lnot t14 @65:20
        break cas1 if t15 @65:20
        store t11, t12 @65:20
      }
    }
    assume t14 @65:9
  }
  fence full @67:5
  t16 = [3] @68:19
  t17 = load t16 @68:19
  t18 = 1 @68:38
  endtime = add.i32 t17, t18 @68:36
  t19 = [3] @69:27
  t20 = 1 @69:56
  t21 = sub.i32 endtime, t20 @69:54
  atomic @69:16 {
    t22 = load t19 @69:16
    t23 = eq t22, t21 @69:16
    cas2: @69:16 {
      t24 = lnot t23 @69:16
      break cas2 if t24 @69:16
      store t19, endtime @69:16
    }
  }
  assume t23 @69:5
  if2: @72:5 {
    t25 = 2 @72:9
    t26 = offset d, t25 @72:9
    t27 = load t26 @72:9
    t28 = 0 @72:26
    t29 = eq t27, t28 @72:23
    break if2 if t29 @72:5
    t30 = 2 @73:24
    t31 = offset d, t30 @73:24
    t32 = load t31 @73:24
    t33 = 3 @73:24
    t34 = offset t32, t33 @73:24
    o1_value = load t34 @73:24
    t35 = [1 3] @74:18
    store t35, o1_value @74:18
    fence store-store @75:9
    t36 = [1 1] @76:23
    store t36, endtime @76:23
    observe output "o1_value" o1_value @77:9
    t37 = 0 @78:25
    t38 = 2 @78:23
    t39 = offset d, t38 @78:23
    store t39, t37 @78:23
  }
}

proc W1() -> () @82:6 {
  d.addr = alloc local 16 {starttime at 0 size 4, lock at 4 size 4, copy_of_o1 at 8 size 8} size 16 @84:26
  call init_descriptor(d.addr) -> () @86:5
  t1 = [1] @88:42
  call stm_write_barrier(d.addr, t1) -> (p1) @88:20
  t2 = 3 @89:5
  t3 = offset p1, t2 @89:5
  t4 = load t3 @89:5
  t5 = 1 @89:5
  t6 = add.i32 t4, t5 @89:5
  store t3, t6 @89:5
  call commit(d.addr) -> () @91:5
}
