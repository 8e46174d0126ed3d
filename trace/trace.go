package trace

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"checkfence/encode"
	"checkfence/explain"
	"checkfence/lsl"
	"checkfence/rangeanalysis"
)

// Trace is a readable counterexample.
type Trace struct {
	Test        string        `json:"test"`
	Model       string        `json:"model"`
	Observation Observation   `json:"observation"`
	Faults      []Fault       `json:"faults,omitempty"`
	Threads     []Thread      `json:"threads"`
	MemoryOrder []Event       `json:"memory_order"`
	Reordered   []Reorder     `json:"reordered,omitempty"`
	Spec        []Observation `json:"spec,omitempty"`
	// Blocks names the allocated blocks and says where each was
	// allocated.
	Blocks []BlockName `json:"blocks,omitempty"`
	// Cause, when set, is the minimal set of reorderings the failure
	// needs (package explain); Reordered marks those of this execution.
	Cause *Cause `json:"cause,omitempty"`
	// Placement, when set, is an optimal fence placement for the test
	// (check --infer): the fences suggested instead of Cause's, each
	// marked with whether this execution needs it; Reordered marks the
	// pairs that the needed ones restore.
	Placement *Placement `json:"placement,omitempty"`
	// PastBound, when set, says that this is not a counterexample but an
	// execution that runs a loop past its bound (an inconclusive check),
	// and which loop.
	PastBound string `json:"past_bound,omitempty"`
	// Checked, when set and not Model, is the model the test was checked
	// on: this execution is of the mining under Model (serial), which
	// ended the check. The pictures are then named after Checked, one per
	// model checked. Note, when set, says so on the HTML page.
	Checked string `json:"-"`
	Note    string `json:"-"`
}

// subject is "TEST on MODEL" for the pictures: the model checked, and
// the one the execution is under when that is another.
func (t *Trace) subject() string {
	if t.Checked != "" && t.Checked != t.Model {
		return t.Test + " on " + t.Checked + " (under " + t.Model + ")"
	}
	return t.Test + " on " + t.Model
}

// Thread is what one thread executed.
type Thread struct {
	Name string      `json:"name"` // "init", "thread 0", …
	Ops  []Operation `json:"ops"`
}

// Operation is one invocation and its events in program order.
type Operation struct {
	Name   string  `json:"name"`
	Call   string  `json:"call"`
	Pos    string  `json:"pos,omitempty"`
	Events []Event `json:"events"`
}

// Event is an executed access or fence.
type Event struct {
	Kind   string `json:"kind"` // load, store, fence, alloc, free
	Thread string `json:"thread"`
	Op     string `json:"op"`
	// Call names the call: the operation and its number among the
	// test's calls of it ("enqueue#2").
	Call string `json:"call"`
	// Iteration is the loop iteration of an access in a loop ("2"; "1.3"
	// in an inner loop), empty outside loops.
	Iteration string `json:"iteration,omitempty"`
	// PastBound: in an execution that runs past a loop bound, an access
	// of that thread after the bound, which the program would not run as
	// shown (the unrolling has no further iteration).
	PastBound bool `json:"past_bound,omitempty"`
	// AfterFault: the event comes after its thread's fault, where the
	// thread runs on with its assumes ignored (a lock taken while held,
	// say): the program would not run it so.
	AfterFault bool   `json:"after_fault,omitempty"`
	Addr       string `json:"addr,omitempty"`
	Value      string `json:"value,omitempty"`
	Fence      string `json:"fence,omitempty"`
	// Implied: the fence is part of an atomic operation's memory order
	// (the C11 mapping), not a fence statement.
	Implied bool   `json:"implied,omitempty"`
	Pos     string `json:"pos,omitempty"`
	Order   int    `json:"order,omitempty"` // 1-based position in memory order (accesses)
	// ReadsFrom, for a load, is the store it read from.
	ReadsFrom *Ref `json:"reads_from,omitempty"`
	// StaleBy, for a load that read a stale value, is the memory-order
	// position of the store that had overwritten it: an earlier load of
	// the same thread and address read that store (0: not stale).
	StaleBy int  `json:"stale_by,omitempty"`
	Atomic  bool `json:"atomic,omitempty"`
	// Reuses, for an allocation that took a freed block (Addr), says
	// where it was freed: "freed by thread 1 at f.c:20:3".
	Reuses string `json:"reuses,omitempty"`
}

// BlockName is an allocated block's name in the trace and its site.
type BlockName struct {
	Name string `json:"name"`
	Site string `json:"site"`
	// Reused says where the execution handed the block out again, in
	// memory order: "handed out again by d#1 at q.c:20:3 (#7)".
	Reused []string `json:"reused,omitempty"`
}

