// Michael and Scott's nonblocking queue, written by hand in the form the
// C front end gives it: compare-and-swap is an atomic block, loops are
// labelled blocks with continue.
source "msn.c"

global queue @1 {head, tail} @14:9

proc init_queue(queue) -> () @19:1 {
  node = alloc noreuse 2 {next, value} @21:18
  f0 = 0
  f1 = 1
  null = 0
  naddr = offset node, f0 @22:3
  store naddr, null @22:14
  haddr = offset queue, f0
  store haddr, node @23:3
  taddr = offset queue, f1
  store taddr, node @23:17
}

proc cas(loc, old, new) -> (ok) @"lsl_protos.h":40:1 {
  atomic @"lsl_protos.h":41:3 {
    cur = load loc
    ok = eq cur, old
    differ = lnot ok
    swap: {
      break swap if differ
      store loc, new
    }
  }
}

proc enqueue(queue, value) -> () @26:1 {
  observe input "value" value
  node = alloc noreuse 2 {next, value} @31:10
  f0 = 0
  f1 = 1
  null = 0
  vaddr = offset node, f1
  store vaddr, value @32:3
  naddr = offset node, f0
  store naddr, null @33:3
  fence store-store
  taddr = offset queue, f1
  loop: @34:3 {
    tail = load taddr @35:5
    tnext = offset tail, f0
    next = load tnext @36:5
    fence load-load
    tail2 = load taddr @37:5
    same = eq tail, tail2
    differ = lnot same
    continue loop if differ @37:5
    isnull = eq next, null
    notnull = lnot isnull
    then: {
      break then if notnull @38:7
      call cas(tnext, next, node) -> (ok) @39:13
      break loop if ok @40:11
      continue loop
    }
    call cas(taddr, tail, next) -> (ok2) @42:9
    continue loop
  }
  call cas(taddr, tail, node) -> (ok3) @44:3
}

proc dequeue(queue) -> (ok, result) @47:1 {
  f0 = 0
  f1 = 1
  null = 0
  haddr = offset queue, f0
  loop: @52:3 {
    head = load haddr @53:5
    hnext = offset head, f0
    next = load hnext @55:5
    isnull = eq next, null
    nonempty: {
      notnull = lnot isnull
      break nonempty if notnull
      ok = 0 @57:7
      observe output "ok" ok
      break loop @58:7
    }
    vaddr = offset next, f1
    result = load vaddr @60:5
    call cas(haddr, head, next) -> (swapped) @61:9
    failed = lnot swapped
    continue loop if failed @61:5
    ok = 1 @62:5
    observe output "ok" ok
    observe output "value" result
  }
}
