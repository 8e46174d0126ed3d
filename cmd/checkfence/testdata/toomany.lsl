// Too many values for the range analysis (its sets hold at most 4096):
// the test is inconclusive, the one after it is listed.
test WIDE
global x @1
thread {
  op P0 {
    px = [1]
    v = choose 0 9999
    store px, v
    a = load px
    observe output "a" a
  }
}
