source "test1.c"
global tl @1 [2]{n_modified_objects at 0 size 4, modified_objects at 4 [1]word size 4, transaction_read_version at 8 size 4} size 12 @29:16
global obj @2 [3][1]{read_version at 0 size 4, flag_modified at 4 size 4, value1 at 8 size 4, value2 at 12 size 4} size 16 @30:10
global global_history @3 [2]word size 4 @31:5
global n_global_history @4 @32:5
global leader_thread_num @5 @33:5
global next_free_glob @6 @34:5
global undo_lock @7 @35:12

proc setup() -> () @38:6 {
  t1 = 0 @41:22
  t2 = [6] @41:20
  store t2, t1 @41:20
  t3 = 0 @42:25
  t4 = [5] @42:23
  store t4, t3 @42:23
  t5 = 0 @43:24
  t6 = [4] @43:22
  store t6, t5 @43:22
  t7 = [7] @44:18
  t8 = 0 @44:5
  store t7, t8 @44:5
  t9 = 0 @47:32
  t10 = [1 0 0] @47:30
  store t10, t9 @47:30
  t11 = 0 @48:38
  t12 = [1 0 2] @48:36
  store t12, t11 @48:36
  t13 = 0 @49:32
  t14 = [1 1 0] @49:30
  store t14, t13 @49:30
  t15 = 0 @50:38
  t16 = [1 1 2] @50:36
  store t16, t15 @50:36
}

proc fetch_and_add(loc, increment) -> (ret) @54:5 {
  oldvalue = load loc @56:20
  t1 = add.i32 oldvalue, increment @57:51
  atomic @57:16 {
    t2 = load loc @57:16
    t3 = eq t2, oldvalue @57:16
    cas1: @57:16 {
      t4 = lnot t3 @57:16
      break cas1 if t4 @57:16
      store loc, t1 @57:16
    }
  }
  assume t3 @57:5
  ret = mov oldvalue @58:5
}

proc stm_allocate(t) -> (ret) @61:5 {
  t1 = [6] @63:32
  t2 = 1 @63:49
  call fetch_and_add(t1, t2) -> (result) @63:18
  observe output "stm_allocate" result @64:5
  t3 = 1 @66:36
  t4 = [2] @66:8
  t5 = offset t4, t @66:8
  t6 = offset t5, result @66:11
  t7 = 1 @66:34
  t8 = offset t6, t7 @66:34
  store t8, t3 @66:34
  ret = mov result @67:5
}

proc acquire_lock_if_leader(t) -> (ret) @70:5 {
  body: @71:1 {
    t1 = [7] @75:14
    atomic @75:5 {
      t2 = load t1 @75:5
      t3 = 0 @75:5
      t4 = eq t2, t3 @75:5
      assume t4 @75:5
      t5 = 1 @75:5
      store t1, t5 @75:5
    }
    fence load-load @75:5
    fence load-store @75:5
    if1: @76:5 {
      t6 = [5] @76:9
      t7 = load t6 @76:9
      t8 = ne t7, t @76:27
      break if1 if t8 @76:5
      ret = 1 @77:16
      break body @77:9
    }
    t9 = [7] @78:16
    fence load-store @78:5
    fence store-store @78:5
    atomic @78:5 {
      t10 = load t9 @78:5
      t11 = 1 @78:5
      t12 = eq t10, t11 @78:5
      assert t12 @78:5
      t13 = 0 @78:5
      store t9, t13 @78:5
    }
    ret = 0 @79:12
  }
}

