// Unsigned 64-bit locations (u64.c): w stores UINT64_MAX to the uint64_t
// g and 4294967295 to the unsigned int h; r loads g, observes it and
// asserts it is not UINT64_MAX. The accesses to g are unsigned: their
// values print as C reads them, as the observation's does.
//   uint64_t g; unsigned h;
//   void w(void) { g = UINT64_MAX; h = 0xffffffffu; }
//   void r(void) { uint64_t v = g; lsl_observe_output("v", v); lsl_assert(v != UINT64_MAX); }
source "u64.c"
test u64
global g @1
global h @2
thread {
  op w {
    p = [1]
    m = -1
    store unsigned p, m @6:18
    q = [2]
    k = 4294967295
    store q, k @6:34
  }
}
thread {
  op r {
    p = [1]
    v = load unsigned p @7:29
    observe output unsigned "v" v @7:32
    m = -1
    ok = ne v, m
    assert ok @7:71
  }
}
