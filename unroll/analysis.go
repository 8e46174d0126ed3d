package unroll

import (
	"reflect"
	"slices"
	"strconv"

	"checkfence/lsl"
)

// Static facts about procedures, computed once per procedure on its source
// form (before inlining).

// isNil reports a nil statement, including a typed nil pointer, which
// would make any method call panic.
func isNil(s lsl.Stmt) bool {
	if s == nil {
		return true
	}
	v := reflect.ValueOf(s)
	return v.Kind() == reflect.Pointer && v.IsNil()
}

// walkStmts is lsl.Walk that skips nil statements.
func walkStmts(body []lsl.Stmt, f func(lsl.Stmt) bool) {
	lsl.Walk(body, func(s lsl.Stmt) bool {
		if isNil(s) {
			return false
		}
		return f(s)
	})
}

// continues reports whether body contains a continue of label that is not
// shadowed by an inner block of the same label: then the block labelled
// label around body is a loop.
func continues(body []lsl.Stmt, label string) bool {
	for _, s := range body {
		switch s := s.(type) {
		case *lsl.Continue:
			if s != nil && s.Label == label {
				return true
			}
		case *lsl.Block:
			if s != nil && s.Label != label && continues(s.Body, label) {
				return true
			}
		case *lsl.Atomic:
			if s != nil && continues(s.Body, label) {
				return true
			}
		}
	}
	return false
}

// procInfo holds what the unroller needs to know about a procedure.
type procInfo struct {
	proc *lsl.Proc
	// segs names each call and each loop in loop IDs and register names:
	// the callee or the label, with "$n" for the n-th of its kind.
	segs map[lsl.Stmt]string
	// loops holds the blocks that are loops.
	loops map[*lsl.Block]bool
	// resets lists the registers a fresh frame must set to undefined:
	// those read where they may not be assigned yet (readResets), and
	// results assigned on some paths only (resultResets).
	readResets, resultResets []lsl.Reg
	// undefResults holds the results the body never assigns.
	undefResults map[lsl.Reg]bool
	// spin caches the spin-loop test of each loop, stutter its stutter
	// test, watched the registers its stutter reduction watches and
	// assigns whether it counts their assignments (stutterWatched).
	spin, stutter, assigns map[*lsl.Block]bool
	watched                map[*lsl.Block][]lsl.Reg
	// heads holds the registers live at the head of each loop (computed
	// when first needed).
	heads map[*lsl.Block]regSet
}

func newProcInfo(p *lsl.Proc) *procInfo {
	info := &procInfo{
		proc:         p,
		segs:         map[lsl.Stmt]string{},
		loops:        map[*lsl.Block]bool{},
		undefResults: map[lsl.Reg]bool{},
		spin:         map[*lsl.Block]bool{},
		stutter:      map[*lsl.Block]bool{},
		assigns:      map[*lsl.Block]bool{},
		watched:      map[*lsl.Block][]lsl.Reg{},
	}
	calls := map[string]int{}
	loops := map[string]int{}
	seg := func(count map[string]int, name string) string {
		count[name]++
		if n := count[name]; n > 1 {
			return name + "$" + strconv.Itoa(n)
		}
		return name
	}
	walkStmts(p.Body, func(s lsl.Stmt) bool {
		switch s := s.(type) {
		case *lsl.Call:
			info.segs[s] = seg(calls, s.Proc)
		case *lsl.Block:
			if continues(s.Body, s.Label) {
				info.loops[s] = true
				info.segs[s] = seg(loops, s.Label)
			}
		}
		return true
	})

	// Registers the body may read before assigning them, and results it
	// may leave unassigned.
	entry := regSet{}
	for _, r := range p.Params {
		entry[r] = true
	}
	seen := map[lsl.Reg]bool{}
	w := &defWalker{onRead: func(r lsl.Reg, d regSet) {
		if !d[r] && !seen[r] {
			seen[r] = true
			info.readResets = append(info.readResets, r)
		}
	}}
	exit := w.walk(p.Body, entry)
	assigned := mayDefs(p.Body)
	for _, r := range p.Params {
		assigned[r] = true
	}
	for _, r := range p.Results {
		switch {
		case !assigned[r]:
			info.undefResults[r] = true
		case exit != nil && !exit[r] && !seen[r]:
			seen[r] = true
			info.resultResets = append(info.resultResets, r)
		}
	}
	return info
}

// regSet is a set of registers; nil stands for an unreachable point
// (where every register counts as assigned).
type regSet map[lsl.Reg]bool

