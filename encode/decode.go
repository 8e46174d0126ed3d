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
	// Faults are the faults that happened.
	Faults []*ErrorPoint
	// Fences are the executed, enabled fences.
	Fences []*Fence
	// Reached are all executed fences, enabled or not (fence inference
	// asks which disabled candidates the execution contradicts).
	Reached []*Fence
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
		if g.Value(p.Lit) {
			x.Faults = append(x.Faults, p)
		}
	}
	for _, f := range e.Fences {
		if !g.Value(f.Exec) {
			continue
		}
		x.Reached = append(x.Reached, f)
		if g.Value(f.Enable) {
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
		for j := range m.adj[i] {
			if i < j {
				u, v := i, j
				if !g.Value(e.before(m.nodes[i], m.nodes[j])) {
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
	for _, id := range order {
		for _, a := range m.nodes[id].members {
			if !g.Value(a.Exec) {
				continue
			}
			ea := ExecAccess{Access: a, AddrVal: e.value(a.Addr), Value: e.value(a.Val), Order: len(x.Accesses)}
			if !a.Store {
				for _, s := range e.Accesses {
					if l, ok := m.flows[[2]int{s.ID, a.ID}]; ok && g.Value(l) {
						ea.ReadsFrom = s
					}
				}
			}
			x.Accesses = append(x.Accesses, ea)
		}
	}
	return x
}
