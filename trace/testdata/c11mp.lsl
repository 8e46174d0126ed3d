// Message passing as the C front end compiles it from C11 atomics: the
// flag is stored relaxed and loaded with acquire, whose fences exist on
// pso, rmo and relaxed only and belong to the load's memory order.
source "mp.c"
test mp
global data @1
global flag @2
thread {
  op produce {
    d = [1]
    f = [2]
    one = 1
    store d, one @12:2
    store f, one @13:2
  }
}
thread {
  op consume {
    d = [1]
    f = [2]
    v = load f @17:10
    fence load-load on pso,rmo,relaxed implied @17:10
    fence load-store on pso,rmo,relaxed implied @17:10
    x = load d @18:10
    observe output "flag" v
    observe output "data" x
  }
}
