// Free layout: comments, blank lines, tabs, statements sharing a line,
// quoted names and keywords used as names. The golden file is the same
// program in canonical layout.

source "layout.c"


global	"the counter" @5 [4]{ lo , hi [2] }   // an array of structs
value "the counter"[0 1 1] = -3
value	"the counter"[ 2 0 ] = [5 0 1 0]
global store @7 word @"layout.h":1:1

proc	"do it"  ( a , b )  ->  ( "c d" )  @10:1
{
  "c d" = add.u32 a, b   @11:3
  store = mov "c d"
  loop: { n = choose 0 3  i = threadid  ok = lt.i64 i, n  break loop if ok  continue loop } // a loop
  w: { looptest = choose 0 1  break w if looptest looptest @12:3  looptest = mov looptest  continue w }
  w2: { break w2 looptest  break w2 if looptest }
  atomic { v = load store store store, v }
  p = alloc 16 [2]  free p
  q = alloc noreuse 3
  free noreuse q
  observe label "the end"
  assume ok
  assert ok @"other.c":99:1
  bound_exceeded "loop 3"
}

proc main() {
  x = [5 0 0]   y = 1   call "do it"(x, y) -> (z)
}
