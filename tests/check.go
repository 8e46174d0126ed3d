package tests

import (
	"cmp"
	"slices"

	"checkfence/lsl"
)

// Check reports whether every operation of t names a procedure of prog
// that takes no parameters. It returns nil or an lsl.ErrorList, sorted by
// position, with one *lsl.Error at each offending operation call:
//
//	t.lsl:2:12: unknown operation "foo"
//	t.lsl:2:12: operation "enq" takes 2 parameters; operations must take none
//
// A test built by hand without threads, or with an empty thread, is
// reported at the test's position, as Parse would not have returned it.
func (t *Test) Check(prog *lsl.Program) error {
	if t == nil {
		return lsl.ErrorList{lsl.Errorf(lsl.Pos{}, "nil test")}
	}
	if prog == nil {
		return lsl.ErrorList{lsl.Errorf(t.Pos, "test %q: no program", t.Name)}
	}
	// The program's own lookup would trip over a nil procedure; the first
	// definition of a name wins, as there.
	procs := map[string]*lsl.Proc{}
	for _, proc := range prog.Procs {
		if proc == nil {
			continue
		}
		if _, dup := procs[proc.Name]; !dup {
			procs[proc.Name] = proc
		}
	}
	var errs lsl.ErrorList
	op := func(call OpCall) {
		proc := procs[call.Name]
		switch {
		case proc == nil:
			errs = append(errs, lsl.Errorf(call.Pos, "unknown operation %q", call.Name))
		case len(proc.Params) == 1:
			errs = append(errs, lsl.Errorf(call.Pos, "operation %q takes 1 parameter; operations must take none", call.Name))
		case len(proc.Params) > 1:
			errs = append(errs, lsl.Errorf(call.Pos, "operation %q takes %d parameters; operations must take none", call.Name, len(proc.Params)))
		}
	}
	if len(t.Threads) == 0 {
		errs = append(errs, lsl.Errorf(t.Pos, "test %q has no threads", t.Name))
	}
	for _, call := range t.Init {
		op(call)
	}
	for i, thread := range t.Threads {
		if len(thread) == 0 {
			errs = append(errs, lsl.Errorf(t.Pos, "test %q: thread %d is empty", t.Name, i))
		}
		for _, call := range thread {
			op(call)
		}
	}
	if len(errs) == 0 {
		return nil
	}
	slices.SortStableFunc(errs, func(a, b *lsl.Error) int {
		return cmp.Or(
			cmp.Compare(a.Pos.File, b.Pos.File),
			cmp.Compare(a.Pos.Line, b.Pos.Line),
			cmp.Compare(a.Pos.Col, b.Pos.Col))
	})
	return errs
}