proc memcpy_obj_without_header(tdst, objndst, tsrc, objnsrc) -> () @82:6 {
  t1 = [2] @84:43
  t2 = offset t1, tsrc @84:43
  t3 = offset t2, objnsrc @84:49
  t4 = 2 @84:40
  t5 = offset t3, t4 @84:40
  t6 = load t5 @84:40
  t7 = [2] @84:8
  t8 = offset t7, tdst @84:8
  t9 = offset t8, objndst @84:14
  t10 = 2 @84:38
  t11 = offset t9, t10 @84:38
  store t11, t6 @84:38
  t12 = [2] @85:43
  t13 = offset t12, tsrc @85:43
  t14 = offset t13, objnsrc @85:49
  t15 = 3 @85:40
  t16 = offset t14, t15 @85:40
  t17 = load t16 @85:40
  t18 = [2] @85:8
  t19 = offset t18, tdst @85:8
  t20 = offset t19, objndst @85:14
  t21 = 3 @85:38
  t22 = offset t20, t21 @85:38
  store t22, t17 @85:38
}

proc stm_write(t, objnum) -> () @91:6 {
  body: @92:1 {
    if1: @93:5 {
      t1 = [2] @93:12
      t2 = offset t1, t @93:12
      t3 = offset t2, objnum @93:15
      t4 = 1 @93:9
      t5 = offset t3, t4 @93:9
      t6 = load t5 @93:9
      t7 = lnot t6 @93:9
      break if1 if t7 @93:5
      break body @94:9
    }
    t8 = [1] @96:5
    t9 = offset t8, t @96:5
    t10 = 2 @96:5
    t11 = offset t9, t10 @96:5
    t12 = load t11 @96:5
    t13 = [2] @96:5
    t14 = offset t13, t @96:5
    t15 = offset t14, objnum @96:5
    t16 = 0 @96:5
    t17 = offset t15, t16 @96:5
    store t17, t12 @96:5
    t18 = 1 @97:36
    t19 = [2] @97:8
    t20 = offset t19, t @97:8
    t21 = offset t20, objnum @97:11
    t22 = 1 @97:34
    t23 = offset t21, t22 @97:34
    store t23, t18 @97:34
    t24 = [1] @98:15
    t25 = offset t24, t @98:15
    t26 = 0 @98:13
    t27 = offset t25, t26 @98:13
    n = load t27 @98:13
    t28 = [1] @99:7
    t29 = offset t28, t @99:7
    t30 = 1 @99:27
    t31 = offset t29, t30 @99:27
    t32 = offset t31, n @99:27
    store t32, objnum @99:31
    call acquire_lock_if_leader(t) -> (is_leader) @101:21
    t33 = 1 @102:36
    t34 = add.i32 n, t33 @102:34
    t35 = [1] @102:7
    t36 = offset t35, t @102:7
    t37 = 0 @102:30
    t38 = offset t36, t37 @102:30
    store t38, t34 @102:30
    if2: @103:5 {
      t39 = lnot is_leader @103:9
      break if2 if t39 @103:5
      t40 = 2 @104:35
      call memcpy_obj_without_header(t40, n, t, objnum) -> () @104:9
      t41 = [7] @105:20
      fence load-store @105:9
      fence store-store @105:9
      atomic @105:9 {
        t42 = load t41 @105:9
        t43 = 1 @105:9
        t44 = eq t42, t43 @105:9
        assert t44 @105:9
        t45 = 0 @105:9
        store t41, t45 @105:9
      }
    }
  }
}