// Ref names the store a load read from: the initial value, or the
// store at Order in memory order.
type Ref struct {
	Init   bool   `json:"init,omitempty"`
	Order  int    `json:"order,omitempty"`
	Thread string `json:"thread,omitempty"`
	Pos    string `json:"pos,omitempty"`
}

func (r *Ref) String() string {
	if r.Init {
		return "init"
	}
	if r.Pos == "" {
		return fmt.Sprintf("#%d (%s)", r.Order, r.Thread)
	}
	return fmt.Sprintf("#%d (%s %s)", r.Order, r.Thread, r.Pos)
}

// Observation is an outcome: what each call observed, the final values,
// or the fault of an error execution. Text is how the trace prints it.
type Observation struct {
	Text  string         `json:"text"`
	Fault string         `json:"fault,omitempty"`
	Calls []ObservedCall `json:"calls,omitempty"`
	Final []Observed     `json:"final,omitempty"`
}

// ObservedCall is what one call observed.
type ObservedCall struct {
	Thread string     `json:"thread"`
	Op     string     `json:"op"`
	Values []Observed `json:"values"`
}

// Observed is one observed item: an input or output value, or a label
// reached (Kind "label", no value).
type Observed struct {
	Kind  string `json:"kind"` // input, output, label, final
	Name  string `json:"name"`
	Value string `json:"value,omitempty"`
}

// Reorder is a pair of accesses of one thread that executed in memory
// order opposite to program order.
type Reorder struct {
	Thread string `json:"thread"`
	// First went first in memory order, though Second comes first in
	// program order: the text says "First went before Second".
	First  Event  `json:"first"`
	Second Event  `json:"second"`
	Fence  string `json:"fence"` // the fence kind that would forbid it
	// Cause is set when a fence of the failure's cause (Trace.Cause)
	// restores the pair; the others are incidental.
	Cause bool `json:"cause,omitempty"`
	// AcrossCalls is set when the two accesses, of one operation call and
	// iteration, come from two calls of a procedure the operation calls
	// (its code is inlined once per call).
	AcrossCalls *InlinedCalls `json:"across_calls,omitempty"`

	pair explain.Pair
}

// InlinedCalls names two calls of one procedure: where each is called,
// the one earlier in program order first.
type InlinedCalls struct {
	Proc    string `json:"proc"`
	Earlier string `json:"earlier"`
	Later   string `json:"later"`
}

// acrossCalls compares the calls two accesses were inlined through
// (earlier and later in program order): where they first part, if
// both are in calls of the same procedure, it names them.
func acrossCalls(earlier, later []lsl.CallSite) *InlinedCalls {
	for k := 0; k < len(earlier) && k < len(later); k++ {
		a, b := earlier[k], later[k]
		if a == b {
			continue
		}
		if a.Proc != b.Proc {
			return nil // different code: the positions tell them apart
		}
		return &InlinedCalls{Proc: a.Proc, Earlier: posString(a.Pos), Later: posString(b.Pos)}
	}
	return nil
}

// Cause is what the failure needs: a minimal set of fences, each
// restoring reordered pairs, with which no execution fails so.
type Cause struct {
	// Found is false when the failure needs no reordering.
	Found  bool         `json:"found"`
	Fences []CauseFence `json:"fences"`
	// Counterexamples is the number of failing executions whose
	// reorderings gave candidates (1: this trace's alone).
	Counterexamples int `json:"counterexamples"`
	// WithinBounds: the fences forbid the failure only within the loop
	// bounds of the counterexample's unrolling; with them an execution
	// can still run longer (explain.Cause).
	WithinBounds bool `json:"within_bounds,omitempty"`
}

// CauseFence is one fence of a cause.
type CauseFence struct {
	Kind  string `json:"kind"`
	Where string `json:"where"` // "after" or "before" the access
	Site  Site   `json:"site"`
	// Restores lists the indexes in Reordered of the pairs it restores
	// (none: it restores pairs of another failing execution).
	Restores []int `json:"restores"`
}

// Site is a source access: a load or a store at a position.
type Site struct {
	Kind string `json:"kind"` // load, store
	Pos  string `json:"pos"`
}

// SetCause records c, the cause of the failure of x (the trace's
// execution), marks the reordered pairs its fences restore, and lists
// those pairs first.
func (t *Trace) SetCause(c *explain.Cause, x *encode.Execution) {
	restored := make([]bool, len(t.Reordered))
	for i, r := range t.Reordered {
		for _, f := range c.Fences {
			if f.Restores(x, r.pair) {
				restored[i] = true
			}
		}
	}
	t.markCause(restored)
	t.Cause = &Cause{Found: c.Found, Counterexamples: c.Counterexamples, Fences: []CauseFence{}, WithinBounds: c.WithinBounds}
	for _, f := range c.Fences {
		cf := CauseFence{Kind: f.Kind.String(), Where: "before", Site: Site{Kind: f.At.Kind(), Pos: posString(f.At.Pos)}, Restores: []int{}}
		if f.After {
			cf.Where = "after"
		}
		for i, r := range t.Reordered {
			if f.Restores(x, r.pair) {
				cf.Restores = append(cf.Restores, i)
			}
		}
		t.Cause.Fences = append(t.Cause.Fences, cf)
	}
}

