package mining

import (
	"checkfence/encode"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"unsafe"

	"checkfence/lsl"
	"checkfence/symmetry"
)

// Explicit enumeration of the serial executions (doc.go, "Mining without
// the solver"): the observation set of a straight-line test whose serial
// executions stay within their bounds and make no error, computed by
// running every serial execution, one invocation at a time, and merging
// the executions that reach the same state.

// maxExplicitStates bounds the states the explicit enumeration keeps; a
// test with more is mined by the solver.
const maxExplicitStates = 500_000

// explicitConfig says how a run of the explicit enumeration goes.
type explicitConfig struct {
	// maxStates and maxBytes bound the states it visits and the bytes
	// they and the outcomes take (explicitSerial.charge): past either
	// it gives up.
	maxStates int
	maxBytes  int64
	// bounds: an execution that runs a loop past its bound is recorded
	// in explicitResult.exceeded and not followed further, instead of
	// making the run give up.
	bounds bool
	// progress, if set, is told the number of states visited every
	// explicitProgressEvery states.
	progress func(states int)
	// mutant, when not 0, breaks the enumeration on purpose: the
	// differential test must notice (explicit_test.go).
	mutant explicitMutant
}

// explicitUnbounded is a configuration with the largest state limit and
// no memory limit.
var explicitUnbounded = explicitConfig{maxStates: maxExplicitStates, maxBytes: noExplicitByteLimit}

// noExplicitByteLimit is explicitConfig.maxBytes when memory is not
// bounded.
const noExplicitByteLimit = int64(1) << 62

// explicitProgressEvery is how often a run reports its states.
const explicitProgressEvery = 1 << 17

// maxExplicitChoices bounds the values one Choose may take.
const maxExplicitChoices = 256

// errGaveUp says the explicit enumeration cannot answer for this test
// (an execution it does not model, or too many states); the solver
// enumerates instead. It never means a verdict.
var errGaveUp = errors.New("explicit enumeration gave up")

func gaveUp(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errGaveUp, fmt.Sprintf(format, args...))
}

// noReg marks an absent register operand (a Break without condition).
const noReg = -1

// serialInstr is one statement of an invocation's flattened code: blocks
// and atomic blocks disappear (under serial a whole invocation is
// atomic), a Break jumps to the instruction after its block. Registers
// are numbered per thread.
type serialInstr struct {
	s      lsl.Stmt
	dst    int   // the register written, if any
	src    []int // the registers read, in the statement's order
	target int   // Break: the instruction after its block
	block  int   // Alloc: the index of the block it makes when fresh
}

// serialThread is the flattened code of one thread (index 0: init).
type serialThread struct {
	invs [][]serialInstr
	nreg int
	// upTo[k] is the number of registers invocations 0..k name: they are
	// numbered in order of appearance, so invocation k names none above,
	// and a run of it needs a register file of that size only.
	upTo []int
	// live[k] lists the registers an invocation from k on reads: once
	// invocation k is next, the values of the others can never matter
	// again. A state's key holds these, and a run of invocation k starts
	// with these (forkInvocation).
	live [][]int
}

// Block states in serialState.blocks.
const (
	blockUnused byte = iota // not handed out (yet)
	blockLive
	blockFreed // + the FreeKind
)

// serialState is the state of a serial execution between invocations.
// A step copies what it writes (regs of its thread, mem, blocks, the
// observations of its thread) before its first write.
type serialState struct {
	regs   [][]lsl.Value     // per thread, init first
	mem    []memCell         // per location id
	blocks []byte            // per allocation block
	next   []int             // per thread: the next invocation
	obs    [][][]lsl.ObsItem // per thread, per invocation
}

type memCell struct {
	v   lsl.Value
	set bool // stored to; else the initial value
}

func (s *serialState) clone() *serialState {
	c := *s
	c.regs = slices.Clone(s.regs)
	c.next = slices.Clone(s.next)
	c.obs = slices.Clone(s.obs)
	return &c
}

