// Which blocks exist (bl.c): t allocates p, frees it and allocates q,
// which it assumes is p's block handed out again; a third allocation r
// is in a branch the execution does not take; then an assertion fails.
// The legend lists p's block only, handed out again at q's allocation:
// q's own block and r's are never made.
source "bl.c"
test bl
global x @1
thread {
  op t {
    px = [1]
    p = alloc 8 @4:14
    one = 1
    store p, one @5:8
    free p @6:5
    q = alloc 8 @7:14
    same = eq q, p
    assume same @8:5
    v = load px @9:5
    A: {
      break A if same
      r = alloc 8 @11:18
      store px, r @11:9
    }
    zero = 0
    assert zero @13:5
  }
}