func (d regSet) clone() regSet {
	if d == nil {
		return nil
	}
	c := make(regSet, len(d))
	for r := range d {
		c[r] = true
	}
	return c
}

// meet intersects the reachable states of ds; nil if none is reachable.
func meet(ds []regSet) regSet {
	var out regSet
	for _, d := range ds {
		if d == nil {
			continue
		}
		if out == nil {
			out = d.clone()
			continue
		}
		for r := range out {
			if !d[r] {
				delete(out, r)
			}
		}
	}
	return out
}

// mayDefs returns every register body may assign.
func mayDefs(body []lsl.Stmt) regSet {
	d := regSet{}
	walkStmts(body, func(s lsl.Stmt) bool {
		for _, r := range lsl.Defs(s) {
			d[r] = true
		}
		return true
	})
	return d
}

// defWalker computes, along structured control flow, which registers are
// definitely assigned at each point (a must-analysis). A loop's head needs
// no fixpoint: registers are only ever added along a path, so the state
// at a continue includes the state at the head, and the head's state is
// the state on entry.
type defWalker struct {
	onRead func(r lsl.Reg, d regSet) // a read at a reachable point
	// onJump is told of a break or continue whose label no block inside
	// the walked code has; its state is the one before the jump.
	onJump func(s lsl.Stmt, d regSet)
	onStmt func(s lsl.Stmt) // every reachable simple statement
	// mark: an assignment of one of these also assigns someAssigned.
	mark    regSet
	targets []*defTarget
}

type defTarget struct {
	label string
	exits []regSet
}

// walk returns the state after stmts, starting from d (which it may
// modify).
func (w *defWalker) walk(stmts []lsl.Stmt, d regSet) regSet {
	for _, s := range stmts {
		if d == nil {
			return nil // unreachable: nothing after a jump executes
		}
		if isNil(s) {
			continue
		}
		if w.onStmt != nil {
			w.onStmt(s)
		}
		if w.onRead != nil {
			for _, r := range lsl.Uses(s) {
				w.onRead(r, d)
			}
		}
		switch s := s.(type) {
		case *lsl.Block:
			t := &defTarget{label: s.Label}
			w.targets = append(w.targets, t)
			end := w.walk(s.Body, d.clone())
			w.targets = w.targets[:len(w.targets)-1]
			d = meet(append(t.exits, end))
		case *lsl.Atomic:
			d = w.walk(s.Body, d)
		case *lsl.Break:
			if t := w.target(s.Label); t != nil {
				t.exits = append(t.exits, d.clone())
			} else if w.onJump != nil {
				w.onJump(s, d)
			}
			if s.Cond == "" {
				d = nil
			}
		case *lsl.Continue:
			if w.target(s.Label) == nil && w.onJump != nil {
				w.onJump(s, d)
			}
			if s.Cond == "" {
				d = nil
			}
		default:
			for _, r := range lsl.Defs(s) {
				d[r] = true
				if w.mark[r] {
					d[someAssigned] = true
				}
			}
		}
	}
	return d
}

func (w *defWalker) target(label string) *defTarget {
	for i := len(w.targets) - 1; i >= 0; i-- {
		if w.targets[i].label == label {
			return w.targets[i]
		}
	}
	return nil
}

// stutterWatched decides whether loop b of procedure p is under the
// stutter reduction, and returns, sorted, the registers it assigns that
// are live at the loop's head: the only assignments of an iteration that
// matter to code after it (the next iteration, or whatever follows an
// exit). An iteration that changes no memory and leaves each of them with
// the value it had at the iteration's start can be removed (see the
// package documentation, "Iterations that change nothing"). A retry loop
// (its body has an atomic block, whose failure, such as a compare-exchange
// writing expected, may leave them as they were) compares their values;
// comparing costs clauses in every iteration, so any other loop that
// carries registers counts an assignment of one as a change (assigns),
// and is reduced only if some path to its continue assigns none: a
// traversal always moves on and would pay for nothing. The reduction is
// optional per loop: either choice is sound.
func stutterWatched(info *procInfo, b *lsl.Block) (stutter bool, watched []lsl.Reg, assigns bool) {
	if info.heads == nil {
		info.heads = liveAtHeads(info.proc)
	}
	live := info.heads[b]
	for r := range mayDefs(b.Body) {
		if live[r] {
			watched = append(watched, r)
		}
	}
	slices.Sort(watched)
	if len(watched) == 0 {
		return true, nil, false
	}
	retry := false
	walkStmts(b.Body, func(s lsl.Stmt) bool {
		_, ok := s.(*lsl.Atomic)
		retry = retry || ok
		return !retry
	})
	if retry {
		return true, watched, false
	}
	return continuesUnassigned(b, watched), watched, true
}

