source "unshare_page.c"
global flag_page_private @1 @15:5
global privatized_data @2 @16:5

proc __sync_lock_test_and_set(lock, nvalue) -> (ret) @4:5 {
  old = load lock @7:15
  atomic @8:16 {
    t1 = load lock @8:16
    t2 = eq t1, old @8:16
    cas1: @8:16 {
      t3 = lnot t2 @8:16
      break cas1 if t3 @8:16
      store lock, nvalue @8:16
    }
  }
  assume t2 @8:5
  fence load-load @9:5
  ret = mov old @10:5
}

proc INIT() -> () @18:6 {
  t1 = 0 @20:25
  t2 = [1] @20:23
  store t2, t1 @20:23
}

proc _stm_privatize(mode) -> () @23:6 {
  body: @24:1 {
    if1: @26:5 {
      if1.then: @26:5 {
        t1 = 0 @26:17
        t2 = ne mode, t1 @26:14
        break if1.then if t2 @26:5
        t3 = [1] @27:49
        t4 = 1 @28:49
        call __sync_lock_test_and_set(t3, t4) -> (previous) @27:24
        if2: @29:9 {
          t5 = 2 @29:25
          t6 = ne previous, t5 @29:22
          break if2 if t6 @29:9
          t7 = [1] @30:24
          t8 = load t7 @30:24
          t9 = 0 @30:45
          t10 = ne t8, t9 @30:42
          assert t10 @30:13
          t11 = 2 @31:33
          t12 = [1] @31:31
          store t12, t11 @31:31
          break body @32:13
        }
        t13 = 0 @34:35
        was_shared = eq previous, t13 @34:32
        break if1 @26:5
      }
      t14 = [1] @37:33
      t15 = 0 @38:33
      t16 = 1 @38:46
      atomic @37:22 {
        t17 = load t14 @37:22
        t18 = eq t17, t15 @37:22
        cas1: @37:22 {
          t19 = lnot t18 @37:22
          break cas1 if t19 @37:22
          store t14, t16 @37:22
        }
      }
      was_shared = mov t18 @37:20
      fence load-load @39:9
    }
    if3: @42:5 {
      if3.then: @42:5 {
        break if3.then if was_shared @42:5
        t20 = [1] @43:20
        t21 = load t20 @43:20
        t22 = 0 @43:41
        t23 = ne t21, t22 @43:38
        assert t23 @43:9
        t24 = [1] @46:20
        t25 = load t24 @46:20
        t26 = 1 @46:41
        t27 = ne t25, t26 @46:38
        assume t27 @46:9
        fence load-load @47:9
        break if3 @42:5
      }
      observe label "privatizing" @50:9
      t28 = 42 @51:27
      t29 = [2] @51:25
      store t29, t28 @51:25
      fence store-store @52:9
      t30 = [1] @53:20
      t31 = load t30 @53:20
      t32 = 1 @53:41
      t33 = eq t31, t32 @53:38
      assert t33 @53:9
      t34 = 2 @54:29
      t35 = [1] @54:27
      store t35, t34 @54:27
    }
  }
}

proc PRIV_X86() -> () @58:6 {
  t1 = 0 @60:20
  call _stm_privatize(t1) -> () @60:5
  t2 = [2] @61:16
  data = load t2 @61:16
  observe output "data" data @62:5
}

proc PRIV_GEN() -> () @65:6 {
  t1 = 1 @67:20
  call _stm_privatize(t1) -> () @67:5
  t2 = [2] @68:16
  data = load t2 @68:16
  observe output "data" data @69:5
}