// Placement is an optimal placement of fences for the failing test, as
// this trace's execution meets it.
type Placement struct {
	Cost   int              `json:"cost"`
	Fences []PlacementFence `json:"fences"`
}

// PlacementFence is one fence of a placement.
type PlacementFence struct {
	Kind string `json:"kind"`
	Pos  string `json:"pos"` // where the fence goes: file:line:col
	// Needed: this execution reorders a pair across the fence, which
	// forbids it.
	Needed bool `json:"needed"`
	// Restores lists the indexes in Reordered of the pairs it restores.
	Restores []int `json:"restores"`
	// VerdictWithout is the test's verdict without the fence: "fail", or
	// "inconclusive" when the execution that needs it runs a loop past
	// its bound (as fences --infer says).
	VerdictWithout string `json:"verdict_without,omitempty"`
}

// PlacedFence is what SetPlacement needs of a fence of a placement.
type PlacedFence struct {
	Kind   lsl.FenceKind
	Pos    lsl.Pos
	Needed bool
	// VerdictWithout: PlacementFence.VerdictWithout.
	VerdictWithout string
	// Restores reports whether the fence, where the execution reaches
	// it, orders first (earlier in program order) before second.
	Restores func(first, second *encode.Access) bool
}

// SetPlacement records an optimal placement of the given cost (package
// infer), marks the reordered pairs that its needed fences restore, and
// lists those pairs first.
func (t *Trace) SetPlacement(cost int, fs []PlacedFence) {
	restores := func(f PlacedFence, r Reorder) bool {
		return f.Needed && f.Restores(r.pair.First, r.pair.Second)
	}
	restored := make([]bool, len(t.Reordered))
	for i, r := range t.Reordered {
		for _, f := range fs {
			restored[i] = restored[i] || restores(f, r)
		}
	}
	t.markCause(restored)
	t.Placement = &Placement{Cost: cost, Fences: []PlacementFence{}}
	for _, f := range fs {
		pf := PlacementFence{Kind: f.Kind.String(), Pos: posString(f.Pos), Needed: f.Needed, Restores: []int{}, VerdictWithout: f.VerdictWithout}
		for i, r := range t.Reordered {
			if restores(f, r) {
				pf.Restores = append(pf.Restores, i)
			}
		}
		t.Placement.Fences = append(t.Placement.Fences, pf)
	}
}

// markCause marks the pairs of Reordered that restored says belong to
// the cause and moves them first.
func (t *Trace) markCause(restored []bool) {
	idx := make([]int, len(t.Reordered))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return restored[idx[a]] && !restored[idx[b]] })
	sorted := make([]Reorder, len(idx))
	for to, from := range idx {
		sorted[to] = t.Reordered[from]
		sorted[to].Cause = restored[from]
	}
	t.Reordered = sorted
}

// Fault is an error that happened in the execution.
type Fault struct {
	Thread string `json:"thread"`
	What   string `json:"what"`
	Pos    string `json:"pos,omitempty"`
	Stmt   string `json:"stmt,omitempty"`
	// Detail says more where the fault needs it: for a use after free
	// or a double free, the block and the free before it.
	Detail string `json:"detail,omitempty"`
	// PastBound: the fault comes after a loop bound its thread passed
	// (Event.PastBound); the program would not run into it so.
	PastBound bool `json:"past_bound,omitempty"`
	// Needs names the thread whose events after its own fault this
	// fault follows from (what its thread read, or a block it took):
	// it is no fault of the program's alone. It is Thread itself where
	// what the thread read follows from its own events after this
	// fault, through another thread that read them.
	Needs string `json:"needs_after_fault_of,omitempty"`
}

// NeedsWho names the thread of Needs for a sentence: "its own thread"
// where it is the fault's.
func (f Fault) NeedsWho() string {
	if f.Needs == f.Thread {
		return "its own thread"
	}
	return f.Needs
}