// someAssigned stands, in continuesUnassigned's walk, for "one of the
// watched registers is assigned"; no register has an empty name.
const someAssigned lsl.Reg = ""

// continuesUnassigned reports whether some path, by control flow alone,
// goes from the head of loop b to one of its continues without assigning
// any of the registers watched.
func continuesUnassigned(b *lsl.Block, watched []lsl.Reg) bool {
	found := false
	w := &defWalker{
		mark: regSet{},
		// The loop's own label is not a target of the walk, so its
		// continues arrive here.
		onJump: func(s lsl.Stmt, d regSet) {
			if c, ok := s.(*lsl.Continue); ok && c.Label == b.Label && !d[someAssigned] {
				found = true
			}
		},
	}
	for _, r := range watched {
		w.mark[r] = true
	}
	w.walk(b.Body, regSet{})
	return found
}

// storeBacks finds, in atomic block a, the stores that may store back
// what the block read: in a block of straight-line code without
// assertions or assumptions (an exchange, a test-and-set, a fetch-and-op),
// a store to the address register of an earlier load, where neither that
// address nor the loaded register is assigned anywhere else in the block.
// It maps each such store to the loaded register. Comparing costs
// clauses, so the stores of compare-and-swap (conditional) and of locks
// (whose assumption or assertion already says the value changes) are
// left out; leaving a store out only keeps executions.
func storeBacks(a *lsl.Atomic) map[*lsl.Store]lsl.Reg {
	defs := map[lsl.Reg]int{}
	for _, s := range a.Body {
		switch s.(type) {
		case *lsl.Block, *lsl.Atomic, *lsl.Assume, *lsl.Assert, *lsl.Break, *lsl.Continue:
			return nil
		}
		for _, r := range lsl.Defs(s) {
			defs[r]++
		}
	}
	loaded := map[lsl.Reg]lsl.Reg{} // address -> loaded register
	out := map[*lsl.Store]lsl.Reg{}
	for _, s := range a.Body {
		switch s := s.(type) {
		case *lsl.Load:
			if _, ok := loaded[s.Addr]; !ok && defs[s.Addr] == 0 && defs[s.Dst] == 1 {
				loaded[s.Addr] = s.Dst
			}
		case *lsl.Store:
			if v, ok := loaded[s.Addr]; ok {
				out[s] = v
			}
		}
	}
	return out
}

// liveAtHeads computes, for each loop of p, the registers live at its
// head: those some path from the head reads before assigning them,
// through the iterations, the loop's exits, and the rest of p, whose
// results are read at its end.
func liveAtHeads(p *lsl.Proc) map[*lsl.Block]regSet {
	l := &liveness{heads: map[*lsl.Block]regSet{}}
	end := regSet{}
	for _, r := range p.Results {
		end[r] = true
	}
	l.stmts(p.Body, end)
	return l.heads
}

// liveness is a backward analysis over structured control flow. targets
// holds, for each enclosing block, the registers live where its breaks
// go (after it) and, for a loop, where its continues go (its head).
type liveness struct {
	heads   map[*lsl.Block]regSet
	targets []liveTarget
}

type liveTarget struct {
	label     string
	brk, cont regSet
}

func union(sets ...regSet) regSet {
	out := regSet{}
	for _, s := range sets {
		for r := range s {
			out[r] = true
		}
	}
	return out
}

func (l *liveness) target(label string) *liveTarget {
	for i := len(l.targets) - 1; i >= 0; i-- {
		if l.targets[i].label == label {
			return &l.targets[i]
		}
	}
	return &liveTarget{} // an invalid jump, which Validate rejects
}

// stmts returns the registers live before body, given those live after.
func (l *liveness) stmts(body []lsl.Stmt, out regSet) regSet {
	live := out
	for i := len(body) - 1; i >= 0; i-- {
		live = l.stmt(body[i], live)
	}
	return live
}

