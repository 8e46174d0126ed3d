package reference

import (
	"fmt"
	"maps"
	"slices"
	"strconv"

	"checkfence/lsl"
)

// The search builds executions and their memory order together. Each
// thread is simulated in program order; a load stops the simulation until
// the load is either placed in <M (its value is then what the value axiom
// gives at that point) or, on relaxed, given a guessed value so that later
// accesses can be placed before it (the guess is checked when the load is
// placed). Simulated accesses wait until they are placed; an access may be
// placed when every earlier access of its thread that the model, a fence
// or an atomic block orders before it is placed. A complete execution has
// every thread at its end and every access placed.
//
// Why placing in <M order gives the value axiom directly: the stores to
// one address that precede a load l in program order are ordered among
// themselves in <M on every model (same address, second one a store). If
// the last of them is not yet placed when l is, it comes after l and after
// every placed store, so it is the <M-greatest visible store (on models
// with forwarding). Otherwise the visible stores are exactly the placed
// ones, and the last placed store to the address gives the value.
//
// States that agree on everything that matters for the rest of the search
// (not on the order that led to them) are explored once.

// event is a fence, a memory access or an allocator event executed by a
// thread, in program order. Allocator events (SEMANTICS.md, "Allocation
// and freeing") are the frees of allocated blocks and the allocations
// that take a freed block (fresh allocations change no state and can
// always be placed first, so they are no events).
type event struct {
	fence    bool
	kind     lsl.FenceKind // for a fence
	store    bool
	alloc    bool         // an allocation taking block
	free     bool         // a free of block
	block    int64        // for alloc and free
	freeKind lsl.FreeKind // for free
	loc      int          // location index (engine.locs), for an access
	val      lsl.Value
	atom     int // atomic block id, 0 outside
	inv      int // invocation index
	placed   bool
}

// access reports whether ev is a load or a store.
func (ev event) access() bool { return !ev.fence && !ev.alloc && !ev.free }

// Block states (state.blocks): live, or freed by a free of kind k (k+1).
const live = 0

func freedBy(k lsl.FreeKind) uint8 { return uint8(k) + 1 }

// threadState is one thread's part of a state. States share the
// threadStates of threads they do not change; a threadState is modified
// only right after clone copied it, before the state is explored.
type threadState struct {
	pc      int
	curAtom int         // atomic block of the last instruction reached
	regs    []lsl.Value // indexed by engine.regIdx
	obs     [][]lsl.ObsItem
	events  []event
	key     string // cache of appendKey's output, "" until computed
	// derailed: the thread faulted (see derail)
	derailed bool
	// pruneAt is the number of the thread's events when a false assume
	// or a bound passed would have removed the execution, had the thread
	// not derailed; -1 if none. With uses after free and double frees,
	// which are found only as events are placed, the removal waits for
	// the end: it stands unless an event before it was one (placedAt,
	// the index of the thread's first, -1 if none). See deferPrune.
	pruneAt, placedAt int
}

// cell is the content of a location: the value of its last placed store.
type cell struct {
	stored bool
	val    lsl.Value
}

type state struct {
	th    []*threadState // init thread first
	mem   []cell         // indexed by location
	fault lsl.Fault      // the first fault of the execution
	// blocks holds the state of each allocated block (index: base -
	// memory.firstBase), changed by the allocator events placed so far
	blocks []uint8
}

// clone returns a copy of s in which thread t may be modified.
func (s *state) clone(t int) *state {
	c := &state{th: slices.Clone(s.th), mem: slices.Clone(s.mem), fault: s.fault, blocks: slices.Clone(s.blocks)}
	old := s.th[t]
	obs := make([][]lsl.ObsItem, len(old.obs))
	for k, o := range old.obs {
		obs[k] = slices.Clip(o) // shared: an append copies
	}
	c.th[t] = &threadState{
		pc:       old.pc,
		curAtom:  old.curAtom,
		regs:     slices.Clone(old.regs),
		obs:      obs,
		events:   slices.Clone(old.events),
		derailed: old.derailed,
		pruneAt:  old.pruneAt,
		placedAt: old.placedAt,
	}
	return c
}

// key renders every part of s that can influence its completions, so that
// equal keys have equal sets of reachable outcomes.
func (s *state) key() string {
	b := make([]byte, 0, 256)
	b = strconv.AppendInt(b, int64(s.fault), 10)
	for _, th := range s.th {
		if th.key == "" {
			th.key = string(th.appendKey(nil))
		}
		b = append(b, '|')
		b = strconv.AppendInt(b, int64(len(th.key)), 10)
		b = append(b, th.key...)
	}
	b = append(b, '#')
	for _, st := range s.blocks {
		b = strconv.AppendInt(b, int64(st), 10)
	}
	b = append(b, '#')
	for _, c := range s.mem {
		if c.stored {
			b = appendValue(b, c.val)
		} else {
			b = append(b, '-')
		}
	}
	return string(b)
}

