test bad
thread {
  op P0 {
    x = load
  }
}
