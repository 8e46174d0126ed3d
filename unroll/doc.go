// Package unroll turns a Program and a test harness into the straight-line
// Test the encoder reads: it inlines every call, unrolls every loop to a
// bound, reduces side-effect-free spin loops to their last iteration (and
// drops, in other loops, the iterations that change nothing), and marks
// the points that only executions exceeding a bound reach (CheckFence
// paper, Sections 3.1 and 3.3; SEMANTICS.md, "Loops").
//
// In: an *lsl.Program (procedures with calls and loops, as the C front end
// makes them), a *tests.Test (init operations and threads of operations),
// and Bounds. Out: a *Result holding the *lsl.Test, the loop instances met
// with the bound each got, and the size of the unrolled code.
//
// # Harness
//
// Each operation call becomes one lsl.Invocation: the body of the called
// procedure (which takes no parameters; its results are ignored), inlined
// and unrolled. ThreadID becomes a constant: 0 during init, i in thread i.
//
// A thread-local global (lsl.Global.ThreadLocal) is one object per thread:
// init keeps the program's global, and thread i gets a copy named
// "name.ti" at a base above all of the program's, with the same initial
// values; in thread i's code every constant address into the global is
// one into its copy. Addresses are values, so one taken in a thread and
// passed to another still names the first thread's copy, as in C.
// TestThreadLocalCopies checks the outcomes against the reference.
//
// # Inlining and names
//
// Registers of a Test belong to a thread and persist from one invocation
// to the next, so every inlined body gets registers of its own. Register r
// of invocation k is "ek.r"; register r of a procedure f it calls is
// "ek.f.r", of a procedure g that f calls "ek.f.g.r". When a body calls the
// same procedure at several sites, the n-th site (n >= 2, counted in
// program order) is named "f$n". Loop iterations share registers, as the
// loop's own code does. A name that would collide with another is given a
// "$n" suffix. A call becomes movs of the arguments into the callee's
// parameters, the callee's body, and movs of its results into the
// caller's result registers. As every call gets a fresh frame, registers
// that the callee may read before assigning them (an uninitialised local,
// a result assigned on some paths only) are set to undefined at its entry;
// a result the callee never assigns is copied back as the constant
// undefined. Recursion is an error. Labels are named like registers, with
// the iterations of enclosing loops: "e0.outer#2.f.body".
//
// # Loop instances
//
// A loop is a labelled block containing a continue of its own label. A
// loop instance is a loop reached along one path of invocations, calls and
// iterations of enclosing loops. Its ID names that path:
//
//	t1.e0/enqueue/L3@queue.c:36:5          loop L3 of operation 0 of thread 1
//	init.e0/setup/cas/retry@queue.c:9:3    in procedure cas called by the op
//	t0.e1/op/outer#2/inner@a.c:7:5         inner, in iteration 2 of outer
//
// The first part is "init" or "t<i>" and ".e<k>" for the k-th operation
// (from 0); then the operation's name; then one segment per call (the
// callee's name, "$n" for the n-th site of one callee in a body) and per
// enclosing loop ("label#j" for iteration j, from 1; "label$n" for the n-th
// loop of one label in a body); then the loop's label and "@" and its
// position. IDs depend only on the program, the harness and the
// iterations of enclosing loops, so they stay the same when bounds grow:
// the lazy unrolling of Section 3.3 raises Bounds[id] for the instance
// whose BoundExceeded was reachable and unrolls again.
//
// # Unrolling
//
// A loop L with bound k becomes a block L holding k blocks L#1 … L#k, one
// per iteration, followed by a BoundExceeded naming the instance:
//
//	L: {                     e0.L: {
//	  break L if done          e0.L#1: { break e0.L if e0.done; …; break e0.L#1 }
//	  …                  =>    e0.L#2: { break e0.L if e0.done; …; break e0.L#2 }
//	  continue L               break e0.L if e0.done      (the exit test, below)
//	}                          bound_exceeded "t0.e0/op/L@a.c:3:1"
//	                         }
//
// A break of L leaves the outer block, hence all iterations. A continue of
// L in iteration j leaves block L#j, so control falls into iteration j+1;
// after the last iteration it reaches the BoundExceeded, then leaves the
// loop. Falling off the end of an iteration leaves the loop (a break of the
// outer block is added unless the iteration already ends in a jump).
//
// The bound counts the iterations a loop runs, as C does: while (i < n)
// of n iterations evaluates its test n+1 times, and the last evaluation,
// which leaves, is no iteration. So when L's body starts with its exit
// test, that test is placed once more before the BoundExceeded
// (exitTest): an execution that leaves there stays within the bound; one
// that does not runs past it. The C front end marks the conditional break
// that leaves a while or for loop when its controlling expression is false
// (lsl.Break.LoopTest, "break L if c looptest"): the statements before it
// are the test, whatever they do (calls, stores, atomic blocks, the fences
// of C11 loads, choices, assumptions), and are copied with it. Without a
// mark (LSL written by hand) the test is the statements before L's first
// conditional break if they only compute (constants, operations, loads,
// and blocks of those): LSL does not say where a test ends, and a prefix
// that stores may be the body of a do-while or of "while (1) { ...; if (c)
// break; }", whose copy would add an iteration.
//
// The copy is no iteration: it gets no stutter instrumentation of L (its
// effects mark the enclosing loops' iterations as changed, being part of
// them), and a spin loop, which has no BoundExceeded, gets none. The
// reductions stay sound: every execution of the copy is one C makes (C
// evaluates the test after the last iteration, with its accesses, fences,
// faults and failed assumptions), and the twin argument of the stutter
// reduction below is about the original loop, not its unrolling: an
// execution with no stutter iteration that has run k iterations evaluates
// the test next, and either leaves in the copy or goes on, reaching the
// BoundExceeded. TestSemantics runs a reference evaluator on the original
// program that, after the last iteration, evaluates the body up to the
// marked break itself (or, without a mark, the computing prefix); its
// generator marks loops whose tests store, call, choose, observe and
// leave enclosing blocks. The unrolling without the copy
// (Options.NoExitTest) disagrees with the reference on the runs that
// leave there. TestStutterReductionKeepsOutcomes marks the tests of some
// of its retry loops, so that copies with stores, compare-and-swaps and
// observations are checked on every model.
//
// # Spin loops
//
// A spin loop's earlier iterations change nothing that later code can
// see, so the executions that spin and then leave are those of the last,
// leaving iteration alone (paper Section 3.1, Fig. 7). A loop is reduced
// to one iteration, in which each continue of the loop becomes "assume the
// continue is not taken", if
//   - its body, with the procedures it calls, has no store, alloc, free,
//     observation, assertion or nested loop (loads, fences, atomic blocks,
//     operations, choices and assumptions are allowed);
//   - it leaves only through breaks of its own label or by falling off its
//     end: no break of an enclosing block (no return) and no continue of
//     another loop;
//   - no register flows from one iteration to the next or past the loop:
//     the body reads a register it assigns only where every path through
//     the iteration has already assigned it, and every register it assigns
//     that code outside the loop reads (or a result of the procedure) is
//     assigned on every path that leaves the loop.
//
// Paths are judged on control flow alone, not on branch conditions. Such a
// loop gets no BoundExceeded, and its bound is not used. A program with
// C's free (lsl.FreeUnsafe) has no spin loops: a spinning iteration may
// read a block freed meanwhile, a use after free that keeping the last
// iteration alone would lose; its iterations fall to the stutter
// reduction below, which keeps a faulting one. Assertions are
// excluded because the encoder follows a path past a fault: an assertion
// failing in an iteration that then spins would be cut off by the
// assumption. Faults of loads and operations are allowed, so such an
// error execution is kept only if its failing iteration can also leave
// (the interpreter, which stops at a fault, loses nothing).
//
// # Iterations that change nothing
//
// The spin-loop reduction generalises to single iterations of other loops.
// Call an iteration of loop L a stutter if it executes no store, alloc,
// free or observation, does not fault, and goes on to the next iteration.
// If no register that L's body assigns is live at L's head (no path from
// the head reads it before assigning it, whether through the next
// iterations, an exit, a return or the rest of the procedure), then an
// execution with a stutter iteration has a twin without it, on every
// model: the next iteration starts in a state that differs only in dead
// registers; the removed accesses are loads, which no load reads from and
// which hold no location's final value; every constraint of the twin's
// memory order (kept program order, executed fences, atomic blocks,
// operations under serial) is one the execution had; and the
// observations, faults and final values are the same. Removing every
// stutter iteration thus leaves an execution without any, so the
// executions without stutter iterations have every outcome. Such a loop
// (Loop.Stutter) records in a register whether its iteration has changed
// something (each store, alloc, free and observation, of the loop or of
// code inlined into it, sets it), and each continue becomes "assume it
// has, or the continue is not taken":
//
//	retry#1: {                              (the iteration)
//	  retry.changed = 0
//	  …; store p, n; retry.changed = 1; …   (in the CAS's atomic block)
//	  retry#1.stutter: {
//	    break retry#1.stutter if retry.changed
//	    retry.changed.not = lnot again
//	    assume retry.changed.not
//	  }
//	  break retry#1 if again                (the continue)
//	}
//
// After a fault the assumption no longer binds (the thread has derailed,
// see package encode), so error executions are kept. That includes a use
// after free, which only the memory order reveals (encode's
// mayUseAfterFree; TestUseAfterFreeInDroppedIteration in package mining). The bound of such a
// loop counts the iterations that change something: a compare-and-swap
// retry loop whose failed iterations store nothing needs one iteration,
// and one that can fail forever on a stale value (relaxed reorders loads
// of one address) no longer exceeds every bound. Stats do not count the
// statements the reduction adds. Options.NoStutterReduction turns it off.
//
// Carried registers. A retry loop written with C11's compare-exchange
// carries a register: a failure writes the value read to expected, which
// the next iteration compares with, so expected is live at the head. The
// twin argument needs only that the next iteration starts in the same
// state on the live registers, so the condition generalises: a stutter
// also leaves every register that L assigns and that is live at L's head
// with the value it had at the iteration's start. Such a loop copies
// those registers (Loop.Watched) at the start of each iteration, and at
// each continue sets changed unless each equals its copy (lsl.OpSame,
// which never faults: either side may be undefined). The comparison costs
// clauses in every iteration, so it is made in retry loops only (a body
// with an atomic block). Any other loop that carries registers counts the
// assignment of one as a change instead (Loop.Assigns): each assignment
// of a watched register in the loop's own procedure, in nested loops too
// and by the move of an inlined call's result, sets changed as a store
// does. A stutter then assigns none of them, so the next iteration starts
// with each as the iteration found it, and the twin argument holds as
// above. In do { s = x; if (s != 1) a = y; } while (s == 1), with a read
// after the loop, an iteration that reads s == 1 assigns only s, dead at
// the head, and is dropped. Such a loop is instrumented only if some path
// from its head to a continue, judged on control flow alone, assigns
// none of them (continuesUnassigned): a traversal (pred = curr; curr =
// curr->next), or a counter incremented in every iteration, assigns one
// on every path, never stutters, and keeps its encoding. Leaving a loop
// unreduced only keeps executions.
//
// Store-backs. A read-modify-write that stores back the value it read (a
// test-and-set or exchange on a held lock, a fetch-and-add of 0) changes
// nothing either: in an atomic block of straight-line code without
// assertions or assumptions, a store to the address of a load earlier in
// the block sets changed only if the stored value differs from the loaded
// one (storeBacks). The twin removes the iteration's accesses, the store s
// among them. The load l of the block reads the <M-greatest store s1 to
// the address before it (every earlier store of the thread to the address
// precedes s in <M, as same-address stores stay in order, and so precedes
// the contiguous block), and nothing comes between l and s, so s1 is the
// <M-greatest store before s and has s's value. A load l' that read s
// reads s1 in the twin if s <M l' (s1 <M l', and any later store would
// have hidden s). Otherwise l' is a later load of the same thread that
// read s by forwarding from a place before s in <M (the models with
// forwarding do not keep a store before a later load). The twin moves l'
// to just after s1, if it was not there already (after the atomic block
// s1 may belong to): it then reads s1; it was before s, so nothing it had
// to precede moves; and whatever had to follow l' also follows the
// read-modify-write's load, a load of the same address before l' (a later
// access that the model keeps after l' it keeps after that load too, and
// a fence that orders l' before it orders that load as well), which
// follows s1, so it still follows l'. Final values are the same (s1 becomes the last store
// where s was), and so are observations and faults.
//
// TestStutterReductionKeepsOutcomes checks all of this with the reference
// of package reference on generated retry loops (with compare-and-swaps
// that write expected, test-and-sets and later loads of their address)
// and loops carrying a register assigned on some paths only (directly,
// by a call, in a nested loop), models serial to relaxed: the same bounds
// give the same outcomes with and without the reduction, and four wrong
// reductions (one that forgets that an observation changes something, one
// that compares no registers, one that takes every read-modify-write for
// a store-back, one that does not count an assignment of a carried
// register as a change) are caught.
// TestStoreBackForwardedLoad checks the forwarding case on a program made
// for it.
//
// # Size
//
// Result.Stats counts the statements of the unrolled code as the paper's
// Fig. 10 does (instructions, loads, stores). Options.MaxStmts stops an
// unrolling whose nested bounds make the code too large.
package unroll