// Build renders the execution x of encoding e. spec, if given, is listed
// as the observations serial executions make.
func Build(e *encode.Encoding, x *encode.Execution, spec []lsl.Outcome) *Trace {
	calls := newCallNames(e.Test)
	n := newNamer(e.Test, calls)
	iters := iterations(e.Test)
	t := &Trace{Test: e.Test.Name, Model: e.Model.Name}
	t.Observation = observation(e.Test, x.Outcome)
	rep := e.ReportFaults(x)
	for _, f := range rep.Faults {
		tf := Fault{Thread: threadName(f.Thread), What: f.Fault.String(),
			Pos: posString(f.Stmt.Position()), Stmt: lsl.FormatStmt(f.Stmt), PastBound: e.FaultPastBound(x, f)}
		if th, ok := rep.Needs[f]; ok {
			tf.Needs = threadName(th)
		}
		t.Faults = append(t.Faults, tf)
	}
	if len(t.Faults) > 0 {
		// the fault reported first, not the first one encoded
		t.Observation = Observation{Text: "error: " + t.Faults[0].What, Fault: t.Faults[0].What}
	}
	for _, o := range spec {
		t.Spec = append(t.Spec, observation(e.Test, o))
	}
	sort.Slice(t.Spec, func(i, j int) bool { return t.Spec[i].Text < t.Spec[j].Text })

	// Events per thread in program order. Positions in memory order count
	// accesses and allocator events together.
	// each thread's first access past a bound the execution passes
	pastFrom := map[int]int{}
	for _, p := range x.PastBounds {
		if k, ok := pastFrom[p.Thread]; !ok || p.Accesses < k {
			pastFrom[p.Thread] = p.Accesses
		}
	}
	ev := map[*encode.Access]Event{}
	evsBefore := 0 // allocator events before the access
	for i, a := range x.Accesses {
		for evsBefore < len(x.Events) && x.Events[evsBefore].After <= i {
			evsBefore++
		}
		kind := "load"
		if a.Store {
			kind = "store"
		}
		ev[a.Access] = Event{
			Kind: kind, Thread: threadName(a.Thread), Op: opName(e.Test, a.Thread, a.Inv),
			Call: calls.name(a.Thread, a.Inv), Iteration: iters[a.Stmt],
			Addr: n.name(a.AddrVal), Value: n.accessValue(a.Value, a.Stmt), Pos: posString(a.Stmt.Position()),
			Order: a.Order + 1 + evsBefore, Atomic: a.Group != 0,
		}
		v := ev[a.Access]
		if k, ok := pastFrom[a.Thread]; ok && a.PoIndex >= k {
			v.PastBound = true
		}
		v.AfterFault = rep.AccessUnchecked(a.Thread, a.PoIndex)
		ev[a.Access] = v
	}
	allocEv := make([]Event, len(x.Events))
	for j, xe := range x.Events {
		allocEv[j] = allocEvent(e, n, x, j)
		allocEv[j].Call = calls.name(xe.Thread, xe.Inv)
		allocEv[j].Order = xe.After + j + 1
		allocEv[j].AfterFault = rep.StmtUnchecked(xe.Thread, xe.Before, xe.Stmt)
	}
	for i, f := range rep.Faults {
		t.Faults[i].Detail = faultDetail(n, x, f, ev, allocEv)
	}
	t.Blocks = n.legend(x, allocEv)
	for _, a := range x.Accesses {
		if a.Store {
			continue
		}
		v := ev[a.Access]
		if a.ReadsFrom == nil {
			v.ReadsFrom = &Ref{Init: true}
		} else if s, ok := ev[a.ReadsFrom]; ok {
			v.ReadsFrom = &Ref{Order: s.Order, Thread: s.Thread, Pos: s.Pos}
		}
		ev[a.Access] = v
	}
	markStale(x, ev)
	threads := []int{rangeanalysis.InitThread}
	for i := range e.Test.Threads {
		threads = append(threads, i)
	}
	for _, th := range threads {
		invs := e.Test.Init
		if th != rangeanalysis.InitThread {
			invs = e.Test.Threads[th]
		}
		if len(invs) == 0 {
			continue
		}
		tt := Thread{Name: threadName(th)}
		for i, inv := range invs {
			op := Operation{Name: inv.Op, Call: calls.name(th, i), Pos: posString(inv.Pos), Events: []Event{}}
			// merge accesses and fences of this invocation by program position
			type item struct {
				po    int
				fence bool
				ev    Event
			}
			var items []item
			for _, a := range x.Accesses {
				if a.Thread == th && a.Inv == i {
					items = append(items, item{po: 2 * a.PoIndex, ev: ev[a.Access]})
				}
			}
			for j, xe := range x.Events {
				if xe.Thread == th && xe.Inv == i {
					items = append(items, item{po: 2*xe.Before - 1, ev: allocEv[j]})
				}
			}
			for _, f := range x.Fences {
				if f.Thread == th && !f.Implicit && f.Inv == i {
					lf, _ := f.Stmt.(*lsl.Fence)
					items = append(items, item{po: 2*f.Before - 1, fence: true, ev: Event{
						Kind: "fence", Thread: threadName(th), Op: inv.Op, Call: calls.name(th, i), Fence: f.Kind.String(), Pos: posString(f.Stmt.Position()),
						Implied: lf != nil && lf.Implied, AfterFault: rep.StmtUnchecked(th, f.Before, f.Stmt)}})
				}
			}
			sort.SliceStable(items, func(a, b int) bool { return items[a].po < items[b].po })
			for _, it := range items {
				op.Events = append(op.Events, it.ev)
			}
			tt.Ops = append(tt.Ops, op)
		}
		t.Threads = append(t.Threads, tt)
	}
	j := 0
	for i, a := range x.Accesses {
		for ; j < len(x.Events) && x.Events[j].After <= i; j++ {
			t.MemoryOrder = append(t.MemoryOrder, allocEv[j])
		}
		t.MemoryOrder = append(t.MemoryOrder, ev[a.Access])
	}
	t.MemoryOrder = append(t.MemoryOrder, allocEv[j:]...)
	// Reordered pairs: x <p y but y <M x, in the same thread, both at
	// locations another thread touches (explain.Reordered: a pair with an
	// access no other thread sees cannot explain anything another thread
	// saw, so it is left out).
	sites := map[lsl.Stmt][]lsl.CallSite{}
	for _, invs := range append([][]*lsl.Invocation{e.Test.Init}, e.Test.Threads...) {
		for _, inv := range invs {
			for st, cs := range inv.Inlined {
				sites[st] = cs
			}
		}
	}
	for _, p := range explain.Reordered(x) {
		t.Reordered = append(t.Reordered, Reorder{
			Thread: threadName(p.First.Thread), First: ev[p.Second], Second: ev[p.First],
			Fence:       fenceFor(p.First.Store, p.Second.Store),
			AcrossCalls: acrossCalls(sites[p.First.Stmt], sites[p.Second.Stmt]),
			pair:        p,
		})
	}
	return t
}