// explicitSerial enumerates the outcomes of t's serial executions.
type explicitSerial struct {
	t       *lsl.Test
	threads []*serialThread // init first
	globals map[int64]*lsl.Global
	init    map[lsl.Value]lsl.Value // the globals' initial values
	allocs  []*lsl.Alloc            // per block index: the statement whose block it is
	block   map[int64]int           // allocation base → block index
	bases   []int64                 // per block index: its base
	locs    map[lsl.Value]int       // location → id, as met
	// order, when not nil, is the symmetry of interchangeable threads:
	// only executions in which each class's threads start in thread
	// order are run, and each outcome brings its images.
	order *symmetry.Group
	// keys is the bytes of the states visited (their keys, kept to
	// merge the runs that reach them again); live the bytes of the
	// states held until explored (on the search's stack, or runs of an
	// invocation waiting); peak the most keys+live has been.
	keys, live, peak int64
	// outs is the bytes of the outcomes collected (outcomeBytes): a
	// test of many threads has as many as the orders of its threads,
	// each of a few words per thread.
	outs int64
	// exceeded, when not nil, collects the loops run past their bounds
	// (explicitRun); else running past one gives up.
	exceeded map[string]bool
	states   int
	buf      []byte
	obuf     []byte // addOutcome's rendering of an outcome
	cfg      explicitConfig
}

type explicitMutant int

const (
	mutantNone             explicitMutant = iota
	mutantKeyNoObs                        // merges states that observed different things
	mutantNoImages                        // the symmetry constraint without the orbits
	mutantSharedForks                     // a run writes memory its forks share
	mutantNoReuse                         // allocations never take a freed block
	mutantAssumeDropsForks                // a false assume drops the forks made before it
	mutantIgnoresBounds                   // runs on past a bound_exceeded
	mutantKeyNoLiveRegs                   // merges states whose registers later invocations read differ
)

// explicitResult is what a run of every serial execution found.
type explicitResult struct {
	outcomes []lsl.Outcome // sorted by key; complete only if exceeded is empty
	states   int           // states visited
	bytes    int64         // the most bytes the states and outcomes took at once (explicitSerial.charge)
	exceeded []string      // the loop instances some execution runs past, sorted
}

// explicitRun returns the outcomes of t's serial executions, or an
// error wrapping errGaveUp when the test does something the explicit
// enumeration leaves to the solver: an error, a bound exceeded (unless
// cfg.bounds), or more states than cfg allows. sym, if not nil, is the
// group of t's interchangeable threads. With cfg.bounds, an execution
// that runs a loop past its bound is recorded in the result's exceeded
// and not followed further; under the symmetry constraint the loops of
// the executions left out are exceeded by the corresponding loops of the
// executions run, so no loop exceeded means none is.
func explicitRun(ctx context.Context, t *lsl.Test, sym *symmetry.Group, cfg explicitConfig) (*explicitResult, error) {
	x, err := newExplicit(t, sym, cfg)
	if err != nil {
		return nil, err
	}
	outs, err := x.search(ctx)
	if err != nil {
		return nil, err
	}
	r := &explicitResult{outcomes: outs, states: x.states, bytes: x.peak}
	for id := range x.exceeded {
		r.exceeded = append(r.exceeded, id)
	}
	sort.Strings(r.exceeded)
	return r, nil
}

// newExplicit prepares the run of explicitRun.
func newExplicit(t *lsl.Test, sym *symmetry.Group, cfg explicitConfig) (*explicitSerial, error) {
	x := &explicitSerial{t: t, globals: map[int64]*lsl.Global{}, init: map[lsl.Value]lsl.Value{},
		block: map[int64]int{}, locs: map[lsl.Value]int{}, order: sym, cfg: cfg}
	if cfg.bounds {
		x.exceeded = map[string]bool{}
	}
	for _, g := range t.Globals {
		x.globals[g.Base] = g
		for _, iv := range g.Init {
			x.init[lsl.Ptr(g.Base, iv.Offsets...)] = iv.Val
		}
	}
	allocBases := lsl.AllocBases(t)
	for _, invs := range append([][]*lsl.Invocation{t.Init}, t.Threads...) {
		th, err := x.flatten(invs, allocBases)
		if err != nil {
			return nil, err
		}
		x.threads = append(x.threads, th)
	}
	return x, nil
}

