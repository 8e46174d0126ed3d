package lsl

import (
	"fmt"
	"sort"
)

// A sequential, deterministic interpreter of Programs: one thread, every
// statement executed in program order, loads returning the last value
// stored. It gives the meaning of a Program directly, so that the C front
// end can be tested against a C compiler and hand-written LSL can be run.
//
// Memory maps locations (pointer values) to values. A global's locations
// start as its Init values, else 0; an allocated block's start undefined.
// Every access must name a scalar location of a live block (or of one
// freed by FreeStable or FreeRetire, which stay accessible): of the
// block's shape where it has one (globals always; allocations when the
// program gave one).

// InterpOptions supplies what a sequential execution cannot decide itself.
type InterpOptions struct {
	// Choose returns the value of a Choose statement, in [s.Lo, s.Hi].
	// Nil means s.Lo.
	Choose func(s *Choose) int64
	// Reuse picks the block an Alloc without NoReuse returns: one of the
	// bases in freed (blocks of its size and words (lsl.MayReuse) freed earlier by a
	// reusable free, oldest first), or 0 for a fresh block. Nil means
	// always a fresh block.
	Reuse func(s *Alloc, freed []int64) int64
	// ThreadID is what ThreadID statements return.
	ThreadID int64
	// MaxSteps bounds the number of statements executed over the
	// interpreter's life; 0 means DefaultMaxSteps.
	MaxSteps int
}

// DefaultMaxSteps is the step limit when InterpOptions.MaxSteps is 0.
const DefaultMaxSteps = 1_000_000

// maxCallDepth bounds nested calls (LSL programs from C have no
// recursion; hand-written ones might).
const maxCallDepth = 1000

// FaultError is an error execution: a statement raised a fault.
type FaultError struct {
	Pos    Pos
	Fault  Fault
	Detail string
}

func (e *FaultError) Error() string {
	msg := e.Fault.String()
	if e.Detail != "" {
		msg += ": " + e.Detail
	}
	return (&Error{Pos: e.Pos, Msg: msg}).Error()
}

// InfeasibleError says the execution does not exist: an assumption was
// false.
type InfeasibleError struct{ Pos Pos }

func (e *InfeasibleError) Error() string {
	return (&Error{Pos: e.Pos, Msg: "execution does not exist (assumption failed)"}).Error()
}

// StepLimitError says the execution ran more statements than allowed,
// probably an infinite loop.
type StepLimitError struct {
	Pos   Pos
	Limit int
}

func (e *StepLimitError) Error() string {
	return (&Error{Pos: e.Pos, Msg: fmt.Sprintf("step limit of %d reached", e.Limit)}).Error()
}

// BoundExceededError says a BoundExceeded statement was reached.
type BoundExceededError struct {
	Pos  Pos
	Loop string
}

func (e *BoundExceededError) Error() string {
	return (&Error{Pos: e.Pos, Msg: "loop bound exceeded: " + e.Loop}).Error()
}

// Malformed programs (an unknown procedure, a break to no enclosing
// block, a wrong number of arguments) are reported as *Error.

type block struct {
	base   int64
	size   int64
	shape  *Shape
	global bool
	local  bool // Alloc.Local: freeing it is an error
	live   bool
	// how the block was freed, when !live: FreeStable and FreeRetire
	// blocks stay accessible
	freedBy FreeKind
}

// Interp executes the procedures of a Program.
type Interp struct {
	prog     *Program
	opts     InterpOptions
	mem      map[Value]Value
	blocks   map[int64]*block
	globals  map[string]*Global
	freed    []int64 // blocks available for reuse, oldest first
	nextBase int64
	obs      []ObsItem
	steps    int
	depth    int
}

// NewInterp returns an interpreter for prog with its globals initialised.
func NewInterp(prog *Program, opts InterpOptions) *Interp {
	if opts.MaxSteps <= 0 {
		opts.MaxSteps = DefaultMaxSteps
	}
	in := &Interp{
		prog:     prog,
		opts:     opts,
		mem:      map[Value]Value{},
		blocks:   map[int64]*block{},
		globals:  map[string]*Global{},
		nextBase: 1,
	}
	for _, g := range prog.Globals {
		in.blocks[g.Base] = &block{base: g.Base, shape: g.Shape, global: true, live: true}
		in.globals[g.Name] = g
		if g.Base >= in.nextBase {
			in.nextBase = g.Base + 1
		}
		for _, iv := range g.Init {
			in.mem[Ptr(g.Base, iv.Offsets...)] = iv.Val
		}
	}
	return in
}

// Observations returns the observations recorded so far, in order.
func (in *Interp) Observations() []ObsItem { return append([]ObsItem(nil), in.obs...) }

// Steps returns the number of statements executed so far.
func (in *Interp) Steps() int { return in.steps }

// GlobalAddr returns the address of the global called name.
func (in *Interp) GlobalAddr(name string) (Value, bool) {
	g, ok := in.globals[name]
	if !ok {
		return Undefined, false
	}
	return Ptr(g.Base), true
}

