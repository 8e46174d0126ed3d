// Parameters are bound by movs, results copied back by movs. add2's
// result is always assigned; maybe() assigns its result on one path only
// (so its frame starts with the result undefined); none() never assigns
// its result (so the caller gets the constant undefined).
source "inline.c"
global x @1 @1:1

proc add2(a, b) -> (s) @3:1 {
  s = add.i32 a, b @4:3
}

proc maybe(c) -> (r) @6:1 {
  body: @6:1 {
    break body if c @7:3
    r = 5 @8:3
  }
}

proc none() -> (r) @10:1 {
  fence full @11:3
}

proc op() @13:1 {
  p = [1] @14:3
  v = load p @14:3
  one = 1 @15:3
  call add2(v, one) -> (w) @15:3
  store p, w @16:3
  call maybe(v) -> (m) @17:3
  call none() -> (n) @18:3
  observe output "m" m @19:3
  observe output "n" n @19:3
}
