package encode

import (
	"cmp"
	"slices"

	"checkfence/lsl"
	"checkfence/rangeanalysis"
)

// A thread runs on after its fault with its assumes ignored (faults.go),
// so what it does then may be no execution of the program: a lock it
// takes while another thread holds it, say. Another thread that reads
// what it did then may fault in turn, only because of that. The fault to
// report is one that needs nothing of the kind, and of those the one
// reached first in the execution.

// FaultReport is the faults of an execution in the order to report them.
type FaultReport struct {
	// Faults: the threads' faults grouped by thread, each thread's in
	// program order; the threads ordered by their first fault: init's
	// first, then those that need no thread's events after its fault
	// (Needs), then by where they happen in memory order.
	Faults []*ErrorPoint
	// Needs maps a fault that follows from a thread's events after that
	// thread's fault (through what its thread read, or a block it took)
	// to that thread: another one, or the fault's own where what it read
	// follows from its own events after the fault (through another
	// thread that read them). It names only threads that faulted.
	Needs map[*ErrorPoint]int

	derail map[int]*ErrorPoint // each thread's first fault
	order  map[lsl.Stmt]int    // statements in program order
}

// AccessUnchecked reports whether the access of thread t at PoIndex po
// comes after t's first fault: its assumes are ignored there.
func (r *FaultReport) AccessUnchecked(t, po int) bool {
	f := r.derail[t]
	return f != nil && po >= f.After
}

// StmtUnchecked reports the same of statement s (a fence or an allocator
// event) of thread t, with before of t's accesses before it.
func (r *FaultReport) StmtUnchecked(t, before int, s lsl.Stmt) bool {
	f := r.derail[t]
	return f != nil && (before > f.After || before == f.After && r.order[s] > r.order[f.Stmt])
}

// ReportFaults orders the faults of x (Encoding.Decode) for a report. A
// fault after a bound its thread passed (FaultPastBound) ranks with those
// that need another thread's fault: the program would not run into it so.
func (e *Encoding) ReportFaults(x *Execution) *FaultReport {
	r := &FaultReport{Needs: map[*ErrorPoint]int{}, derail: map[int]*ErrorPoint{}, order: e.programOrder()}
	faults := slices.Clone(x.Faults)
	slices.SortStableFunc(faults, func(a, b *ErrorPoint) int {
		return cmp.Or(a.Thread-b.Thread, r.order[a.Stmt]-r.order[b.Stmt])
	})
	for _, f := range faults {
		if r.derail[f.Thread] == nil { // every fault stops its thread's checks
			r.derail[f.Thread] = f
		}
	}
	// from[t]: t's accesses from this index on follow from some thread's
	// events after its fault (by[t]), directly or through what t read.
	// read[t]: from[t] comes from what t read (or a block it took), not
	// from its own fault; via[t] names the thread whose events after its
	// fault t's follow from: by[t], or where by[t] is t itself (a cycle:
	// t read what another thread did after reading what t did after its
	// fault) the thread t read from if what t read it did after its own
	// fault, else t (that thread may have no fault: it ran on what t did
	// after t's).
	from, by, via := map[int]int{}, map[int]int{}, map[int]int{}
	read := map[int]bool{}
	for t, f := range r.derail {
		from[t], by[t] = f.After, t
	}
	// taint: t's accesses from k on follow from src's events after its
	// fault, through what t read of imm's, an event at imm's index i
	taint := func(t, k, src, imm, i int) bool {
		if old, ok := from[t]; ok && old <= k {
			return false
		}
		from[t], by[t], read[t] = k, src, true
		via[t] = src
		if f := r.derail[imm]; src == t && f != nil && i >= f.After {
			via[t] = imm
		}
		return true
	}
	after := func(t, k int) bool { // access k of t follows a fault
		f, ok := from[t]
		return ok && k >= f
	}
	for changed := true; changed; {
		changed = false
		for _, a := range x.Accesses {
			if s := a.ReadsFrom; s != nil && s.Thread != a.Thread && after(s.Thread, s.PoIndex) {
				changed = taint(a.Thread, a.PoIndex, by[s.Thread], s.Thread, s.PoIndex) || changed
			}
		}
		for _, ev := range x.Events {
			if ev.Free || ev.Prev < 0 {
				continue
			}
			// an allocation that took a block freed after a fault
			if p := x.Events[ev.Prev]; p.Thread != ev.Thread && after(p.Thread, p.Before) {
				changed = taint(ev.Thread, ev.Before, by[p.Thread], p.Thread, p.Before) || changed
			}
		}
	}
	for _, f := range faults {
		if k := from[f.Thread]; read[f.Thread] && k < f.After {
			r.Needs[f] = via[f.Thread]
		}
	}
	// where a fault happens in memory order (access i at 2i+1, an
	// allocator event between accesses at an even place): after the
	// loads of its thread before it (what it computed from), or at its
	// own access or free
	when := func(f *ErrorPoint) int {
		w := 0
		for i, a := range x.Accesses {
			if a.Thread == f.Thread && (!a.Store && a.PoIndex < f.After || f.Fault == lsl.FaultUseAfterFree && a.PoIndex == f.After-1) {
				w = max(w, 2*i+1)
			}
		}
		for _, ev := range x.Events {
			if f.Fault == lsl.FaultDoubleFree && ev.Free && ev.Thread == f.Thread && ev.Stmt == f.Stmt {
				w = max(w, 2*ev.After)
			}
		}
		return w
	}
	first := map[int]*ErrorPoint{}
	var threads []int
	for _, f := range faults {
		if first[f.Thread] == nil {
			first[f.Thread] = f
			threads = append(threads, f.Thread)
		}
	}
	rank := func(t int) [3]int {
		f := first[t]
		needs, past := 0, 0
		if _, ok := r.Needs[f]; ok {
			needs = 1
		}
		if e.FaultPastBound(x, f) {
			past = 1
		}
		init := 1
		if t == rangeanalysis.InitThread {
			init = 0
		}
		return [3]int{init, needs + past, when(f)}
	}
	slices.SortStableFunc(threads, func(a, b int) int {
		ra, rb := rank(a), rank(b)
		return cmp.Or(cmp.Compare(ra[0], rb[0]), cmp.Compare(ra[1], rb[1]), cmp.Compare(ra[2], rb[2]))
	})
	for _, t := range threads {
		for _, f := range faults {
			if f.Thread == t {
				r.Faults = append(r.Faults, f)
			}
		}
	}
	return r
}

// programOrder numbers the test's statements in program order, thread
// by thread (the encoder lists the allocator's faults, found with the
// memory order, after the others).
func (e *Encoding) programOrder() map[lsl.Stmt]int {
	order := map[lsl.Stmt]int{}
	number := func(invs []*lsl.Invocation) {
		for _, inv := range invs {
			lsl.Walk(inv.Body, func(s lsl.Stmt) bool {
				order[s] = len(order)
				return true
			})
		}
	}
	number(e.Test.Init)
	for _, invs := range e.Test.Threads {
		number(invs)
	}
	return order
}
