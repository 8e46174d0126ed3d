// parses, but reads a register it never assigns and gives a label a value
test Invalid
global x @1
thread {
  op P0 {
    px = [1]
    a = load py
    store px, a
    observe label "l" a
  }
}