func (th *threadState) appendKey(b []byte) []byte {
	b = append(b, '#')
	if th.derailed {
		b = append(b, '!')
	}
	if th.pruneAt >= 0 || th.placedAt >= 0 {
		b = strconv.AppendInt(b, int64(th.pruneAt), 10)
		b = append(b, '/')
		b = strconv.AppendInt(b, int64(th.placedAt), 10)
		b = append(b, '!')
	}
	b = strconv.AppendInt(b, int64(th.pc), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(th.curAtom), 10)
	b = append(b, ';')
	for _, v := range th.regs {
		b = appendValue(b, v)
	}
	b = append(b, ';')
	for _, o := range th.obs {
		for _, it := range o {
			b = strconv.AppendQuote(b, it.Name)
			b = strconv.AppendInt(b, int64(it.Kind), 10)
			b = appendValue(b, it.Val)
		}
		b = append(b, '/')
	}
	b = append(b, ';')
	for _, ev := range th.events {
		switch {
		case ev.fence:
			b = append(b, 'F')
			b = strconv.AppendInt(b, int64(ev.kind), 10)
		case ev.alloc:
			b = append(b, 'A')
			b = strconv.AppendInt(b, ev.block, 10)
		case ev.free:
			b = append(b, 'D')
			b = strconv.AppendInt(b, ev.block, 10)
			b = append(b, '/')
			b = strconv.AppendInt(b, int64(ev.freeKind), 10)
		case ev.store:
			b = append(b, 'S')
		default:
			b = append(b, 'L')
		}
		b = strconv.AppendInt(b, int64(ev.loc), 10)
		b = append(b, ' ')
		b = appendValue(b, ev.val)
		b = strconv.AppendInt(b, int64(ev.atom), 10)
		b = append(b, '.')
		b = strconv.AppendInt(b, int64(ev.inv), 10)
		if ev.placed {
			b = append(b, '+')
		}
		b = append(b, ',')
	}
	return b
}

// appendValue appends an unambiguous rendering of v: "u", "i<n>" or
// "p<base>.<off>.<off>", each closed by ' '.
func appendValue(b []byte, v lsl.Value) []byte {
	switch v.Kind() {
	case lsl.KindInt:
		b = append(b, 'i')
		b = strconv.AppendInt(b, v.IntVal(), 10)
	case lsl.KindPtr, lsl.KindTagged:
		b = append(b, 'p')
		b = strconv.AppendInt(b, v.Untagged().Base(), 10)
		for _, o := range v.Offsets() {
			b = append(b, '.')
			b = strconv.AppendInt(b, o, 10)
		}
		if v.IsTagged() {
			b = append(b, '|')
			b = strconv.AppendInt(b, v.Tag(), 10)
		}
	default:
		b = append(b, 'u')
	}
	return append(b, ' ')
}

type engine struct {
	test  *lsl.Test
	model model
	// modelName decides which fences exist (lsl.Fence.On).
	modelName string
	threads   []*threadCode
	mem       *memory
	ranges    *ranges

	regIdx []map[lsl.Reg]int // per thread: register -> index in regs
	locIdx map[lsl.Value]int // location -> index in mem
	locs   []lsl.Value       // index -> location
	// accessAfter[t][pc]: thread t's code has a load or store after pc.
	accessAfter [][]bool

	// deferPrune: the test has a free, which may be a double free or
	// make a later access a use after free, so assumes and bounds remove
	// executions only at their end (threadState.pruneAt).
	deferPrune bool

	seen     map[string]struct{}
	outcomes map[string]lsl.Outcome
	hasError bool
	err      error
}

// groups names the atomic block and (under serial) the invocation that
// have placed some but not all of their accesses; thread -1 if none. At
// most one of each can be open, as nothing else may be placed meanwhile.
type groups struct {
	atomT, atom int
	invT, inv   int
}

