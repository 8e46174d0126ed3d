source "msn_nofence_lsl.c"

proc init_queue(queue) -> () @19:6 {
  node = alloc noreuse 16 {next at 0 size 8, value at 8 size 4} size 16 @21:18
  t1 = 0 @22:16
  t2 = 0 @22:14
  t3 = offset node, t2 @22:14
  store t3, t1 @22:14
  t4 = 1 @23:29
  t5 = offset queue, t4 @23:29
  store t5, node @23:29
  t6 = 0 @23:15
  t7 = offset queue, t6 @23:15
  store t7, node @23:15
}

proc enqueue(queue, value) -> () @26:6 {
  node = alloc noreuse 16 {next at 0 size 8, value at 8 size 4} size 16 @32:10
  t1 = 1 @33:15
  t2 = offset node, t1 @33:15
  store t2, value @33:15
  t3 = 0 @34:16
  t4 = 0 @34:14
  t5 = offset node, t4 @34:14
  store t5, t3 @34:14
  while1: @35:3 {
    t6 = 1 @36:12
    t7 = offset queue, t6 @36:12
    tail = load t7 @36:12
    t8 = 0 @37:12
    t9 = offset tail, t8 @37:12
    next = load t9 @37:12
    if1: @38:5 {
      t10 = 1 @38:17
      t11 = offset queue, t10 @38:17
      t12 = load t11 @38:17
      t13 = ne tail, t12 @38:14
      break if1 if t13 @38:5
      if2: @39:7 {
        if2.then: @39:7 {
          t14 = 0 @39:19
          t15 = ne next, t14 @39:16
          break if2.then if t15 @39:7
          if3: @40:9 {
            t16 = 0 @40:24
            t17 = offset tail, t16 @40:24
            atomic @40:13 {
              t18 = load t17 @40:13
              t19 = eq t18, next @40:13
              cas1: @40:13 {
                t20 = lnot t19 @40:13
                break cas1 if t20 @40:13
                store t17, node @40:13
              }
            }
            t21 = lnot t19 @40:13
            break if3 if t21 @40:9
            break while1 @41:11
          }
          break if2 @39:7
        }
        t22 = 1 @43:21
        t23 = offset queue, t22 @43:21
        atomic @43:9 {
          t24 = load t23 @43:9
          t25 = eq t24, tail @43:9
          cas2: @43:9 {
            t26 = lnot t25 @43:9
            break cas2 if t26 @43:9
            store t23, next @43:9
          }
        }
      }
    }
    continue while1 @35:3
  }
  t27 = 1 @45:15
  t28 = offset queue, t27 @45:15
  atomic @45:3 {
    t29 = load t28 @45:3
    t30 = eq t29, tail @45:3
    cas3: @45:3 {
      t31 = lnot t30 @45:3
      break cas3 if t31 @45:3
      store t28, node @45:3
    }
  }
}

proc dequeue(queue, pvalue) -> (ret) @48:11 {
  body: @49:1 {
    while1: @54:3 {
      t1 = 0 @55:12
      t2 = offset queue, t1 @55:12
      head = load t2 @55:12
      t3 = 1 @56:12
      t4 = offset queue, t3 @56:12
      tail = load t4 @56:12
      t5 = 0 @57:12
      t6 = offset head, t5 @57:12
      next = load t6 @57:12
      if1: @58:5 {
        t7 = 0 @58:17
        t8 = offset queue, t7 @58:17
        t9 = load t8 @58:17
        t10 = ne head, t9 @58:14
        break if1 if t10 @58:5
        if2: @59:7 {
          if2.then: @59:7 {
            t11 = ne head, tail @59:16
            break if2.then if t11 @59:7
            if3: @60:9 {
              t12 = 0 @60:21
              t13 = ne next, t12 @60:18
              break if3 if t13 @60:9
              ret = 0 @61:18
              break body @61:11
            }
            t14 = 1 @62:21
            t15 = offset queue, t14 @62:21
            atomic @62:9 {
              t16 = load t15 @62:9
              t17 = eq t16, tail @62:9
              cas1: @62:9 {
                t18 = lnot t17 @62:9
                break cas1 if t18 @62:9
                store t15, next @62:9
              }
            }
            break if2 @59:7
          }
          t19 = 1 @64:19
          t20 = offset next, t19 @64:19
          t21 = load t20 @64:19
          store pvalue, t21 @64:17
          if4: @65:9 {
            t22 = 0 @65:25
            t23 = offset queue, t22 @65:25
            atomic @65:13 {
              t24 = load t23 @65:13
              t25 = eq t24, head @65:13
              cas2: @65:13 {
                t26 = lnot t25 @65:13
                break cas2 if t26 @65:13
                store t23, next @65:13
              }
            }
            t27 = lnot t25 @65:13
            break if4 if t27 @65:9
            break while1 @66:11
          }
        }
      }
      continue while1 @54:3
    }
    free noreuse head @70:3
    ret = 1 @71:10
  }
}