func (l *liveness) stmt(s lsl.Stmt, out regSet) regSet {
	if isNil(s) {
		return out
	}
	switch s := s.(type) {
	case *lsl.Block:
		if !continues(s.Body, s.Label) {
			l.targets = append(l.targets, liveTarget{label: s.Label, brk: out})
			in := l.stmts(s.Body, out)
			l.targets = l.targets[:len(l.targets)-1]
			return in
		}
		// A loop: falling off the end of the body leaves it. The head
		// is a fixpoint, reached because the set only grows, over
		// finitely many registers.
		head := regSet{}
		for {
			l.targets = append(l.targets, liveTarget{label: s.Label, brk: out, cont: head})
			in := l.stmts(s.Body, out)
			l.targets = l.targets[:len(l.targets)-1]
			next := union(head, in)
			if len(next) == len(head) {
				l.heads[s] = head
				return head
			}
			head = next
		}
	case *lsl.Atomic:
		return l.stmts(s.Body, out)
	case *lsl.Break, *lsl.Continue:
		var label string
		var cond lsl.Reg
		var to regSet
		if b, ok := s.(*lsl.Break); ok {
			label, cond = b.Label, b.Cond
			to = l.target(label).brk
		} else {
			c := s.(*lsl.Continue)
			label, cond = c.Label, c.Cond
			to = l.target(label).cont
		}
		if cond == "" {
			return union(to)
		}
		in := union(to, out)
		in[cond] = true
		return in
	}
	in := union(out)
	for _, r := range lsl.Defs(s) {
		delete(in, r)
	}
	for _, r := range lsl.Uses(s) {
		in[r] = true
	}
	return in
}

// spinLoop reports whether loop b of procedure p satisfies the spin
// criterion (see the package documentation). pure reports whether a
// called procedure, with all it calls, is free of side effects and loops.
func spinLoop(p *lsl.Proc, b *lsl.Block, pure func(*lsl.Call) bool) bool {
	// The registers code after the loop may read: those read anywhere
	// in p outside b (flow-insensitively), and p's results. Reads inside
	// b are checked below, so the temporaries of a loop's exit tests,
	// left unassigned by an earlier exit, do not count.
	live := regSet{}
	for _, r := range p.Results {
		live[r] = true
	}
	walkStmts(p.Body, func(s lsl.Stmt) bool {
		if s == lsl.Stmt(b) {
			return false
		}
		for _, r := range lsl.Uses(s) {
			live[r] = true
		}
		return true
	})

	assigned := mayDefs(b.Body)
	ok := true
	var exits []regSet // the states in which the loop is left
	w := &defWalker{
		onRead: func(r lsl.Reg, d regSet) {
			// A register the body assigns, read before this iteration
			// has assigned it, carries a value from the last iteration.
			if assigned[r] && !d[r] {
				ok = false
			}
		},
		// The loop's own label is not a target of the walk, so its
		// breaks and continues arrive here.
		onJump: func(s lsl.Stmt, d regSet) {
			switch s := s.(type) {
			case *lsl.Break:
				if s.Label == b.Label {
					exits = append(exits, d.clone())
					return
				}
			case *lsl.Continue:
				if s.Label == b.Label {
					return // the next iteration
				}
			}
			// A break of an enclosing block (a return) or a continue of
			// an enclosing loop: a way out other than the condition.
			ok = false
		},
		onStmt: func(s lsl.Stmt) {
			switch s := s.(type) {
			case *lsl.Store, *lsl.Alloc, *lsl.Free, *lsl.Observe, *lsl.Assert, *lsl.BoundExceeded:
				ok = false
			case *lsl.Continue:
				if s.Label != b.Label {
					ok = false // a nested loop, or an enclosing one
				}
			case *lsl.Call:
				if !pure(s) {
					ok = false
				}
			}
		},
	}
	end := w.walk(b.Body, regSet{})
	exits = append(exits, end)
	for _, d := range exits {
		if d == nil {
			continue
		}
		for r := range assigned {
			if live[r] && !d[r] {
				ok = false // after the loop it could hold an earlier iteration's value
			}
		}
	}
	return ok
}

// pureBody reports whether body has no statement with a side effect, no
// assertion and no loop; calls are checked with pure.
func pureBody(body []lsl.Stmt, pure func(*lsl.Call) bool) bool {
	ok := true
	walkStmts(body, func(s lsl.Stmt) bool {
		switch s := s.(type) {
		case *lsl.Store, *lsl.Alloc, *lsl.Free, *lsl.Observe, *lsl.Assert, *lsl.BoundExceeded, *lsl.Continue:
			ok = false
		case *lsl.Call:
			if !pure(s) {
				ok = false
			}
		}
		return ok
	})
	return ok
}