// Load returns the value at a location, as a Load statement would.
func (in *Interp) Load(addr Value) (Value, error) {
	if f, why := in.check(addr); f != NoFault {
		return Undefined, &FaultError{Fault: f, Detail: why}
	}
	return in.read(addr), nil
}

// Locations returns the locations stored to so far (including those
// initialised by globals' Init), sorted.
func (in *Interp) Locations() []Value {
	locs := make([]Value, 0, len(in.mem))
	for l := range in.mem {
		locs = append(locs, l)
	}
	sort.Slice(locs, func(i, j int) bool { return Compare(locs[i], locs[j]) < 0 })
	return locs
}

// Call executes procedure name with the given arguments and returns its
// results. Memory and observations persist from call to call, as from one
// operation of a test to the next.
func (in *Interp) Call(name string, args ...Value) ([]Value, error) {
	return in.call(Pos{}, name, args)
}

func (in *Interp) call(pos Pos, name string, args []Value) ([]Value, error) {
	p := in.prog.Proc(name)
	if p == nil {
		return nil, Errorf(pos, "no procedure %s", name)
	}
	if len(args) != len(p.Params) {
		return nil, Errorf(pos, "%s takes %d arguments, not %d", name, len(p.Params), len(args))
	}
	if in.depth >= maxCallDepth {
		return nil, Errorf(pos, "calls nested deeper than %d", maxCallDepth)
	}
	in.depth++
	defer func() { in.depth-- }()
	fr := frame{}
	for i, r := range p.Params {
		fr[r] = args[i]
	}
	sig, err := in.exec(p.Body, fr)
	if err != nil {
		return nil, err
	}
	if sig != nil {
		return nil, Errorf(sig.pos, "%s %s leaves procedure %s", sig.kind(), sig.label, name)
	}
	res := make([]Value, len(p.Results))
	for i, r := range p.Results {
		res[i] = fr.get(r)
	}
	return res, nil
}

// frame holds the registers of one procedure activation; a register
// never assigned holds undefined.
type frame map[Reg]Value

func (fr frame) get(r Reg) Value { return fr[r] }

// jumpSig is a break or continue on its way to its block.
type jumpSig struct {
	label string
	cont  bool
	pos   Pos
}

func (s *jumpSig) kind() string {
	if s.cont {
		return "continue"
	}
	return "break"
}

// truth evaluates a branch, assert or assume condition.
func truth(v Value, pos Pos) (bool, error) {
	switch v.Kind() {
	case KindUndef:
		return false, &FaultError{Pos: pos, Fault: FaultUndefined, Detail: "condition"}
	case KindPtr, KindTagged:
		return true, nil // a pointer, marked or not, is never null
	}
	return v.IntVal() != 0, nil
}

func (in *Interp) step(pos Pos) error {
	in.steps++
	if in.steps > in.opts.MaxSteps {
		return &StepLimitError{Pos: pos, Limit: in.opts.MaxSteps}
	}
	return nil
}