func (e *engine) run() error {
	// Every location an access can target has a value set (the range
	// analysis creates one for each targeted location).
	e.locIdx = map[lsl.Value]int{}
	e.locs = slices.SortedFunc(maps.Keys(e.ranges.locs), lsl.Compare)
	for i, a := range e.locs {
		e.locIdx[a] = i
	}
	st := &state{mem: make([]cell, len(e.locs)), blocks: make([]uint8, len(e.mem.allocs))}
	for t, tc := range e.threads {
		idx := map[lsl.Reg]int{}
		for i, r := range slices.Sorted(maps.Keys(e.ranges.regs[t])) {
			idx[r] = i
		}
		e.regIdx = append(e.regIdx, idx)
		after := make([]bool, len(tc.code)+1)
		for pc := len(tc.code) - 2; pc >= 0; pc-- {
			switch tc.code[pc+1].s.(type) {
			case *lsl.Load, *lsl.Store:
				after[pc] = true
			default:
				after[pc] = after[pc+1]
			}
		}
		e.accessAfter = append(e.accessAfter, after)
		st.th = append(st.th, &threadState{
			regs:     make([]lsl.Value, len(idx)),
			obs:      make([][]lsl.ObsItem, len(tc.invRange)),
			pruneAt:  -1,
			placedAt: -1,
		})
		for _, in := range tc.code {
			if _, ok := in.s.(*lsl.Free); ok {
				e.deferPrune = true
			}
		}
	}
	// Simulate every thread up to its first load before searching.
	states := []*state{st}
	for t := range e.threads {
		var next []*state
		for _, s := range states {
			next = append(next, e.simulate(s.clone(t), t)...)
		}
		states = next
	}
	for _, s := range states {
		e.explore(s)
	}
	return e.err
}

// reg returns the value of register r of thread t (undefined if never
// assigned).
func (e *engine) reg(s *state, t int, r lsl.Reg) lsl.Value {
	i, ok := e.regIdx[t][r]
	if !ok {
		return lsl.Undefined // a register no statement assigns
	}
	return s.th[t].regs[i]
}

// explore searches all ways to complete s.
func (e *engine) explore(s *state) {
	if e.err != nil {
		return
	}
	if s.fault != lsl.NoFault && e.hasError {
		return // every completion has the outcome already found
	}
	if !e.guessesFeasible(s) {
		return
	}
	k := s.key()
	if _, ok := e.seen[k]; ok {
		return
	}
	if len(e.seen) >= maxStates {
		e.err = fmt.Errorf("%w: more than %d search states", ErrTooBig, maxStates)
		return
	}
	e.seen[k] = struct{}{}
	if e.complete(s) {
		e.record(s)
		return
	}
	g := e.openGroups(s)
	for t, th := range s.th {
		// Place a waiting access.
		for j, ev := range th.events {
			if !e.canPlace(s, g, t, th.events, j) {
				continue
			}
			if ev.alloc && !e.reusable(s, ev.block) {
				continue // the block is not free to take (yet)
			}
			if ev.access() && !ev.store && e.loadValue(s, t, th.events, j) != ev.val {
				continue // the guessed value is not the one the load reads here
			}
			c := s.clone(t)
			c.th[t].events[j].placed = true
			e.place(c, t, j, ev)
			e.explore(c)
		}
		// The thread waits at a load: place it now, or guess its value.
		tc := e.threads[t]
		if th.pc >= len(tc.code) {
			continue
		}
		in := tc.code[th.pc]
		ld, ok := in.s.(*lsl.Load) // simulate stops only at loads
		if !ok {
			continue
		}
		loc, ok := e.locIdx[e.reg(s, t, ld.Addr)]
		if !ok {
			e.err = fmt.Errorf("internal error: load from %s, which has no value set", e.reg(s, t, ld.Addr))
			return
		}
		ev := event{loc: loc, atom: in.atom, inv: in.inv}
		evs := append(slices.Clip(th.events), ev)
		if e.canPlace(s, g, t, evs, len(evs)-1) {
			ev.val = e.loadValue(s, t, evs, len(evs)-1)
			ev.placed = true
			e.continueAfterLoad(s, t, ld, ev)
		}
		if e.mayGuess(g, t, in, th.pc) {
			for _, v := range slices.SortedFunc(maps.Keys(e.ranges.locs[e.locs[loc]]), lsl.Compare) {
				if v != e.loadValue(s, t, evs, len(evs)-1) && !e.mayStillStore(s, loc, v) {
					continue // no store can ever give the load this value
				}
				ev.val = v
				ev.placed = false
				e.continueAfterLoad(s, t, ld, ev)
			}
		}
	}
}

// guessesFeasible reports whether every load that waits with a guessed
// value can still read it: either it reads that value if placed now, or
// some store not yet placed or not yet executed may write the value to
// the load's address. Dropping the other states early changes nothing
// but the time the search takes.
func (e *engine) guessesFeasible(s *state) bool {
	for t, th := range s.th {
		for j, ev := range th.events {
			if !ev.access() || ev.store || ev.placed {
				continue
			}
			if e.loadValue(s, t, th.events, j) != ev.val && !e.mayStillStore(s, ev.loc, ev.val) {
				return false
			}
		}
	}
	return true
}

