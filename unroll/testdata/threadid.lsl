// lsl_get_thread_id() is 0 during init and i in thread i.
source "tid.c"
global slot @1 [2] @1:1

proc mark() @3:1 {
  id = threadid @4:3
  base = [1 0] @5:3
  q = padd.i32 base, id @5:3
  store q, id @5:3
}