func (in *Interp) exec(body []Stmt, fr frame) (*jumpSig, error) {
	for _, s := range body {
		pos := s.Position()
		if err := in.step(pos); err != nil {
			return nil, err
		}
		switch s := s.(type) {
		case *Const:
			fr[s.Dst] = s.Val
		case *Prim:
			args := make([]Value, len(s.Args))
			for i, a := range s.Args {
				args[i] = fr.get(a)
			}
			v, f := Eval(s.Op, s.Type, args...)
			if f != NoFault {
				return nil, &FaultError{Pos: pos, Fault: f, Detail: FormatStmt(s)}
			}
			fr[s.Dst] = v
		case *Load:
			a := fr.get(s.Addr)
			if f, why := in.check(a); f != NoFault {
				return nil, &FaultError{Pos: pos, Fault: f, Detail: why}
			}
			fr[s.Dst] = in.read(a)
		case *Store:
			a := fr.get(s.Addr)
			if f, why := in.check(a); f != NoFault {
				return nil, &FaultError{Pos: pos, Fault: f, Detail: why}
			}
			in.mem[a] = fr.get(s.Src)
		case *Fence:
			// One thread: fences order nothing.
		case *Atomic:
			// One thread: nothing interleaves anyway.
			if sig, err := in.exec(s.Body, fr); err != nil || sig != nil {
				return sig, err
			}
		case *Call:
			args := make([]Value, len(s.Args))
			for i, a := range s.Args {
				args[i] = fr.get(a)
			}
			res, err := in.call(pos, s.Proc, args)
			if err != nil {
				return nil, err
			}
			if len(res) != len(s.Results) {
				return nil, Errorf(pos, "%s returns %d results, not %d", s.Proc, len(res), len(s.Results))
			}
			for i, r := range s.Results {
				fr[r] = res[i]
			}
		case *Block:
			for {
				sig, err := in.exec(s.Body, fr)
				if err != nil {
					return nil, err
				}
				if sig == nil || (sig.label == s.Label && !sig.cont) {
					break
				}
				if sig.label != s.Label {
					return sig, nil
				}
				if err := in.step(sig.pos); err != nil {
					return nil, err
				}
			}
		case *Break, *Continue:
			var cond Reg
			sig := &jumpSig{pos: pos}
			if b, ok := s.(*Break); ok {
				cond, sig.label = b.Cond, b.Label
			} else {
				c := s.(*Continue)
				cond, sig.label, sig.cont = c.Cond, c.Label, true
			}
			if cond != "" {
				t, err := truth(fr.get(cond), pos)
				if err != nil {
					return nil, err
				}
				if !t {
					continue
				}
			}
			return sig, nil
		case *Assert:
			t, err := truth(fr.get(s.Cond), pos)
			if err != nil {
				return nil, err
			}
			if !t {
				return nil, &FaultError{Pos: pos, Fault: FaultAssert}
			}
		case *Assume:
			t, err := truth(fr.get(s.Cond), pos)
			if err != nil {
				return nil, err
			}
			if !t {
				return nil, &InfeasibleError{Pos: pos}
			}
		case *Observe:
			var v Value
			if s.Kind != ObsLabel {
				v = fr.get(s.Val)
			}
			in.obs = append(in.obs, s.Item(v))
		case *Alloc:
			fr[s.Dst] = Ptr(in.alloc(s))
		case *Free:
			if f, why := in.free(fr.get(s.Addr), s.Kind); f != NoFault {
				return nil, &FaultError{Pos: pos, Fault: f, Detail: why}
			}
		case *Choose:
			n := s.Lo
			if in.opts.Choose != nil {
				n = in.opts.Choose(s)
			}
			if n < s.Lo || n > s.Hi {
				return nil, Errorf(pos, "choice %d outside [%d, %d]", n, s.Lo, s.Hi)
			}
			fr[s.Dst] = Int(n)
		case *ThreadID:
			fr[s.Dst] = Int(in.opts.ThreadID)
		case *BoundExceeded:
			return nil, &BoundExceededError{Pos: pos, Loop: s.Loop}
		default:
			return nil, Errorf(pos, "cannot execute %T", s)
		}
	}
	return nil, nil
}

func (in *Interp) alloc(s *Alloc) int64 {
	var fits []int64 // freed blocks of s's size and words (MayReuse)
	for _, b := range in.freed {
		if blk := in.blocks[b]; blk.size == s.Size && SameWords(blk.shape, s.Shape) {
			fits = append(fits, b)
		}
	}
	if !s.NoReuse && in.opts.Reuse != nil && len(fits) > 0 {
		if b := in.opts.Reuse(s, fits); b != 0 {
			for i, f := range in.freed {
				if f == b {
					in.freed = append(in.freed[:i], in.freed[i+1:]...)
					// A reused block keeps what was last stored in it.
					in.blocks[b].live = true
					return b
				}
			}
		}
	}
	b := in.nextBase
	in.nextBase++
	in.blocks[b] = &block{base: b, size: s.Size, shape: s.Shape, local: s.Local, live: true}
	return b
}

// free frees the block p points to; p must point to the block itself or
// to its first element.
func (in *Interp) free(p Value, kind FreeKind) (Fault, string) {
	switch p.Kind() {
	case KindUndef:
		return FaultUndefined, "free of undefined"
	case KindInt:
		return FaultAddress, "free of " + p.String()
	}
	blk := in.blocks[p.Base()]
	if blk == nil || blk.global || blk.local {
		return FaultAddress, "free of " + p.String()
	}
	for _, o := range p.Offsets() {
		if o != 0 {
			return FaultAddress, "free of " + p.String() + ", inside a block"
		}
	}
	if !blk.live {
		return FaultDoubleFree, p.String()
	}
	blk.live, blk.freedBy = false, kind
	if kind.Reusable() {
		in.freed = append(in.freed, blk.base)
	}
	return NoFault, ""
}

// check validates an address for a load or store.
func (in *Interp) check(a Value) (Fault, string) {
	switch a.Kind() {
	case KindUndef:
		return FaultUndefined, "address"
	case KindInt:
		return FaultAddress, "address " + a.String()
	}
	blk := in.blocks[a.Base()]
	if blk == nil {
		return FaultAddress, "address " + a.String() + " of no block"
	}
	if !blk.live && blk.freedBy == FreeUnsafe {
		return FaultUseAfterFree, "address " + a.String() + " of a freed block"
	}
	locate := blk.shape.Locate
	if blk.shape == nil && !blk.global {
		locate = LocateUnknown // an allocation of unknown layout
	}
	if why := locate(a.Offsets()); why != "" {
		return FaultAddress, "address " + a.String() + ": " + why
	}
	return NoFault, ""
}

// read returns the value at a valid location.
func (in *Interp) read(a Value) Value {
	if v, ok := in.mem[a]; ok {
		return v
	}
	if in.blocks[a.Base()].global {
		return Int(0)
	}
	return Undefined
}
