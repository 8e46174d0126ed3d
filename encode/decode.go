package encode

import (
	"sort"

	"checkfence/lsl"
)

// Execution is a decoded solution: what each thread did and how its
// accesses were ordered in memory.
type Execution struct {
	Outcome lsl.Outcome
	// Accesses are the executed accesses in memory order.
	Accesses []ExecAccess
	// Faults are the faults that happened, in the order to report them
	// (ReportFaults).
	Faults []*ErrorPoint
	// Fences are the executed, enabled fences.
	Fences []*Fence
	// Reached are all executed fences, enabled or not (fence inference
	// asks which disabled candidates the execution contradicts).
	Reached []*Fence
	// Events are the allocator events that happened, in memory order
	// (alloc.go).
	Events []ExecEvent
	// PastBounds are the loop bounds it runs past: in a failing
	// execution, only after its thread faulted (faults.go).
	PastBounds []*ExceedPoint
	// Allocated are the Alloc statements that executed. Their blocks
	// exist, but for those whose Events entry says they took a freed
	// block instead.
	Allocated []*lsl.Alloc
}

// allocExec is an Alloc statement and the literal of its executing.
type allocExec struct {
	stmt *lsl.Alloc
	exec Lit
}

// ExecAccess is one executed access with its values.
type ExecAccess struct {
	*Access
	AddrVal lsl.Value
	Value   lsl.Value
	// ReadsFrom is the store a load read from; nil for the initial value
	// (and for stores).
	ReadsFrom *Access
	// Order is the position in memory order.
	Order int
}

// Decode reads the execution of the last satisfying assignment.
func (e *Encoding) Decode() *Execution {
	g := e.c.g
	x := &Execution{Outcome: e.Outcome()}
	for _, p := range e.Errors {
		if g.value(p.Lit) {
			x.Faults = append(x.Faults, p)
		}
	}
	for _, p := range e.Exceeds {
		if g.value(p.reached) {
			x.PastBounds = append(x.PastBounds, p)
		}
	}
	for _, a := range e.allocExec {
		if g.value(a.exec) {
			x.Allocated = append(x.Allocated, a.stmt)
		}
	}
	for _, f := range e.Fences {
		if !g.value(f.Exec) {
			continue
		}
		x.Reached = append(x.Reached, f)
		if g.value(f.Enable) {
			x.Fences = append(x.Fences, f)
		}
	}
	// Topological order of the nodes under the decoded edge directions;
	// ties go to the earlier thread and program position, so the order
	// reads naturally.
	m := e.mem
	n := len(m.nodes)
	indeg := make([]int, n)
	succ := make([][]int, n)
	for i := 0; i < n; i++ {
		for _, j := range m.graph.neighbours(i, nil) {
			if i < j {
				u, v := i, j
				if !g.value(e.before(m.nodes[i], m.nodes[j])) {
					u, v = j, i
				}
				succ[u] = append(succ[u], v)
				indeg[v]++
			}
		}
	}
	less := func(a, b int) bool {
		na, nb := m.nodes[a], m.nodes[b]
		if na.thread != nb.thread {
			return na.thread < nb.thread
		}
		if na.first != nb.first {
			return na.first < nb.first
		}
		return a < b
	}
	var ready []int
	for i := 0; i < n; i++ {
		if indeg[i] == 0 {
			ready = append(ready, i)
		}
	}
	var order []int
	for len(ready) > 0 {
		sort.Slice(ready, func(i, j int) bool { return less(ready[i], ready[j]) })
		v := ready[0]
		ready = ready[1:]
		order = append(order, v)
		for _, w := range succ[v] {
			indeg[w]--
			if indeg[w] == 0 {
				ready = append(ready, w)
			}
		}
	}
	lastOn := map[int64]int{} // block -> index of its last event in x.Events
	for _, id := range order {
		nd := m.nodes[id]
		evs := nd.events
		for _, a := range nd.members {
			for len(evs) > 0 && 2*evs[0].Before < 2*a.PoIndex+1 {
				x.addEvent(e, evs[0], lastOn)
				evs = evs[1:]
			}
			if !g.value(a.Exec) {
				continue
			}
			ea := ExecAccess{Access: a, AddrVal: e.value(a.Addr), Value: e.value(a.Val), Order: len(x.Accesses)}
			if !a.Store {
				for _, s := range e.Accesses {
					if l, ok := m.flows[pairKey(s.ID, a.ID)]; ok && g.value(l) {
						ea.ReadsFrom = s
					}
				}
			}
			x.Accesses = append(x.Accesses, ea)
		}
		for _, ev := range evs {
			x.addEvent(e, ev, lastOn)
		}
	}
	if len(x.Faults) > 1 {
		// the fault to report (and explain) first
		x.Faults = e.ReportFaults(x).Faults
		x.Outcome.Fault = x.Faults[0].Fault
	}
	return x
}

// ExecEvent is an allocator event that happened: a free of a block that
// may be handed out again, or an allocation that took a freed block.
type ExecEvent struct {
	*AllocEvent
	Block int64 // the block's base
	// After is the number of accesses before the event in memory order.
	After int
	// Prev is the index in Execution.Events of the last event on the
	// same block before this one, -1 if none.
	Prev int
}

// addEvent appends ev to x.Events if it happened on a block.
func (x *Execution) addEvent(e *Encoding, ev *AllocEvent, lastOn map[int64]int) {
	g := e.c.g
	if !g.value(ev.Exec) {
		return
	}
	v := e.value(ev.Block)
	if !v.IsPtr() || !ev.Free && v.Base() == ev.Own || ev.Free && !(e.Range.BlockStart(v) && e.freeEvents(v.Base())) {
		return
	}
	prev, ok := lastOn[v.Base()]
	if !ok {
		prev = -1
	}
	lastOn[v.Base()] = len(x.Events)
	x.Events = append(x.Events, ExecEvent{AllocEvent: ev, Block: v.Base(), After: len(x.Accesses), Prev: prev})
}