// sameAddressLoadsReordered reports whether two loads of one address
// ran out of program order.
func (t *Trace) sameAddressLoadsReordered() bool {
	for _, r := range t.Reordered {
		if r.First.Kind == "load" && r.Second.Kind == "load" && r.First.Addr == r.Second.Addr {
			return true
		}
	}
	return false
}

// markStale sets StaleBy on the loads of x that read a value their own
// thread had already seen overwritten: an earlier load of the thread (in
// program order) of the same address read a store that comes after the
// one this load reads, in memory order. (A load reads the last store
// before it in memory order, so a stale value shows as a load placed too
// early: on relaxed, two loads of one address out of order.)
func markStale(x *encode.Execution, ev map[*encode.Access]Event) {
	pos := map[*encode.Access]int{}
	for i, a := range x.Accesses {
		pos[a.Access] = i
	}
	source := func(a encode.ExecAccess) int {
		if a.ReadsFrom == nil {
			return -1 // the initial value
		}
		return pos[a.ReadsFrom]
	}
	for _, a := range x.Accesses {
		if a.Store || a.Thread == rangeanalysis.InitThread {
			continue
		}
		newest := -1
		for _, b := range x.Accesses {
			if !b.Store && b.Thread == a.Thread && b.PoIndex < a.PoIndex && b.AddrVal == a.AddrVal {
				newest = max(newest, source(b))
			}
		}
		if newest > source(a) {
			v := ev[a.Access]
			v.StaleBy = ev[x.Accesses[newest].Access].Order
			ev[a.Access] = v
		}
	}
}

func fenceFor(firstStore, secondStore bool) string {
	k := map[[2]bool]string{
		{false, false}: "load-load", {false, true}: "load-store",
		{true, false}: "store-load", {true, true}: "store-store",
	}
	return k[[2]bool{firstStore, secondStore}]
}

func threadName(th int) string {
	if th == rangeanalysis.InitThread {
		return "init"
	}
	return fmt.Sprintf("thread %d", th)
}

func opName(t *lsl.Test, th, inv int) string {
	invs := t.Init
	if th != rangeanalysis.InitThread {
		invs = t.Threads[th]
	}
	if inv < len(invs) {
		return invs[inv].Op
	}
	return "?"
}

func posString(p lsl.Pos) string {
	if !p.IsValid() {
		return ""
	}
	return p.String()
}

