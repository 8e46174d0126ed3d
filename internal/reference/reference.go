package reference

import (
	"errors"
	"fmt"
	"slices"

	"checkfence/lsl"
)

// Limits that keep the enumeration fast; bigger tests are refused.
const (
	// MaxAccesses bounds the number of load and store statements of a test.
	MaxAccesses = 12
	// maxStates bounds the number of distinct search states explored.
	maxStates = 100_000
)

// ErrTooBig is returned (wrapped) for tests the reference will not enumerate.
var ErrTooBig = errors.New("test too big for the reference")

// model is one row of the table in SEMANTICS.md.
type model struct {
	// keeps reports whether x <p y (same thread, x first) implies x <M y.
	keeps func(xStore, yStore, sameAddr bool) bool
	// forward: S(l) also holds the stores before l in program order.
	forward bool
	// atomicFence: an atomic block acts as a full fence before and after.
	atomicFence bool
	// serial: the accesses of one invocation are contiguous in <M.
	serial bool
}

var models = map[string]model{
	"serial": {
		keeps:  func(_, _, _ bool) bool { return true },
		serial: true,
	},
	"sc": {
		keeps: func(_, _, _ bool) bool { return true },
	},
	"tso": {
		keeps:       func(xs, ys, _ bool) bool { return !(xs && !ys) },
		forward:     true,
		atomicFence: true,
	},
	"pso": {
		keeps: func(xs, ys, same bool) bool {
			return !(xs && !ys) && !(xs && ys && !same)
		},
		forward: true,
	},
	// rmo: only when a(x) = a(y), unless x is a store and y a load.
	"rmo": {
		keeps:   func(xs, ys, same bool) bool { return same && !(xs && !ys) },
		forward: true,
	},
	"relaxed": {
		keeps:   func(_, ys, same bool) bool { return same && ys },
		forward: true,
	},
}

// Models lists the model names Outcomes accepts.
func Models() []string { return []string{"serial", "sc", "tso", "pso", "rmo", "relaxed"} }

// memory knows which addresses are valid and what they hold initially.
type memory struct {
	globals map[int64]*lsl.Global
	allocs  map[int64]bool // bases of the test's Alloc statements
	// stmts maps each Alloc statement's base to the statement, whose
	// size and words (lsl.MayReuse) say which allocations may hand its block out again
	stmts     map[int64]*lsl.Alloc
	firstBase int64 // the least Alloc base: block states are indexed from it
}

// blockStart reports whether p points to the start of an allocated block
// (all offsets zero): what free accepts.
func (m *memory) blockStart(p lsl.Value) bool {
	return p.IsPtr() && m.allocs[p.Base()] && (m.stmts[p.Base()] == nil || !m.stmts[p.Base()].Local) && !slices.ContainsFunc(p.Offsets(), func(o int64) bool { return o != 0 })
}

// valid reports whether p addresses a location: a word of a global or of
// the block of one of the test's Alloc statements, within their layouts
// (lsl.Shape.Locate; lsl.LocateUnknown in a block of unknown layout).
func (m *memory) valid(p lsl.Value) bool {
	if !p.IsPtr() {
		return false
	}
	if g := m.globals[p.Base()]; g != nil {
		return g.Shape.Locate(p.Offsets()) == ""
	}
	if !m.allocs[p.Base()] {
		return false
	}
	a := m.stmts[p.Base()]
	if a == nil || a.Shape == nil {
		return lsl.LocateUnknown(p.Offsets()) == ""
	}
	return a.Shape.Locate(p.Offsets()) == ""
}

// initial returns the initial value of a valid location: a global's InitVal
// with the same offsets, else 0; undefined in an allocated block.
func (m *memory) initial(p lsl.Value) lsl.Value {
	g := m.globals[p.Base()]
	if g == nil {
		return lsl.Undefined
	}
	offs := p.Offsets()
	for _, iv := range g.Init {
		if slices.Equal(iv.Offsets, offs) {
			return iv.Val
		}
	}
	return lsl.Int(0)
}

// Outcomes returns every distinct outcome of the executions of t on the
// named model, sorted by key. All error executions share one outcome (with
// Fault set to the fault of one of them). It returns an error for models it
// does not know, statements outside the straight-line form, and tests too
// big to enumerate (wrapping ErrTooBig).
func Outcomes(t *lsl.Test, modelName string) ([]lsl.Outcome, error) {
	mod, ok := models[modelName]
	if !ok {
		return nil, fmt.Errorf("unknown memory model %q", modelName)
	}
	if t == nil {
		return nil, fmt.Errorf("nil test")
	}
	mem, threads, accesses, err := flatten(t)
	if err != nil {
		return nil, err
	}
	if accesses > MaxAccesses {
		return nil, fmt.Errorf("%w: %d loads and stores (at most %d)", ErrTooBig, accesses, MaxAccesses)
	}
	for _, f := range t.Final {
		if !f.Addr.IsPtr() || mem.globals[f.Addr.Base()] == nil {
			return nil, fmt.Errorf("final location %s: %s is not a global location", f.Name, f.Addr)
		}
	}
	rs, err := analyze(threads, mem)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrTooBig, err)
	}
	e := &engine{
		test:      t,
		model:     mod,
		modelName: modelName,
		threads:   threads,
		mem:       mem,
		ranges:    rs,
		seen:      map[string]struct{}{},
		outcomes:  map[string]lsl.Outcome{},
	}
	if err := e.run(); err != nil {
		return nil, err
	}
	keys := make([]string, 0, len(e.outcomes))
	for k := range e.outcomes {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	out := make([]lsl.Outcome, len(keys))
	for i, k := range keys {
		out[i] = e.outcomes[k]
	}
	return out, nil
}

// flatten flattens the threads of t (init first) and describes its
// memory: the globals, and the Alloc statements' blocks with bases above
// every global, numbered in the order init, thread 0, thread 1, … and
// program order. It also counts the test's load and store statements.
func flatten(t *lsl.Test) (*memory, []*threadCode, int, error) {
	mem := &memory{globals: map[int64]*lsl.Global{}, allocs: map[int64]bool{}, stmts: map[int64]*lsl.Alloc{}}
	var maxBase int64
	for _, g := range t.Globals {
		if g == nil || g.Base < 1 {
			return nil, nil, 0, fmt.Errorf("global with invalid base")
		}
		if mem.globals[g.Base] != nil {
			return nil, nil, 0, lsl.Errorf(g.Pos, "global %s: base %d used twice", g.Name, g.Base)
		}
		mem.globals[g.Base] = g
		maxBase = max(maxBase, g.Base)
	}
	fl := &flattener{nextBase: maxBase + 1}
	var threads []*threadCode
	for _, invs := range append([][]*lsl.Invocation{t.Init}, t.Threads...) {
		tc, err := fl.thread(invs)
		if err != nil {
			return nil, nil, 0, err
		}
		threads = append(threads, tc)
	}
	for b := maxBase + 1; b < fl.nextBase; b++ {
		mem.allocs[b] = true
	}
	mem.firstBase = maxBase + 1
	for _, tc := range threads {
		for _, in := range tc.code {
			if a, ok := in.s.(*lsl.Alloc); ok {
				mem.stmts[in.base] = a
			}
		}
	}
	return mem, threads, fl.accesses, nil
}