// mayStillStore reports whether a store of v to location loc may still be
// placed: a waiting store event, or a store statement that some thread has
// not yet reached and whose registers' value sets allow it.
func (e *engine) mayStillStore(s *state, loc int, v lsl.Value) bool {
	a := e.locs[loc]
	for t, th := range s.th {
		for _, ev := range th.events {
			if ev.store && !ev.placed && ev.loc == loc && ev.val == v {
				return true
			}
		}
		for _, in := range e.threads[t].code[th.pc:] {
			if st, ok := in.s.(*lsl.Store); ok && e.ranges.has(t, st.Addr, a) && e.ranges.has(t, st.Src, v) {
				return true
			}
		}
	}
	return false
}

// continueAfterLoad records the load event ev of thread t, assigns its
// value and simulates on.
func (e *engine) continueAfterLoad(s *state, t int, ld *lsl.Load, ev event) {
	c := s.clone(t)
	th := c.th[t]
	th.events = append(th.events, ev)
	if ev.placed {
		e.place(c, t, len(th.events)-1, ev)
	}
	if !e.assign(c, t, ld.Dst, ev.val) {
		return
	}
	th.pc++
	for _, n := range e.simulate(c, t) {
		e.explore(n)
	}
}

// mayGuess reports whether the load at thread t's pc may be given a
// guessed value. That is useful only if a later access of the thread may
// be placed before the load: never under a model that keeps a load before
// everything after it, nor when no access follows, nor when the load is
// in an atomic block that has started (it must be placed next).
func (e *engine) mayGuess(g groups, t int, in instr, pc int) bool {
	if t == 0 || !e.accessAfter[t][pc] || in.atom != 0 && g.atomT == t && g.atom == in.atom {
		return false
	}
	for _, yStore := range []bool{false, true} {
		for _, same := range []bool{false, true} {
			if !e.model.keeps(false, yStore, same) {
				return true
			}
		}
	}
	return false
}

func (e *engine) complete(s *state) bool {
	for t := range s.th {
		if !e.threadDone(s, t) {
			return false
		}
	}
	return true
}

func (e *engine) record(s *state) {
	for _, th := range s.th {
		if th.pruneAt >= 0 && (th.placedAt < 0 || th.placedAt >= th.pruneAt) {
			return // removed: the thread had not derailed there
		}
	}
	if s.fault != lsl.NoFault {
		e.hasError = true
		o := lsl.Outcome{Fault: s.fault}
		e.outcomes[o.Key()] = o
		return
	}
	var o lsl.Outcome
	for t, th := range s.th {
		obs := make([][]lsl.ObsItem, len(th.obs))
		for k, items := range th.obs {
			obs[k] = slices.Clone(items)
		}
		if t == 0 {
			o.Init = obs
		} else {
			o.Threads = append(o.Threads, obs)
		}
	}
	for _, f := range e.test.Final {
		v := e.mem.initial(f.Addr)
		if i, ok := e.locIdx[f.Addr]; ok && s.mem[i].stored {
			v = s.mem[i].val
		}
		o.Final = append(o.Final, v)
	}
	e.outcomes[o.Key()] = o
}

// openGroups finds the open atomic block and, under serial, the open
// invocation.
func (e *engine) openGroups(s *state) groups {
	g := groups{atomT: -1, invT: -1}
	for u, th := range s.th {
		for _, ev := range th.events {
			if !ev.placed {
				continue
			}
			if ev.atom != 0 && e.groupOpen(th, e.threads[u].atoms[ev.atom], func(x event) bool { return x.atom == ev.atom }) {
				g.atomT, g.atom = u, ev.atom
			}
			if e.model.serial && e.groupOpen(th, e.threads[u].invRange[ev.inv], func(x event) bool { return x.inv == ev.inv }) {
				g.invT, g.inv = u, ev.inv
			}
		}
	}
	return g
}

// groupOpen reports whether a group of accesses of thread th (an atomic
// block or an invocation, occupying codeRange of the code) has placed
// some but not all of its accesses; accesses not yet simulated count as
// not placed.
func (e *engine) groupOpen(th *threadState, codeRange [2]int, member func(event) bool) bool {
	placed, waiting := false, th.pc >= codeRange[0] && th.pc < codeRange[1]
	for _, ev := range th.events {
		if ev.fence || !member(ev) {
			continue
		}
		if ev.placed {
			placed = true
		} else {
			waiting = true
		}
	}
	return placed && waiting
}

