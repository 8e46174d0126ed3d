// Fences at the edges of operations: the producer's first call ends with
// a fence statement and its second is only a fence (neither orders the
// stores), and the consumer's acquire load ends its call, its fences
// implied. Each fence belongs to the call whose code holds it, not to the
// call of the next access; idle has no event at all.
source "fo.c"
test fo
global data @1
global flag @2
thread {
  op put {
    d = [1]
    one = 1
    store d, one @4:16
    fence load-load @4:23
  }
  op sep {
    fence load-store @5:16
  }
  op pub {
    f = [2]
    one = 1
    store f, one @6:16
  }
  op idle {
    one = 1
  }
}
thread {
  op get {
    f = [2]
    v = load f @7:20
    fence load-load on pso,rmo,relaxed implied @7:20
    fence load-store on pso,rmo,relaxed implied @7:20
    observe output "flag" v
  }
  op read {
    d = [1]
    x = load d @8:20
    observe output "data" x
  }
}