proc update_to_leader(t, check) -> (ret) @109:5 {
  t1 = [1] @112:26
  t2 = offset t1, t @112:26
  t3 = 2 @112:24
  t4 = offset t2, t3 @112:24
  my_version = load t4 @112:24
  result = mov check @113:9
  t5 = [4] @114:17
  nglob = load t5 @114:17
  if1: @116:5 {
    t6 = 0 @116:17
    t7 = le.i32 nglob, t6 @116:15
    break if1 if t7 @116:5
    while1: @117:9 {
      t8 = [3] @118:40
      t9 = 1 @118:41
      nglob = sub.i32 nglob, t9 @118:41
      t10 = offset t8, nglob @118:40
      objnum = load t10 @118:26
      if2: @119:13 {
        t11 = lnot result @119:17
        break if2 if t11 @119:13
        t12 = [2] @120:30
        t13 = offset t12, t @120:30
        t14 = offset t13, objnum @120:33
        t15 = 0 @120:27
        t16 = offset t14, t15 @120:27
        t17 = load t16 @120:27
        result = ne t17, my_version @120:55
      }
      t18 = 0 @121:44
      t19 = [2] @121:16
      t20 = offset t19, t @121:16
      t21 = offset t20, objnum @121:19
      t22 = 1 @121:42
      t23 = offset t21, t22 @121:42
      store t23, t18 @121:42
      t24 = 1 @122:50
      t25 = sub.i32 t24, t @122:52
      call memcpy_obj_without_header(t, objnum, t25, objnum) -> () @122:13
      if3: @123:13 {
        t26 = 0 @123:26
        t27 = ne nglob, t26 @123:23
        break if3 if t27 @123:13
        break while1 @124:17
      }
      continue while1 @117:9
    }
    t28 = 0 @126:28
    t29 = [4] @126:26
    store t29, t28 @126:26
  }
  t30 = [1] @128:19
  t31 = 1 @128:20
  t32 = sub.i32 t31, t @128:22
  t33 = offset t30, t32 @128:19
  t34 = 0 @128:17
  t35 = offset t33, t34 @128:17
  nundo = load t35 @128:17
  if4: @129:5 {
    t36 = 0 @129:17
    t37 = le.i32 nundo, t36 @129:15
    break if4 if t37 @129:5
    while2: @130:9 {
      t38 = [1] @131:28
      t39 = 1 @131:29
      t40 = sub.i32 t39, t @131:31
      t41 = offset t38, t40 @131:28
      t42 = 1 @131:52
      t43 = offset t41, t42 @131:52
      t44 = 1 @131:53
      nundo = sub.i32 nundo, t44 @131:53
      t45 = offset t43, nundo @131:52
      objnum#2 = load t45 @131:26
      if5: @132:13 {
        t46 = lnot result @132:17
        break if5 if t46 @132:13
        t47 = [2] @133:30
        t48 = offset t47, t @133:30
        t49 = offset t48, objnum#2 @133:33
        t50 = 0 @133:27
        t51 = offset t49, t50 @133:27
        t52 = load t51 @133:27
        result = ne t52, my_version @133:55
      }
      t53 = 0 @134:44
      t54 = [2] @134:16
      t55 = offset t54, t @134:16
      t56 = offset t55, objnum#2 @134:19
      t57 = 1 @134:42
      t58 = offset t56, t57 @134:42
      store t58, t53 @134:42
      t59 = 2 @135:50
      call memcpy_obj_without_header(t, objnum#2, t59, objnum#2) -> () @135:13
      if6: @136:13 {
        t60 = 0 @136:26
        t61 = ne nundo, t60 @136:23
        break if6 if t61 @136:13
        break while2 @137:17
      }
      continue while2 @130:9
    }
  }
  ret = mov result @140:5
}

proc update_state(t) -> () @143:6 {
  t1 = [7] @145:14
  atomic @145:5 {
    t2 = load t1 @145:5
    t3 = 0 @145:5
    t4 = eq t2, t3 @145:5
    assume t4 @145:5
    t5 = 1 @145:5
    store t1, t5 @145:5
  }
  fence load-load @145:5
  fence load-store @145:5
  if1: @146:5 {
    t6 = [5] @146:9
    t7 = load t6 @146:9
    t8 = eq t7, t @146:27
    break if1 if t8 @146:5
    t9 = 0 @147:29
    call update_to_leader(t, t9) -> (t10) @147:9
    t11 = [5] @148:27
    store t11, t @148:27
  }
  t12 = [7] @150:16
  fence load-store @150:5
  fence store-store @150:5
  atomic @150:5 {
    t13 = load t12 @150:5
    t14 = 1 @150:5
    t15 = eq t13, t14 @150:5
    assert t15 @150:5
    t16 = 0 @150:5
    store t12, t16 @150:5
  }
}

proc start_transaction(t) -> () @153:6 {
  t1 = [1] @155:18
  t2 = offset t1, t @155:18
  t3 = 0 @155:16
  t4 = offset t2, t3 @155:16
  t5 = load t4 @155:16
  t6 = 0 @155:44
  t7 = eq t5, t6 @155:41
  assert t7 @155:5
  t8 = [2] @156:20
  t9 = offset t8, t @156:20
  t10 = 0 @156:17
  t11 = offset t9, t10 @156:17
  t12 = 1 @156:17
  t13 = offset t11, t12 @156:17
  t14 = load t13 @156:17
  t15 = lnot t14 @156:17
  assert t15 @156:5
  t16 = [1] @157:7
  t17 = offset t16, t @157:7
  t18 = 2 @157:35
  t19 = offset t17, t18 @157:35
  t20 = load t19 @157:35
  t21 = 1 @157:35
  t22 = add.u32 t20, t21 @157:35
  store t19, t22 @157:35
}

proc stop_transaction(t) -> (ret) @160:5 {
  body: @161:1 {
    t1 = [1] @162:18
    t2 = offset t1, t @162:18
    t3 = 0 @162:16
    t4 = offset t2, t3 @162:16
    nmod = load t4 @162:16
    if1: @163:5 {
      t5 = 0 @163:17
      t6 = ne nmod, t5 @163:14
      break if1 if t6 @163:5
      ret = 1 @165:16
      break body @165:9
    }
    t7 = [7] @168:14
    atomic @168:5 {
      t8 = load t7 @168:5
      t9 = 0 @168:5
      t10 = eq t8, t9 @168:5
      assume t10 @168:5
      t11 = 1 @168:5
      store t7, t11 @168:5
    }
    fence load-load @168:5
    fence load-store @168:5
    if2: @171:5 {
      if2.then: @171:5 {
        t12 = [5] @171:9
        t13 = load t12 @171:9
        t14 = ne t13, t @171:27
        break if2.then if t14 @171:5
        result = 1 @172:18
        break if2 @171:5
      }
      t15 = 1 @175:38
      call update_to_leader(t, t15) -> (result) @175:18
      if3: @176:9 {
        t16 = lnot result @176:13
        break if3 if t16 @176:9
        t17 = [5] @177:31
        store t17, t @177:31
      }
    }
    if4: @180:5 {
      if4.then: @180:5 {
        t18 = lnot result @180:9
        break if4.then if t18 @180:5
        t19 = [4] @181:21
        nglob = load t19 @181:21
        while1: @182:9 {
          t20 = [1] @183:28
          t21 = offset t20, t @183:28
          t22 = 1 @183:48
          t23 = offset t21, t22 @183:48
          t24 = 1 @183:49
          nmod = sub.i32 nmod, t24 @183:49
          t25 = offset t23, nmod @183:48
          objnum = load t25 @183:26
          t26 = [3] @184:27
          t27 = mov nglob @184:33
          t28 = 1 @184:33
          nglob = add.i32 t27, t28 @184:33
          t29 = offset t26, t27 @184:27
          store t29, objnum @184:37
          t30 = 0 @185:44
          t31 = [2] @185:16
          t32 = offset t31, t @185:16
          t33 = offset t32, objnum @185:19
          t34 = 1 @185:42
          t35 = offset t33, t34 @185:42
          store t35, t30 @185:42
          if5: @186:13 {
            t36 = 0 @186:25
            t37 = ne nmod, t36 @186:22
            break if5 if t37 @186:13
            break while1 @187:17
          }
          continue while1 @182:9
        }
        t38 = [4] @189:26
        store t38, nglob @189:26
        break if4 @180:5
      }
      while2: @192:9 {
        t39 = [1] @193:28
        t40 = offset t39, t @193:28
        t41 = 1 @193:48
        t42 = offset t40, t41 @193:48
        t43 = 1 @193:49
        nmod = sub.i32 nmod, t43 @193:49
        t44 = offset t42, nmod @193:48
        objnum#2 = load t44 @193:26
        if6: @194:13 {
          t45 = [2] @194:20
          t46 = offset t45, t @194:20
          t47 = offset t46, objnum#2 @194:23
          t48 = 1 @194:17
          t49 = offset t47, t48 @194:17
          t50 = load t49 @194:17
          t51 = lnot t50 @194:17
          break if6 if t51 @194:13
          t52 = 0 @195:48
          t53 = [2] @195:20
          t54 = offset t53, t @195:20
          t55 = offset t54, objnum#2 @195:23
          t56 = 1 @195:46
          t57 = offset t55, t56 @195:46
          store t57, t52 @195:46
          t58 = 1 @196:54
          t59 = sub.i32 t58, t @196:56
          call memcpy_obj_without_header(t, objnum#2, t59, objnum#2) -> () @196:17
        }
        if7: @198:13 {
          t60 = 0 @198:25
          t61 = ne nmod, t60 @198:22
          break if7 if t61 @198:13
          break while2 @199:17
        }
        continue while2 @192:9
      }
    }
    t62 = 0 @202:32
    t63 = [1] @202:7
    t64 = offset t63, t @202:7
    t65 = 0 @202:30
    t66 = offset t64, t65 @202:30
    store t66, t62 @202:30
    t67 = [7] @204:16
    fence load-store @204:5
    fence store-store @204:5
    atomic @204:5 {
      t68 = load t67 @204:5
      t69 = 1 @204:5
      t70 = eq t68, t69 @204:5
      assert t70 @204:5
      t71 = 0 @204:5
      store t67, t71 @204:5
    }
    ret = mov result @205:5
  }
}

proc A() -> () @209:6 {
  t = threadid @211:13
  call stm_allocate(t) -> (num) @212:15
}

proc SETUP() -> () @215:6 {
  call setup() -> () @217:5
}

proc SETUP100() -> () @220:6 {
  t = 0 @222:13
  call setup() -> () @223:5
  t1 = 0 @226:31
  t2 = [2 0 0 1] @226:29
  store t2, t1 @226:29
  t3 = 0 @227:30
  t4 = [2 0 0 0] @227:28
  store t4, t3 @227:28
  t5 = 100 @228:24
  t6 = [2 0 0 2] @228:22
  store t6, t5 @228:22
  t7 = 200 @229:24
  t8 = [2 0 0 3] @229:22
  store t8, t7 @229:22
  t9 = 0 @231:31
  t10 = [2 1 0 1] @231:29
  store t10, t9 @231:29
  t11 = 0 @232:30
  t12 = [2 1 0 0] @232:28
  store t12, t11 @232:28
  t13 = 100 @233:24
  t14 = [2 1 0 2] @233:22
  store t14, t13 @233:22
  t15 = 200 @234:24
  t16 = [2 1 0 3] @234:22
  store t16, t15 @234:22
}

proc R0() -> () @237:6 {
  t = threadid @239:13
  while1: @241:5 {
    call start_transaction(t) -> () @242:9
    t1 = [1] @243:9
    t2 = offset t1, t @243:9
    t3 = 2 @243:9
    t4 = offset t2, t3 @243:9
    t5 = load t4 @243:9
    t6 = [2] @243:9
    t7 = offset t6, t @243:9
    t8 = 0 @243:9
    t9 = offset t7, t8 @243:9
    t10 = 0 @243:9
    t11 = offset t9, t10 @243:9
    store t11, t5 @243:9
    t12 = [2] @244:22
    t13 = offset t12, t @244:22
    t14 = 0 @244:19
    t15 = offset t13, t14 @244:19
    t16 = 2 @244:19
    t17 = offset t15, t16 @244:19
    result1 = load t17 @244:19
    t18 = [2] @245:22
    t19 = offset t18, t @245:22
    t20 = 0 @245:19
    t21 = offset t19, t20 @245:19
    t22 = 3 @245:19
    t23 = offset t21, t22 @245:19
    result2 = load t23 @245:19
    if1: @246:9 {
      call stop_transaction(t) -> (t24) @246:13
      t25 = lnot t24 @246:13
      break if1 if t25 @246:9
      break while1 @247:13
    }
    continue while1 @241:5
  }
  observe output "R0:value1" result1 @250:5
  observe output "R0:value2" result2 @251:5
}

proc W0INC1() -> () @254:6 {
  t = threadid @256:13
  call start_transaction(t) -> () @260:5
  t1 = 0 @261:18
  call stm_write(t, t1) -> () @261:5
  t2 = [2] @262:20
  t3 = offset t2, t @262:20
  t4 = 0 @262:15
  t5 = offset t3, t4 @262:15
  t6 = 2 @262:15
  t7 = offset t5, t6 @262:15
  t8 = load t7 @262:15
  t9 = 1 @262:15
  t10 = add.i32 t8, t9 @262:15
  store t7, t10 @262:15
  nvalue1 = mov t10 @262:13
  t11 = [2] @263:20
  t12 = offset t11, t @263:20
  t13 = 0 @263:15
  t14 = offset t12, t13 @263:15
  t15 = 3 @263:15
  t16 = offset t14, t15 @263:15
  t17 = load t16 @263:15
  t18 = 1 @263:15
  t19 = add.i32 t17, t18 @263:15
  store t16, t19 @263:15
  nvalue2 = mov t19 @263:13
  t20 = [2] @264:30
  t21 = offset t20, t @264:30
  t22 = 0 @264:27
  t23 = offset t21, t22 @264:27
  t24 = 2 @264:27
  t25 = offset t23, t24 @264:27
  t26 = load t25 @264:27
  t27 = eq nvalue1, t26 @264:24
  assert t27 @264:5
  t28 = [2] @265:30
  t29 = offset t28, t @265:30
  t30 = 0 @265:27
  t31 = offset t29, t30 @265:27
  t32 = 3 @265:27
  t33 = offset t31, t32 @265:27
  t34 = load t33 @265:27
  t35 = eq nvalue2, t34 @265:24
  assert t35 @265:5
  if1: @266:5 {
    call stop_transaction(t) -> (t36) @266:10
    break if1 if t36 @266:5
    call start_transaction(t) -> () @267:9
    t37 = 0 @268:22
    call stm_write(t, t37) -> () @268:9
    t38 = [2] @269:24
    t39 = offset t38, t @269:24
    t40 = 0 @269:19
    t41 = offset t39, t40 @269:19
    t42 = 2 @269:19
    t43 = offset t41, t42 @269:19
    t44 = load t43 @269:19
    t45 = 1 @269:19
    t46 = add.i32 t44, t45 @269:19
    store t43, t46 @269:19
    nvalue1 = mov t46 @269:17
    t47 = [2] @270:24
    t48 = offset t47, t @270:24
    t49 = 0 @270:19
    t50 = offset t48, t49 @270:19
    t51 = 3 @270:19
    t52 = offset t50, t51 @270:19
    t53 = load t52 @270:19
    t54 = 1 @270:19
    t55 = add.i32 t53, t54 @270:19
    store t52, t55 @270:19
    nvalue2 = mov t55 @270:17
    t56 = [2] @271:34
    t57 = offset t56, t @271:34
    t58 = 0 @271:31
    t59 = offset t57, t58 @271:31
    t60 = 2 @271:31
    t61 = offset t59, t60 @271:31
    t62 = load t61 @271:31
    t63 = eq nvalue1, t62 @271:28
    assert t63 @271:9
    t64 = [2] @272:34
    t65 = offset t64, t @272:34
    t66 = 0 @272:31
    t67 = offset t65, t66 @272:31
    t68 = 3 @272:31
    t69 = offset t67, t68 @272:31
    t70 = load t69 @272:31
    t71 = eq nvalue2, t70 @272:28
    assert t71 @272:9
    if2: @273:9 {
      call stop_transaction(t) -> (t72) @273:14
      break if2 if t72 @273:9
      t73 = 0 @274:59
      observe output "XXX W0INC1 failed twice" t73 @274:13
    }
  }
  observe output "W0INC1:nvalue1" nvalue1 @278:5
  observe output "W0INC1:nvalue2" nvalue2 @279:5
}