// observation renders an outcome per operation; its text reads
// "thread 0: e(v=1); thread 1: d(ok=1 v=0)", or "error: …".
func observation(t *lsl.Test, o lsl.Outcome) Observation {
	if o.Fault != lsl.NoFault {
		return Observation{Text: "error: " + o.Fault.String(), Fault: o.Fault.String()}
	}
	var out Observation
	var parts []string
	group := func(th string, invs []*lsl.Invocation, obs [][]lsl.ObsItem) {
		var ops []string
		for i, items := range obs {
			name := "?"
			if i < len(invs) {
				name = invs[i].Op
			}
			call := ObservedCall{Thread: th, Op: name, Values: []Observed{}}
			var vals []string
			for _, it := range items {
				if it.Kind == lsl.ObsLabel {
					vals = append(vals, "@"+lsl.QuoteName(it.Name))
					call.Values = append(call.Values, Observed{Kind: "label", Name: it.Name})
				} else {
					vals = append(vals, lsl.QuoteName(it.Name)+"="+it.ValueString())
					kind := "output"
					if it.Kind == lsl.ObsInput {
						kind = "input"
					}
					call.Values = append(call.Values, Observed{Kind: kind, Name: it.Name, Value: it.ValueString()})
				}
			}
			out.Calls = append(out.Calls, call)
			ops = append(ops, name+"("+strings.Join(vals, " ")+")")
		}
		if len(ops) > 0 {
			parts = append(parts, th+": "+strings.Join(ops, " "))
		}
	}
	group("init", t.Init, o.Init)
	for i, obs := range o.Threads {
		group(fmt.Sprintf("thread %d", i), t.Threads[i], obs)
	}
	for i, f := range t.Final {
		if i < len(o.Final) {
			parts = append(parts, fmt.Sprintf("final %s=%s", f.Name, o.Final[i]))
			out.Final = append(out.Final, Observed{Kind: "final", Name: f.Name, Value: o.Final[i].String()})
		}
	}
	out.Text = strings.Join(parts, "; ")
	return out
}

// WriteText prints the trace for a person.
func (t *Trace) WriteText(w io.Writer) {
	if t.PastBound != "" {
		// the execution stops at the bound: what it observed is partial
		fmt.Fprintf(w, "an execution of %s on %s that runs %s\n", t.Test, t.Model, t.PastBound)
		if t.Model == "relaxed" && t.sameAddressLoadsReordered() {
			fmt.Fprintf(w, "  it reads stale values again and again because two loads of one address ran out of order,\n"+
				"  which relaxed allows and no current machine does: try --model rmo (relaxed with such loads in order)\n")
		}
	} else {
		fmt.Fprintf(w, "counterexample for %s on %s\n", t.Test, t.Model)
		fmt.Fprintf(w, "  observed:  %s\n", t.Observation.Text)
	}
	// A thread goes on after its first fault, on the values the fault
	// left, and usually faults again on them: the first is the one to
	// read, the others are counted (JSON lists them all).
	shown, more := map[string]bool{}, map[string]int{}
	for _, f := range t.Faults {
		if shown[f.Thread] {
			more[f.Thread]++
			continue
		}
		shown[f.Thread] = true
		past := ""
		if f.PastBound {
			past = " [past the bound]"
		}
		if f.Needs != "" {
			past += " [follows from what " + f.NeedsWho() + " did after its fault]"
		}
		fmt.Fprintf(w, "  fault:     %s in %s at %s (%s)%s\n", f.What, f.Thread, f.Pos, f.Stmt, past)
		if f.Detail != "" {
			fmt.Fprintf(w, "             %s\n", f.Detail)
		}
	}
	for _, f := range t.Faults {
		if k := more[f.Thread]; k > 0 {
			fmt.Fprintf(w, "             … and %d more in %s, following from its first\n", k, f.Thread)
			more[f.Thread] = 0
		}
	}
	if len(t.Spec) > 0 {
		fmt.Fprintf(w, "  the specification allows only:\n")
		for i, s := range t.Spec {
			if i == 12 {
				fmt.Fprintf(w, "             … and %d more\n", len(t.Spec)-i)
				break
			}
			fmt.Fprintf(w, "             %s\n", s.Text)
		}
	}
	for _, th := range t.Threads {
		fmt.Fprintf(w, "%s:\n", th.Name)
		for _, op := range th.Ops {
			fmt.Fprintf(w, "  %s", op.Call)
			if op.Pos != "" {
				fmt.Fprintf(w, "  (%s)", op.Pos)
			}
			fmt.Fprintln(w)
			for _, e := range op.Events {
				fmt.Fprintf(w, "    %s\n", e.line(false))
			}
		}
	}
	if len(t.Blocks) > 0 {
		fmt.Fprintf(w, "blocks:\n")
		for _, b := range t.Blocks {
			fmt.Fprintf(w, "  %s: %s\n", b.Name, b.Site)
			for _, r := range b.Reused {
				fmt.Fprintf(w, "    %s\n", r)
			}
		}
	}
	fmt.Fprintf(w, "memory order:\n")
	for _, e := range t.MemoryOrder {
		fmt.Fprintf(w, "  %3d  %-9s %-8s %s\n", e.Order, e.Thread, e.Call, e.line(true))
	}
	t.writeReorderings(w)
}