func (x *explicitSerial) flatten(invs []*lsl.Invocation, bases map[*lsl.Alloc]int64) (*serialThread, error) {
	th := &serialThread{}
	regs := map[lsl.Reg]int{}
	reg := func(r lsl.Reg) int {
		if r == "" {
			return noReg
		}
		i, ok := regs[r]
		if !ok {
			i = len(regs)
			regs[r] = i
		}
		return i
	}
	var reads [][]int // per invocation
	for _, inv := range invs {
		var code []serialInstr
		type open struct {
			label   string
			pending []int
		}
		var walk func(body []lsl.Stmt, blocks []*open) error
		walk = func(body []lsl.Stmt, blocks []*open) error {
			for _, s := range body {
				in := serialInstr{s: s, dst: noReg}
				switch s := s.(type) {
				case *lsl.Block:
					b := &open{label: s.Label}
					if err := walk(s.Body, append(slices.Clip(blocks), b)); err != nil {
						return err
					}
					for _, i := range b.pending {
						code[i].target = len(code)
					}
					continue
				case *lsl.Atomic:
					if err := walk(s.Body, blocks); err != nil {
						return err
					}
					continue
				case *lsl.Break:
					i := -1
					for j := len(blocks) - 1; j >= 0; j-- {
						if blocks[j].label == s.Label {
							i = j
							break
						}
					}
					if i < 0 {
						return gaveUp("break %s outside its block", s.Label)
					}
					blocks[i].pending = append(blocks[i].pending, len(code))
					in.src = []int{reg(s.Cond)}
				case *lsl.Alloc:
					base, ok := bases[s]
					if !ok {
						return gaveUp("an allocation without a base")
					}
					in.block = len(x.allocs)
					x.block[base] = in.block
					x.allocs = append(x.allocs, s)
					x.bases = append(x.bases, base)
					in.dst = reg(s.Dst)
				case *lsl.Const:
					in.dst = reg(s.Dst)
				case *lsl.Prim:
					in.dst = reg(s.Dst)
					for _, a := range s.Args {
						in.src = append(in.src, reg(a))
					}
				case *lsl.Load:
					in.dst, in.src = reg(s.Dst), []int{reg(s.Addr)}
				case *lsl.Store:
					in.src = []int{reg(s.Addr), reg(s.Src)}
				case *lsl.Assert:
					in.src = []int{reg(s.Cond)}
				case *lsl.Assume:
					in.src = []int{reg(s.Cond)}
				case *lsl.Observe:
					in.src = []int{reg(s.Val)}
				case *lsl.Free:
					in.src = []int{reg(s.Addr)}
				case *lsl.Choose:
					in.dst = reg(s.Dst)
				case *lsl.Fence, *lsl.BoundExceeded:
				default:
					return gaveUp("statement %T", s)
				}
				code = append(code, in)
			}
			return nil
		}
		if err := walk(inv.Body, nil); err != nil {
			return nil, err
		}
		var read []int
		for _, in := range code {
			for _, r := range in.src {
				if r != noReg {
					read = append(read, r)
				}
			}
		}
		th.invs = append(th.invs, code)
		th.upTo = append(th.upTo, len(regs))
		reads = append(reads, read)
	}
	th.nreg = len(regs)
	// liveness, from the last invocation backwards
	live := make([]bool, th.nreg)
	th.live = make([][]int, len(invs)+1)
	for k := len(invs); k >= 0; k-- {
		if k < len(invs) {
			for _, r := range reads[k] {
				live[r] = true
			}
		}
		for r, l := range live {
			if l {
				th.live[k] = append(th.live[k], r)
			}
		}
	}
	return th, nil
}

// frame is a state on the search's stack: the threads before th have
// been run from it.
type frame struct {
	s     *serialState
	th    int
	bytes int64 // charged for s
}

