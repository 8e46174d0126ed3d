// Store buffering, as the encoder reads it.
test SB
global x @1
global y @2
thread {
  op P0 {
    px = [1]
    py = [2]
    one = 1
    store px, one
    a = load py
    observe output "a" a
  }
}
thread {
  op P1 {
    px = [1]
    py = [2]
    one = 1
    store py, one
    b = load px
    observe output "b" b
  }
}