// writePlacement lists the placement's fences, those this execution
// needs first, each with the pairs it restores.
func (t *Trace) writePlacement(w io.Writer, pair func(Reorder)) {
	p := t.Placement
	fmt.Fprintf(w, "fences: an optimal placement for this test (cost %d) adds these; with them no execution fails:\n", p.Cost)
	for _, needed := range []bool{true, false} {
		for _, f := range p.Fences {
			if f.Needed != needed {
				continue
			}
			fmt.Fprintf(w, "  %s fence at %s: ", f.Kind, f.Pos)
			switch {
			case !f.Needed && f.VerdictWithout == "inconclusive":
				fmt.Fprintf(w, "without it the test is inconclusive: an execution that runs a loop past its bound needs it (this one reorders nothing across it)\n")
				continue
			case !f.Needed:
				fmt.Fprintf(w, "another failing execution needs it (this one reorders nothing across it)\n")
				continue
			case len(f.Restores) == 0:
				fmt.Fprintf(w, "this execution needs it (for accesses that no other thread sees)\n")
				continue
			}
			fmt.Fprintf(w, "this execution needs it; it restores\n")
			t.writeRestored(w, f.Restores, pair)
		}
	}
}

// writeRestored lists the first maxPairsShown of the reordered pairs a
// fence restores (indexes in Reordered).
func (t *Trace) writeRestored(w io.Writer, restores []int, pair func(Reorder)) {
	for j, i := range restores {
		if j == maxPairsShown {
			fmt.Fprintf(w, "    … and %d more pairs\n", len(restores)-j)
			break
		}
		fmt.Fprint(w, "  ")
		pair(t.Reordered[i])
		fmt.Fprintln(w)
	}
}

// iterationName names an access's loop iteration in a reordered pair; an
// access outside the loops has none.
func iterationName(it string) string {
	if it == "" {
		return "outside the loop"
	}
	return it
}

// maxPairsShown is how many of the pairs a cause's fence restores the
// text lists (the JSON has them all).
const maxPairsShown = 3

// writeReorderings lists the reordered pairs: with a cause, its pairs
// first, each with the fence that restores it, then the incidental ones.
func (t *Trace) writeReorderings(w io.Writer) {
	pair := func(r Reorder) {
		fmt.Fprintf(w, "  %s: %s %s (%s) went before %s %s (%s)", r.Thread, r.First.Kind, r.First.Addr, r.First.Pos, r.Second.Kind, r.Second.Addr, r.Second.Pos)
		switch {
		case r.First.Call != r.Second.Call:
			fmt.Fprintf(w, ", across calls (%s, then %s)", r.Second.Call, r.First.Call)
		case r.First.Iteration != r.Second.Iteration:
			fmt.Fprintf(w, ", across iterations (%s, then %s)", iterationName(r.Second.Iteration), iterationName(r.First.Iteration))
		case r.AcrossCalls != nil:
			fmt.Fprintf(w, ", across calls of %s (at %s, then at %s)", r.AcrossCalls.Proc, r.AcrossCalls.Earlier, r.AcrossCalls.Later)
		}
	}
	c := t.Cause
	switch {
	case t.Placement != nil:
		t.writePlacement(w, pair)
	case c == nil:
		if len(t.Reordered) > 0 {
			fmt.Fprintf(w, "reordered by the memory model (program order ≠ memory order):\n")
			for _, r := range t.Reordered {
				pair(r)
				fmt.Fprintf(w, ": a %s fence between them forbids this\n", r.Fence)
			}
		}
		return
	case !c.Found:
		fmt.Fprintf(w, "cause: none among the reorderings; the failure happens with every access in program order\n")
	default:
		if c.WithinBounds {
			fmt.Fprintf(w, "cause: with these fences no execution within this trace's loop bounds fails so, though one may run longer (a minimal set; each restores the pairs below it):\n")
		} else {
			fmt.Fprintf(w, "cause: with these fences no execution fails so (a minimal set; each restores the pairs below it):\n")
		}
		for _, f := range c.Fences {
			fmt.Fprintf(w, "  %s fence %s the %s at %s\n", f.Kind, f.Where, f.Site.Kind, f.Site.Pos)
			t.writeRestored(w, f.Restores, pair)
			if len(f.Restores) == 0 {
				fmt.Fprintf(w, "    (restores pairs of another failing execution)\n")
			}
		}
	}
	header := false
	for _, r := range t.Reordered {
		if r.Cause {
			continue
		}
		if !header {
			// "not needed" would claim too much: another minimal cause may
			// restore these pairs instead of the ones above
			if c != nil && !c.Found {
				fmt.Fprintf(w, "reordered by the memory model (the failure needs none of these):\n")
			} else {
				fmt.Fprintf(w, "other reorderings (the fences above suffice without restoring these):\n")
			}
			header = true
		}
		pair(r)
		fmt.Fprintln(w)
	}
}