// search runs every serial execution: the init invocations in order, then
// any thread's next invocation, each whole, from every state reached.
// States reached twice (with the same observations so far) are explored
// once.
//
// A state's successors are made one thread at a time, as the search
// comes back to it, not all at once: a state holds a few words per
// thread, so making the successors of every thread at once takes memory
// quadratic in the threads (a test of 10,000 threads took gigabytes
// before its first state was expanded), and the stack would hold them
// all for every state on the way down.
func (x *explicitSerial) search(ctx context.Context) ([]lsl.Outcome, error) {
	start := &serialState{
		regs:   make([][]lsl.Value, len(x.threads)),
		blocks: make([]byte, len(x.allocs)),
		next:   make([]int, len(x.threads)),
		obs:    make([][][]lsl.ObsItem, len(x.threads)),
	}
	for i, th := range x.threads {
		start.regs[i] = make([]lsl.Value, th.nreg)
		start.obs[i] = make([][]lsl.ObsItem, len(th.invs))
	}
	seen := map[string]bool{}
	outcomes := map[string]lsl.Outcome{}
	startBytes := x.stateBytes(start)
	if err := x.charge(startBytes); err != nil {
		return nil, err
	}
	stack := []frame{{s: start, bytes: startBytes}}
	for len(stack) > 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		f := &stack[len(stack)-1]
		s := f.s
		th := x.nextRunnable(s, f.th)
		if th < 0 {
			if f.th == 0 { // no thread has an invocation left
				o := x.outcome(s)
				added, err := x.addOutcome(outcomes, o, true)
				if err != nil {
					return nil, err
				}
				// An outcome met before came with its images then
				// (its own, or those of the outcome it is an image
				// of: the images of an image are the images of the
				// first, the group being closed under composition).
				if added && x.order != nil && x.cfg.mutant != mutantNoImages {
					for _, img := range x.order.Images(o) {
						if _, err := x.addOutcome(outcomes, img, false); err != nil {
							return nil, err
						}
					}
				}
			}
			x.live -= f.bytes
			stack = stack[:len(stack)-1]
			continue
		}
		f.th = th + 1
		// Each end state is kept or dropped as soon as it is reached:
		// one invocation that branches a lot may reach millions, most of
		// them the same, and holding them all first would spend memory
		// the states' bound does not see.
		err := x.invoke(ctx, s, th, func(e *serialState) error {
			kb := x.key(e)
			if seen[string(kb)] { // no copy of the key to look it up
				return nil
			}
			k := string(kb)
			seen[k] = true
			x.states++
			if x.states > x.cfg.maxStates {
				return gaveUp("more than %d states", x.cfg.maxStates)
			}
			x.keys += int64(len(k)) + seenEntryBytes
			n := x.forkBytes(e, th)
			if err := x.charge(n); err != nil {
				return err
			}
			if x.cfg.progress != nil && x.states%explicitProgressEvery == 0 {
				x.cfg.progress(x.states)
			}
			stack = append(stack, frame{s: e, bytes: n})
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return byKey(outcomes), nil
}

// byKey returns the outcomes (keyed by appendOutcome) in the order of
// their Keys, one per Key: where two differ only in what Key does not
// show, the one with the smaller binary key.
func byKey(outcomes map[string]lsl.Outcome) []lsl.Outcome {
	bins := slices.Sorted(maps.Keys(outcomes))
	keyed := make(map[string]lsl.Outcome, len(bins))
	keys := make([]string, 0, len(bins))
	for _, b := range bins {
		o := outcomes[b]
		k := o.Key()
		if _, ok := keyed[k]; !ok {
			keyed[k] = o
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	outs := make([]lsl.Outcome, len(keys))
	for i, k := range keys {
		outs[i] = keyed[k]
	}
	return outs
}

// nextRunnable is the first thread from th on whose next invocation may
// run from s, or -1: the init thread until it is done, then every thread
// with one left, but a thread of a class of interchangeable threads
// starts only after the one before it in the class.
func (x *explicitSerial) nextRunnable(s *serialState, th int) int {
	if s.next[0] < len(x.threads[0].invs) {
		if th == 0 {
			return 0
		}
		return -1
	}
	for th = max(th, 1); th < len(x.threads); th++ {
		if s.next[th] < len(x.threads[th].invs) && !x.waits(s, th) {
			return th
		}
	}
	return -1
}

// Sizes for the accounting of the states' memory.
const (
	sliceBytes     = int64(unsafe.Sizeof([]byte(nil)))
	valueBytes     = int64(unsafe.Sizeof(lsl.Value{}))
	cellBytes      = int64(unsafe.Sizeof(memCell{}))
	intBytes       = int64(unsafe.Sizeof(int(0)))
	serialStateHdr = int64(unsafe.Sizeof(serialState{}))
	// seenEntryBytes is what the map of states visited spends on an
	// entry besides its key's bytes: the string header, the value and
	// the map's own slack.
	seenEntryBytes = 48
	// outcomeEntryBytes is the same for the map of outcomes, whose
	// values are outcomes.
	outcomeEntryBytes = 16 + int64(unsafe.Sizeof(lsl.Outcome{})) + 16
	obsItemBytes      = int64(unsafe.Sizeof(lsl.ObsItem{}))
)

// charge counts n more bytes of states held (n < 0: released), and gives
// up when the states visited and held take more than the budget.
func (x *explicitSerial) charge(n int64) error {
	x.live += n
	total := x.keys + x.outs + x.live
	x.peak = max(x.peak, total)
	if total > x.cfg.maxBytes {
		return gaveUp("states and observations over %s", encode.FormatBytes(x.cfg.maxBytes))
	}
	return nil
}

// addOutcome adds o to the outcomes collected, if new, and charges what
// it takes. ownFinal: o's final values are its own (an image shares
// those of the outcome it is the image of).
//
// The outcomes are told apart by a binary rendering (appendOutcome), not
// by Key: formatting Key for every execution the search ends took a sixth
// of snark Dm's mining. byKey merges them by Key at the end.
func (x *explicitSerial) addOutcome(outcomes map[string]lsl.Outcome, o lsl.Outcome, ownFinal bool) (added bool, err error) {
	x.obuf = appendOutcome(x.obuf[:0], o)
	if _, ok := outcomes[string(x.obuf)]; ok {
		return false, nil
	}
	k := string(x.obuf)
	outcomes[k] = o
	x.outs += outcomeBytes(o, k, ownFinal)
	return true, x.charge(0)
}

// appendOutcome appends to b a rendering of every field of o (of an error
// outcome, its fault only): outcomes with equal renderings have equal
// Keys.
func appendOutcome(b []byte, o lsl.Outcome) []byte {
	if o.Fault != lsl.NoFault {
		return binary.AppendUvarint(append(b, 0), uint64(o.Fault))
	}
	b = append(b, 1)
	group := func(items []lsl.ObsItem) { b = appendObservations(b, items) }
	b = binary.AppendUvarint(b, uint64(len(o.Init)))
	for _, items := range o.Init {
		group(items)
	}
	b = binary.AppendUvarint(b, uint64(len(o.Threads)))
	for _, invs := range o.Threads {
		b = binary.AppendUvarint(b, uint64(len(invs)))
		for _, items := range invs {
			group(items)
		}
	}
	b = binary.AppendUvarint(b, uint64(len(o.Final)))
	for _, v := range o.Final {
		b = appendValue(b, v)
	}
	return b
}

// appendObservations renders an invocation's observations for the keys
// of states and outcomes: every field of each item, the signedness too
// (an unsigned -1 and a signed -1 are the same bits and different
// observations), its count first.
func appendObservations(b []byte, items []lsl.ObsItem) []byte {
	b = binary.AppendUvarint(b, uint64(len(items)))
	for _, it := range items {
		b = append(b, byte(it.Kind), b2u(it.Unsigned))
		b = binary.AppendUvarint(b, uint64(len(it.Name)))
		b = append(b, it.Name...)
		b = appendValue(b, it.Val)
	}
	return b
}

func b2u(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// outcomeBytes is what an outcome with key k takes in the map of
// outcomes: the key, the entry, and the outcome's slices of
// observations (and of final values, if its own).
func outcomeBytes(o lsl.Outcome, k string, ownFinal bool) int64 {
	n := int64(len(k)) + outcomeEntryBytes
	n += int64(len(o.Init)+len(o.Threads)) * sliceBytes
	for _, inv := range o.Init {
		n += int64(len(inv)) * obsItemBytes
	}
	for _, invs := range o.Threads {
		n += int64(len(invs)) * sliceBytes
		for _, inv := range invs {
			n += int64(len(inv)) * obsItemBytes
		}
	}
	if ownFinal {
		n += int64(len(o.Final)) * valueBytes
	}
	return n
}

// stateBytes is what s takes on its own: the per-thread slices every
// state copies (clone), which grow with the threads when its key hardly
// does, and its memory and blocks, which it may share with others.
func (x *explicitSerial) stateBytes(s *serialState) int64 {
	n := serialStateHdr + int64(len(s.regs)+len(s.obs))*sliceBytes + int64(len(s.next))*intBytes
	n += int64(len(s.mem))*cellBytes + int64(len(s.blocks))
	return n
}

// forkBytes is what a fork of s for a run of thread th takes on its
// own: its per-thread slices, and its own copy of the thread's registers
// and observations.
func (x *explicitSerial) forkBytes(s *serialState, th int) int64 {
	return x.stateBytes(s) + int64(len(s.regs[th]))*valueBytes + int64(len(s.obs[th]))*sliceBytes
}

// waits reports whether thread th (1-based: 0 is init) may not start
// yet: the thread before it in its class has not started.
func (x *explicitSerial) waits(s *serialState, th int) bool {
	if x.order == nil || s.next[th] > 0 {
		return false
	}
	for _, cls := range x.order.Classes {
		for i := 1; i < len(cls); i++ {
			if cls[i] == th-1 {
				return s.next[cls[i-1]+1] == 0
			}
		}
	}
	return false
}

func (x *explicitSerial) outcome(s *serialState) lsl.Outcome {
	o := lsl.Outcome{Init: s.obs[0], Threads: s.obs[1:]}
	for _, f := range x.t.Final {
		o.Final = append(o.Final, x.read(s, f.Addr))
	}
	return o
}

// key renders what the rest of an execution from s can depend on, and
// what it has observed so far, in a buffer the next call reuses.
func (x *explicitSerial) key(s *serialState) []byte {
	b := x.buf[:0]
	for _, n := range s.next {
		b = binary.AppendUvarint(b, uint64(n))
	}
	// Only the live registers: no invocation from the thread's next, k,
	// on reads the others (invoke starts them undefined), and k is in
	// the key. Most registers of an unrolled invocation are its own
	// temporaries.
	for th, regs := range s.regs {
		if x.cfg.mutant == mutantKeyNoLiveRegs {
			break
		}
		for _, r := range x.threads[th].live[s.next[th]] {
			v := lsl.Undefined // past the file: named only by a later invocation
			if r < len(regs) {
				v = regs[r]
			}
			b = appendValue(b, v)
		}
	}
	for _, c := range s.mem {
		if c.set {
			b = append(b, 1)
			b = appendValue(b, c.v)
		} else {
			b = append(b, 0)
		}
	}
	b = append(b, s.blocks...)
	for th := range s.obs {
		if x.cfg.mutant == mutantKeyNoObs {
			break
		}
		for k := 0; k < s.next[th]; k++ {
			b = appendObservations(b, s.obs[th][k])
		}
	}
	x.buf = b
	return b
}

func appendValue(b []byte, v lsl.Value) []byte {
	b = append(b, byte(v.Kind()))
	switch {
	case v.IsInt():
		b = binary.AppendVarint(b, v.IntVal())
	case v.IsPtr(), v.IsTagged():
		b = binary.AppendVarint(b, v.Untagged().Base())
		offs := v.Offsets()
		b = binary.AppendUvarint(b, uint64(len(offs)))
		for _, o := range offs {
			b = binary.AppendVarint(b, o)
		}
		b = binary.AppendVarint(b, v.Tag())
	}
	return b
}

// pending is a partial run of one invocation: its state and where it is.
type pending struct {
	s  *serialState
	pc int
}

// invoke runs thread th's next invocation from s to its end, along every
// choice it makes, and hands each state it ends in to end (none when
// every run is removed by an assume); an error from end stops it.
//
// Each run waiting in it is charged (forkBytes) from its fork until it
// ends: a state holds a few words per thread, and an invocation's forks
// must not take memory past the budget unseen.
func (x *explicitSerial) invoke(ctx context.Context, s *serialState, th int, end func(*serialState) error) error {
	k := s.next[th]
	code := x.threads[th].invs[k]
	forkBytes := x.forkBytes(s, th)
	if err := x.charge(forkBytes); err != nil {
		return err
	}
	work := []pending{{x.forkInvocation(s, th, k), 0}}
	for runs := 0; len(work) > 0; runs++ {
		// one invocation may branch into millions of runs
		if runs%invokeCheckEvery == invokeCheckEvery-1 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		p := work[len(work)-1]
		work = work[:len(work)-1]
		more, done, err := x.run(p, th, k, code, forkBytes)
		if err != nil {
			return err
		}
		work = append(work, more...)
		if done != nil {
			done.next[th]++
			if err := end(done); err != nil {
				return err
			}
		}
		x.live -= forkBytes // p's run is over
	}
	return nil
}

// invokeCheckEvery is how many runs of one invocation go between two
// looks at the context.
const invokeCheckEvery = 1024

// forkInvocation copies s for a run of thread th's invocation k from its
// start: its observations are the run's own, and of its registers those
// an invocation from k on reads (live[k]); the others are never read
// again (nor are they in a state's key), so the run starts them
// undefined instead of copying every register of the thread, most of
// which are earlier invocations' temporaries; and its register file
// holds the registers invocations 0..k name (upTo), not the later
// invocations' (snark Dm: a thread of three invocations). Memory and
// blocks are copied on their first write.
func (x *explicitSerial) forkInvocation(s *serialState, th, k int) *serialState {
	c := s.clone()
	from := s.regs[th]
	regs := make([]lsl.Value, x.threads[th].upTo[k])
	for _, r := range x.threads[th].live[k] {
		if r < len(regs) && r < len(from) {
			regs[r] = from[r]
		}
	}
	c.regs[th] = regs
	c.obs[th] = slices.Clone(s.obs[th])
	return c
}

// fork copies s for a run of thread th from within an invocation: its
// registers and observations are the run's own; memory and blocks are
// copied on their first write.
func (x *explicitSerial) fork(s *serialState, th int) *serialState {
	c := s.clone()
	c.regs[th] = slices.Clone(s.regs[th])
	c.obs[th] = slices.Clone(s.obs[th])
	return c
}

// run runs p until the invocation ends (done), a choice forks it (more),
// or an assume removes it (neither). Each fork is charged forkBytes.
func (x *explicitSerial) run(p pending, th, inv int, code []serialInstr, forkBytes int64) (more []pending, done *serialState, err error) {
	s := p.s
	regs := s.regs[th]
	memOwned, blocksOwned := false, false
	for pc := p.pc; pc < len(code); pc++ {
		in := &code[pc]
		switch st := in.s.(type) {
		case *lsl.Const:
			regs[in.dst] = st.Val
		case *lsl.Prim:
			var buf [4]lsl.Value // on the stack: Eval keeps no argument
			args := buf[:0]
			for _, r := range in.src {
				args = append(args, regs[r])
			}
			v, f := lsl.Eval(st.Op, st.Type, args...)
			if f != lsl.NoFault {
				return nil, nil, gaveUp("%s faults", lsl.FormatStmt(st))
			}
			regs[in.dst] = v
		case *lsl.Load:
			a := regs[in.src[0]]
			if err := x.check(s, a); err != nil {
				return nil, nil, err
			}
			regs[in.dst] = x.read(s, a)
		case *lsl.Store:
			a := regs[in.src[0]]
			if err := x.check(s, a); err != nil {
				return nil, nil, err
			}
			if !memOwned {
				s.mem, memOwned = slices.Clone(s.mem), true
			}
			id := x.loc(a)
			for len(s.mem) <= id {
				s.mem = append(s.mem, memCell{})
			}
			s.mem[id] = memCell{v: regs[in.src[1]], set: true}
		case *lsl.Fence:
			// one invocation at a time: fences order nothing
		case *lsl.BoundExceeded:
			if x.cfg.mutant == mutantIgnoresBounds {
				continue
			}
			if x.exceeded == nil {
				return nil, nil, gaveUp("loop %s exceeds its bound", st.Loop)
			}
			x.exceeded[st.Loop] = true
			return more, nil, nil
		case *lsl.Break:
			if r := in.src[0]; r != noReg {
				c := regs[r]
				if c.IsUndef() {
					return nil, nil, gaveUp("break on %s", c) // a fault
				}
				if !c.Truthy() {
					continue
				}
			}
			pc = in.target - 1
		case *lsl.Assert:
			if !regs[in.src[0]].Truthy() {
				return nil, nil, gaveUp("assertion fails")
			}
		case *lsl.Assume:
			if regs[in.src[0]].IsUndef() {
				return nil, nil, gaveUp("an assume of an undefined value") // a fault
			}
			if !regs[in.src[0]].Truthy() {
				if x.cfg.mutant == mutantAssumeDropsForks {
					return nil, nil, nil
				}
				return more, nil, nil // the forks made before go on
			}
		case *lsl.Observe:
			var v lsl.Value
			if r := in.src[0]; r != noReg {
				v = regs[r]
			}
			s.obs[th][inv] = append(slices.Clip(s.obs[th][inv]), st.Item(v))
		case *lsl.Choose:
			if st.Span() >= maxExplicitChoices || st.Hi < st.Lo {
				return nil, nil, gaveUp("a choice among %d values", min(st.Span(), math.MaxUint64-1)+1)
			}
			for v := st.Hi; v > st.Lo; v-- {
				if err := x.charge(forkBytes); err != nil {
					return nil, nil, err
				}
				c := x.fork(s, th)
				c.regs[th][in.dst] = lsl.Int(v)
				more = append(more, pending{c, pc + 1})
			}
			// the forks share memory and blocks with s until one writes
			if x.cfg.mutant != mutantSharedForks {
				memOwned, blocksOwned = false, false
			}
			regs[in.dst] = lsl.Int(st.Lo)
		case *lsl.Alloc:
			// a fresh block, or any freed block it may take again
			if !st.NoReuse && x.cfg.mutant != mutantNoReuse {
				for b, state := range s.blocks {
					if state >= blockFreed && lsl.FreeKind(state-blockFreed).Reusable() && lsl.MayReuse(x.allocs[b], st) {
						if err := x.charge(forkBytes); err != nil {
							return nil, nil, err
						}
						c := x.fork(s, th)
						c.blocks = slices.Clone(c.blocks)
						c.blocks[b] = blockLive
						c.regs[th][in.dst] = lsl.Ptr(x.base(b))
						more = append(more, pending{c, pc + 1})
					}
				}
			}
			if x.cfg.mutant != mutantSharedForks {
				memOwned, blocksOwned = false, false
			}
			if s.blocks[in.block] != blockUnused {
				return nil, nil, gaveUp("an allocation whose block is in use")
			}
			s.blocks, blocksOwned = slices.Clone(s.blocks), true
			s.blocks[in.block] = blockLive
			regs[in.dst] = lsl.Ptr(x.base(in.block))
		case *lsl.Free:
			a := regs[in.src[0]]
			b, ok := x.block[a.Base()]
			if !a.IsPtr() || !ok || x.allocs[b].Local || s.blocks[b] != blockLive || slices.ContainsFunc(a.Offsets(), func(o int64) bool { return o != 0 }) {
				return nil, nil, gaveUp("free of %s", a)
			}
			if !blocksOwned {
				s.blocks, blocksOwned = slices.Clone(s.blocks), true
			}
			s.blocks[b] = blockFreed + byte(st.Kind)
		default:
			return nil, nil, gaveUp("statement %T", st)
		}
	}
	return more, s, nil
}

// base is the address of allocation block b.
func (x *explicitSerial) base(b int) int64 { return x.bases[b] }

// loc numbers location a.
func (x *explicitSerial) loc(a lsl.Value) int {
	id, ok := x.locs[a]
	if !ok {
		id = len(x.locs)
		x.locs[a] = id
	}
	return id
}

// check gives up on an access that could be an error: the solver's error
// check has said no serial execution makes one, so the explicit
// enumeration never has to say what an error is, only to notice one.
func (x *explicitSerial) check(s *serialState, a lsl.Value) error {
	if !a.IsPtr() {
		return gaveUp("access to %s", a)
	}
	var shape *lsl.Shape
	if g, ok := x.globals[a.Base()]; ok {
		shape = g.Shape
	} else if b, ok := x.block[a.Base()]; ok {
		switch st := s.blocks[b]; {
		case st == blockUnused:
			return gaveUp("access to %s, of no block", a)
		case st == blockFreed+byte(lsl.FreeUnsafe):
			return gaveUp("access to %s after free", a)
		}
		shape = x.allocs[b].Shape
		if shape == nil {
			if why := lsl.LocateUnknown(a.Offsets()); why != "" {
				return gaveUp("access to %s: %s", a, why)
			}
			return nil
		}
	} else {
		return gaveUp("access to %s, of no block", a)
	}
	if why := shape.Locate(a.Offsets()); why != "" {
		return gaveUp("access to %s: %s", a, why)
	}
	return nil
}

// read is the value at a valid location: the last stored, else a global's
// initial value (0 unless given), else undefined (a fresh block).
func (x *explicitSerial) read(s *serialState, a lsl.Value) lsl.Value {
	if id, ok := x.locs[a]; ok && id < len(s.mem) && s.mem[id].set {
		return s.mem[id].v
	}
	if _, ok := x.globals[a.Base()]; ok {
		if v, ok := x.init[a]; ok {
			return v
		}
		return lsl.Int(0)
	}
	return lsl.Undefined
}
