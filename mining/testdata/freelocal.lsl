// Freeing a local's storage is an error (it is no allocated block);
// freeing a heap block is not.
test FreeLocal
thread {
  op F {
    l = alloc local 8
    h = alloc 8
    c = choose 0 1
    observe output "c" c
    L: {
      break L if c
      free l
    }
    M: {
      z = lnot c
      break M if z
      free h
    }
  }
}