func (e Event) line(short bool) string {
	var s string
	switch e.Kind {
	case "fence":
		s = "fence " + e.Fence
		if e.Implied {
			s += " (of the operation's memory order)"
		}
	case "alloc":
		s = fmt.Sprintf("#%-3d alloc %s (reused: %s)", e.Order, e.Addr, e.Reuses)
	case "free":
		s = fmt.Sprintf("#%-3d free  %s", e.Order, e.Addr)
	case "store":
		s = fmt.Sprintf("#%-3d store %s = %s", e.Order, e.Addr, e.Value)
	default:
		s = fmt.Sprintf("#%-3d load  %s -> %s", e.Order, e.Addr, e.Value)
		if e.ReadsFrom != nil && !short {
			s += "   (reads " + e.ReadsFrom.String() + ")"
		}
		if e.StaleBy != 0 {
			s += fmt.Sprintf("  [stale: #%d, read before, overwrote it]", e.StaleBy)
		}
	}
	if e.Atomic {
		s += "  [atomic]"
	}
	if e.Iteration != "" {
		s += "  [iteration " + e.Iteration + "]"
	}
	if e.PastBound {
		s += "  [past the bound]"
	}
	if e.AfterFault {
		s += "  [after its thread's fault]"
	}
	if e.Pos != "" {
		s = fmt.Sprintf("%-44s %s", s, e.Pos)
	}
	return s
}

// label is the event without padding and position, for pictures.
func (e Event) label() string {
	pos := e.Pos
	e.Pos = ""
	s := e.line(true)
	if pos != "" {
		s += "\n" + pos
	}
	return s
}

// EventOf returns the event of access a of x in t, built from x.
func (t *Trace) EventOf(x *encode.Execution, a *encode.Access) (Event, bool) {
	// Memory order interleaves allocator events with the accesses, so an
	// access's place in it is its index among the accesses plus the
	// allocator events before it.
	evsBefore := 0
	for i, ea := range x.Accesses {
		for evsBefore < len(x.Events) && x.Events[evsBefore].After <= i {
			evsBefore++
		}
		if ea.Access == a && i+evsBefore < len(t.MemoryOrder) {
			return t.MemoryOrder[i+evsBefore], true
		}
	}
	return Event{}, false
}

// allocEvent renders allocator event j of x.
func allocEvent(e *encode.Encoding, n *namer, x *encode.Execution, j int) Event {
	xe := x.Events[j]
	out := Event{
		Kind: "free", Thread: threadName(xe.Thread), Op: opName(e.Test, xe.Thread, xe.Inv),
		Addr: n.name(lsl.Ptr(xe.Block)), Pos: posString(xe.Stmt.Position()), Atomic: xe.Group != 0,
	}
	if !xe.Free {
		out.Kind = "alloc"
		out.Reuses = "a block freed before"
		if xe.Prev >= 0 {
			p := x.Events[xe.Prev]
			out.Reuses = fmt.Sprintf("freed by %s at %s", threadName(p.Thread), posString(p.Stmt.Position()))
		}
	}
	return out
}

// orderOps are the C spellings of the relational comparisons.
var orderOps = map[lsl.OpCode]string{lsl.OpLt: "<", lsl.OpLe: "<=", lsl.OpGt: ">", lsl.OpGe: ">="}

// faultDetail names, for a use after free or a double free, the block and
// the free that came before (the last event on the block before the
// faulting statement in memory order); for an invalid pointer operation
// that is a relational comparison, what it compared.
func faultDetail(n *namer, x *encode.Execution, f *encode.ErrorPoint, ev map[*encode.Access]Event, allocEv []Event) string {
	switch f.Fault {
	case lsl.FaultUseAfterFree:
		for _, a := range x.Accesses {
			if a.Stmt != f.Stmt || a.Thread != f.Thread {
				continue
			}
			order := ev[a.Access].Order
			for j := len(x.Events) - 1; j >= 0; j-- {
				if xe := x.Events[j]; xe.Block == a.AddrVal.Base() && allocEv[j].Order < order {
					return fmt.Sprintf("%s was freed by %s at %s (#%d) and accessed at #%d", n.name(lsl.Ptr(xe.Block)),
						threadName(xe.Thread), posString(xe.Stmt.Position()), allocEv[j].Order, order)
				}
			}
		}
	case lsl.FaultPointer:
		// an order between values the machine keeps as blocks and paths
		// of offsets, not numbers (Eval: only pointers into one block)
		if p, ok := f.Stmt.(*lsl.Prim); ok {
			if op, ok := orderOps[p.Op]; ok {
				return fmt.Sprintf("relational comparison '%s' of a pointer converted to an integer (or of a pointer) with an integer or with a pointer into another object: pointers have no numeric address here", op)
			}
		}
	case lsl.FaultDoubleFree:
		for j, xe := range x.Events {
			if xe.Stmt == f.Stmt && xe.Thread == f.Thread && xe.Prev >= 0 {
				p := x.Events[xe.Prev]
				return fmt.Sprintf("%s was freed already by %s at %s (#%d), and again at #%d", n.name(lsl.Ptr(xe.Block)),
					threadName(p.Thread), posString(p.Stmt.Position()), allocEv[xe.Prev].Order, allocEv[j].Order)
			}
		}
	}
	return ""
}