// canPlace reports whether access evs[j] of thread t may be the next access
// in <M.
func (e *engine) canPlace(s *state, g groups, t int, evs []event, j int) bool {
	y := evs[j]
	if y.fence || y.placed {
		return false
	}
	// Init accesses precede all thread accesses.
	if t != 0 && !e.threadDone(s, 0) {
		return false
	}
	// An atomic block that has started must finish first; under serial,
	// so must an invocation.
	if g.atomT >= 0 && !(g.atomT == t && g.atom == y.atom) {
		return false
	}
	if g.invT >= 0 && !(g.invT == t && g.inv == y.inv) {
		return false
	}
	for i := 0; i < j; i++ {
		if x := evs[i]; !x.fence && !x.placed && e.ordered(t, evs, i, j) {
			return false
		}
	}
	return true
}

// ordered reports whether event evs[i] must precede event evs[j] (i < j,
// one thread, neither a fence) in <M.
func (e *engine) ordered(t int, evs []event, i, j int) bool {
	x, y := evs[i], evs[j]
	if t == 0 {
		return true // init runs serially
	}
	if x.atom != 0 && x.atom == y.atom {
		return true
	}
	if !x.access() || !y.access() {
		// allocator events: accesses before a free, after a reuse; two
		// events on one block; under sc and serial, everything
		switch {
		case e.keepsAll():
			return true
		case x.access():
			return y.free
		case y.access():
			return x.alloc
		}
		return x.block == y.block
	}
	if e.model.keeps(x.store, y.store, x.loc == y.loc) {
		return true
	}
	for k := i + 1; k < j; k++ {
		if evs[k].fence && evs[k].kind.Orders(x.store, y.store) {
			return true
		}
	}
	return false
}

// loadValue returns the value the load evs[j] of thread t reads if it is
// placed next in <M.
func (e *engine) loadValue(s *state, t int, evs []event, j int) lsl.Value {
	loc := evs[j].loc
	if e.model.forward && t != 0 {
		for i := j - 1; i >= 0; i-- {
			if x := evs[i]; !x.fence && x.store && x.loc == loc {
				if !x.placed {
					return x.val
				}
				break
			}
		}
	}
	if s.mem[loc].stored {
		return s.mem[loc].val
	}
	return e.mem.initial(e.locs[loc])
}

// threadDone reports whether thread t has finished and all its accesses
// are placed.
func (e *engine) threadDone(s *state, t int) bool {
	th := s.th[t]
	if th.pc < len(e.threads[t].code) {
		return false
	}
	for _, ev := range th.events {
		if !ev.fence && !ev.placed {
			return false
		}
	}
	return true
}

// keepsAll reports whether the model keeps every program-order pair (sc,
// serial); allocator events then keep program order too.
func (e *engine) keepsAll() bool {
	for _, xs := range []bool{false, true} {
		for _, ys := range []bool{false, true} {
			if !e.model.keeps(xs, ys, false) {
				return false
			}
		}
	}
	return true
}

// reusable reports whether block b is free to be handed out again: freed,
// last, by a free that lets it be reused.
func (e *engine) reusable(s *state, b int64) bool {
	st := s.blocks[b-e.mem.firstBase]
	return st == freedBy(lsl.FreeUnsafe) || st == freedBy(lsl.FreeStable)
}

// place applies what placing ev, event j of thread t, in <M does besides
// a store's value: an allocation takes its block, a free frees it (a
// double free unless it was live), and an access to a block freed by C's
// free is a use after free. Either derails the thread from that event
// on, as the thread's other faults do (SEMANTICS.md, "Errors").
func (e *engine) place(s *state, t, j int, ev event) {
	switch {
	case ev.alloc:
		s.blocks[ev.block-e.mem.firstBase] = live
	case ev.free:
		i := ev.block - e.mem.firstBase
		if s.blocks[i] != live {
			s.setFault(lsl.FaultDoubleFree)
			s.th[t].derailAt(j)
		}
		s.blocks[i] = freedBy(ev.freeKind)
	default:
		if ev.store {
			s.mem[ev.loc] = cell{stored: true, val: ev.val}
		}
		if a := e.locs[ev.loc]; e.mem.allocs[a.Base()] && s.blocks[a.Base()-e.mem.firstBase] == freedBy(lsl.FreeUnsafe) {
			s.setFault(lsl.FaultUseAfterFree)
			s.th[t].derailAt(j)
		}
	}
}

// derailAt records that the thread's event j faulted when placed.
func (th *threadState) derailAt(j int) {
	th.derailed = true
	if th.placedAt < 0 || j < th.placedAt {
		th.placedAt = j
	}
}
