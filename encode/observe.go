package encode

import (
	"checkfence/lsl"
	"checkfence/rangeanalysis"
)

// slotGroup encodes the observation list of one invocation as slots: slot
// k holds the k-th observation the execution makes there. Observation
// points under branches make the position of a point depend on the path,
// so a unary counter tracks how many points executed before each one.
// Comparing an execution's observations with a concrete list is then a
// conjunction of slot literals, and excluding a list is one clause.
type slotGroup struct {
	thread, inv int
	count       []Lit                 // count[k]: exactly k observations made
	slots       []map[lsl.ObsItem]Lit // slots[k][item]: the (k+1)-th observation is item
}

func (e *Encoding) encodeObservations() {
	c := e.c
	type key struct{ thread, inv int }
	points := map[key][]*obsPoint{}
	for _, p := range e.obs {
		k := key{p.thread, p.inv}
		points[k] = append(points[k], p)
	}
	add := func(th, inv int) {
		g := &slotGroup{thread: th, inv: inv}
		cnt := []Lit{c.T}
		for _, p := range points[key{th, inv}] {
			// the point lands in slot k if k points executed before it
			for k := range cnt {
				emit := c.and(p.guard, cnt[k])
				if emit == c.F() {
					continue
				}
				if len(g.slots) <= k {
					g.slots = append(g.slots, map[lsl.ObsItem]Lit{})
				}
				for i, v := range p.val.Vals {
					it := p.stmt.Item(v)
					l := c.and(emit, p.val.Lits[i])
					if old, ok := g.slots[k][it]; ok {
						l = c.or(old, l)
					}
					g.slots[k][it] = l
				}
			}
			next := make([]Lit, len(cnt)+1)
			for k := range next {
				stay, move := c.F(), c.F()
				if k < len(cnt) {
					stay = c.and(cnt[k], p.guard.Not())
				}
				if k > 0 {
					move = c.and(cnt[k-1], p.guard)
				}
				next[k] = c.or(stay, move)
			}
			cnt = next
		}
		g.count = cnt
		e.slots = append(e.slots, g)
	}
	for i := range e.Test.Init {
		add(rangeanalysis.InitThread, i)
	}
	for th, invs := range e.Test.Threads {
		for i := range invs {
			add(th, i)
		}
	}
}

// OutcomeLits returns literals whose conjunction holds exactly in the
// correct (non-error) executions with outcome o; ok is false if no
// execution can have it.
func (e *Encoding) OutcomeLits(o lsl.Outcome) (lits []Lit, ok bool) {
	c := e.c
	lits = []Lit{e.Error.Not()}
	gi := 0
	match := func(items []lsl.ObsItem) bool {
		g := e.slots[gi]
		gi++
		if len(items) >= len(g.count) {
			return false
		}
		lits = append(lits, g.count[len(items)])
		for k, it := range items {
			l, found := g.slots[k][it]
			if !found {
				return false
			}
			lits = append(lits, l)
		}
		return true
	}
	if len(o.Init) != len(e.Test.Init) || len(o.Threads) != len(e.Test.Threads) || len(o.Final) != len(e.finals) {
		return nil, false
	}
	for _, items := range o.Init {
		if !match(items) {
			return nil, false
		}
	}
	for th, invs := range o.Threads {
		if len(invs) != len(e.Test.Threads[th]) {
			return nil, false
		}
		for _, items := range invs {
			if !match(items) {
				return nil, false
			}
		}
	}
	for i, v := range o.Final {
		lits = append(lits, e.is(e.finals[i], v))
	}
	for _, l := range lits {
		if l == c.F() {
			return nil, false
		}
	}
	return lits, true
}

// Outcome reads the outcome of the execution in the last satisfying
// assignment.
func (e *Encoding) Outcome() lsl.Outcome {
	var o lsl.Outcome
	if e.c.g.value(e.Error) {
		for _, p := range e.Errors {
			if e.c.g.value(p.Lit) {
				o.Fault = p.Fault
				break
			}
		}
		if o.Fault == lsl.NoFault {
			o.Fault = lsl.FaultAssert
		}
		return o
	}
	o.Init = make([][]lsl.ObsItem, len(e.Test.Init))
	o.Threads = make([][][]lsl.ObsItem, len(e.Test.Threads))
	for th, invs := range e.Test.Threads {
		o.Threads[th] = make([][]lsl.ObsItem, len(invs))
	}
	for _, p := range e.obs {
		if !e.c.g.value(p.guard) {
			continue
		}
		var v lsl.Value
		if p.kind != lsl.ObsLabel {
			v = e.value(p.val)
		}
		it := p.stmt.Item(v)
		if p.thread == rangeanalysis.InitThread {
			o.Init[p.inv] = append(o.Init[p.inv], it)
		} else {
			o.Threads[p.thread][p.inv] = append(o.Threads[p.thread][p.inv], it)
		}
	}
	for _, f := range e.finals {
		o.Final = append(o.Final, e.value(f))
	}
	return o
}
