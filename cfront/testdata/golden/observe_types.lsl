source "observe_types.c"
global g @1 @7:10
value g[] = -1

proc observe() -> () @9:6 {
  t1 = [1] @11:25
  a = load unsigned t1 @11:25
  t2 = [1] @12:33
  t3 = load unsigned t2 @12:33
  b = conv.u32 t3 @12:19
  t4 = [1] @13:27
  c = load unsigned t4 @13:27
  d = 255 @14:20
  e = 3 @15:13
  observe output unsigned "a" a @16:2
  observe output "b" b @17:2
  observe output "c" c @18:2
  observe output "d" d @19:2
  observe input unsigned "e" e @20:2
  t5 = add.u64 a, b @21:30
  observe output unsigned "sum" t5 @21:2
}
