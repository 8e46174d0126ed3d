package lsl

import (
	"fmt"
	"slices"
	"strings"
)

// Reg names a register. Registers are local to a procedure (in a Program)
// or to a thread (in a Test).
type Reg string

// Program is a whole LSL program as the C front end produces it.
type Program struct {
	Globals []*Global
	Procs   []*Proc
}

// Proc returns the procedure called name, or nil.
func (p *Program) Proc(name string) *Proc {
	for _, q := range p.Procs {
		if q.Name == name {
			return q
		}
	}
	return nil
}

// Global is a global variable: a memory block with a fixed base address.
type Global struct {
	Pos   Pos
	Name  string
	Base  int64  // base address, >= 1, unique in the program
	Shape *Shape // the layout, for naming locations; nil is a scalar
	Init  []InitVal
	// ThreadLocal: each thread has its own copy (C's _Thread_local and
	// __thread). In a Program only; the unroller gives each thread of a
	// test a global of its own (see package unroll).
	ThreadLocal bool
}

// InitVal is the initial value of one location of a global. Locations of a
// global that no InitVal names hold 0 initially (C's static
// initialisation); heap blocks hold undefined.
type InitVal struct {
	Offsets []int64
	Val     Value
}

// Shape describes the layout of a block, so that locations can be named as
// the program names them (queue.tail, node#2.next). A scalar has neither
// Fields nor Elem.
type Shape struct {
	Fields []Field // a struct
	Elem   *Shape  // an array of Len elements
	Len    int64
	// Size is the layout's size in bytes, 0 where unknown (LSL text); an
	// array's element stride is its Elem's Size.
	Size int64
}

// Path renders offsets into a location of shape s as C writes them:
// ".next" for a field, "[2]" for an element, ".3" where the shape says
// nothing (a nil s is a scalar), "+1" one past the block (PastEnd).
func (s *Shape) Path(offsets []int64) string {
	var b strings.Builder
	for _, o := range offsets {
		switch {
		case o == PastEnd:
			b.WriteString("+1") // one past the block: &x+1
			s = nil
		case s != nil && s.Fields != nil && o >= 0 && o < int64(len(s.Fields)):
			b.WriteString("." + s.Fields[o].Name)
			s = s.Fields[o].Shape
		case s != nil && s.Elem != nil:
			fmt.Fprintf(&b, "[%d]", o)
			s = s.Elem
		default:
			fmt.Fprintf(&b, ".%d", o)
			s = nil
		}
	}
	return b.String()
}

// Field is a named field of a struct shape.
type Field struct {
	Name  string
	Shape *Shape
	// Off and Size are the field's byte offset in its struct and its size
	// in bytes, 0 where unknown (LSL text).
	Off, Size int64
}

// SameWords reports whether a block allocated with layout s may be handed
// out again to an allocation with layout t (SEMANTICS.md: any block of the
// same size) with every pointer into it keeping its meaning: when the two
// have the same words at the same offsets, each at the same byte offset
// and of the same width where the C layout gives them, field names aside,
// so that a
// struct of n scalars and an array of n scalars are alike. Blocks of one
// size whose words differ (a struct of a struct against a flat one, chars
// against ints, a struct of one int against an int) are not: locations
// are named by offsets, not bytes, and the model cannot say which word of
// one layout a byte of the other falls in.
//
// A nil layout (a scalar allocated from C, or an allocation whose layout
// the LSL text leaves out) matches only another nil one: its addresses are
// judged by LocateUnknown and every other layout's by Locate, and a reused
// block's addresses are judged by the layout of the allocation that made
// it, so a scalar handed a struct's block would fault on its one word.
func SameWords(s, t *Shape) bool {
	if s == nil || t == nil {
		return s == nil && t == nil
	}
	return slices.EqualFunc(s.words(nil, 0, 0, nil), t.words(nil, 0, 0, nil), func(a, b word) bool {
		return a.off == b.off && a.width == b.width && slices.Equal(a.path, b.path)
	})
}

// word is one word of a layout: its offsets, and its byte offset in the
// block and width (0 where unknown).
type word struct {
	path       []int64
	off, width int64
}

// words appends each word of a block of layout s, in order, to out; prefix
// is the offsets of s within the block, off its byte offset and width its
// size.
func (s *Shape) words(prefix []int64, off, width int64, out []word) []word {
	switch {
	case s.IsScalar():
		if s != nil && s.Size != 0 {
			width = s.Size
		}
		return append(out, word{slices.Clone(prefix), off, width})
	case s.Fields != nil:
		for i, f := range s.Fields {
			out = f.Shape.words(append(slices.Clip(prefix), int64(i)), off+f.Off, f.Size, out)
		}
	default:
		for i := int64(0); i < s.Len; i++ {
			out = s.Elem.words(append(slices.Clip(prefix), i), off+i*s.Elem.Size, s.Elem.Size, out)
		}
	}
	return out
}

// MayReuse reports whether allocation b may hand out a block that
// allocation a made (SEMANTICS.md: a block of the same size; here also
// with the same words, SameWords, so that pointers into it keep their
// meaning). Where a block freed with C's free could go to another layout,
// the verdict is inconclusive instead (rangeanalysis.Result.CrossLayoutReuse).
func MayReuse(a, b *Alloc) bool {
	return a != b && !b.NoReuse && a.Size == b.Size && SameWords(a.Shape, b.Shape)
}

// IsScalar reports whether s is a single word.
func (s *Shape) IsScalar() bool { return s == nil || (s.Fields == nil && s.Elem == nil) }

// Locate says whether offsets name a word of a block of shape s: each
// offset a field of its struct or an index within its array (C's bounds),
// ending at a scalar. It returns "" if so, else why not. Every component
// that judges addresses (the interpreter, the range analysis, the
// reference, the serial runs) uses it, so they agree on which accesses
// fault.
func (s *Shape) Locate(offsets []int64) string {
	for _, o := range offsets {
		switch {
		case s.IsScalar():
			return "inside a scalar"
		case s.Fields != nil:
			if o < 0 || o >= int64(len(s.Fields)) {
				return "no such field"
			}
			s = s.Fields[o].Shape
		default:
			if o < 0 || o >= s.Len {
				return "index out of bounds"
			}
			s = s.Elem
		}
	}
	if !s.IsScalar() {
		return "an aggregate, not a word"
	}
	return ""
}

// LocateUnknown is Locate for a block of unknown layout (an allocation
// without a shape): any offsets name a word but those of the pointer one
// past the block (PastEnd), which names none.
func LocateUnknown(offsets []int64) string {
	if slices.Contains(offsets, PastEnd) {
		return "one past the block"
	}
	return ""
}

// Proc is a procedure. Parameters are registers assigned by the caller;
// results are registers whose values the caller receives.
type Proc struct {
	Pos     Pos
	Name    string
	Params  []Reg
	Results []Reg
	Body    []Stmt
}

// FreeKind says what a Free does to its block (SEMANTICS.md, "Allocation
// and freeing"; the C names are in INPUTS.md). It prints as the keyword
// after "free": none, "stable" or "noreuse".
type FreeKind uint8

const (
	// FreeUnsafe is C's free: the block may be handed out again, and
	// until it is, an access to it is an error (use after free).
	FreeUnsafe FreeKind = iota
	// FreeStable is lsl_free: the block may be handed out again and
	// stays readable and writable (type-stable memory, a free list).
	FreeStable
	// FreeRetire is lsl_free_noreuse: the block is never handed out
	// again and stays readable and writable.
	FreeRetire
)

// Reusable reports whether an allocation may hand the block out again.
func (k FreeKind) Reusable() bool { return k != FreeRetire }

// Keyword is the word printed after "free" ("" for FreeUnsafe).
func (k FreeKind) Keyword() string {
	switch k {
	case FreeStable:
		return "stable"
	case FreeRetire:
		return "noreuse"
	}
	return ""
}

// Stmt is an LSL statement (paper Fig. 4, plus allocation, observation and
// nondeterministic choice).
type Stmt interface {
	Position() Pos
	stmt()
}

// FenceKind is one of the five fence kinds. It is a bit set over the four
// orderings it enforces.
type FenceKind uint8

const (
	LoadLoad   FenceKind = 1 << iota // loads before, loads after
	LoadStore                        // loads before, stores after
	StoreLoad                        // stores before, loads after
	StoreStore                       // stores before, stores after
	Full       = LoadLoad | LoadStore | StoreLoad | StoreStore
)

var fenceNames = map[FenceKind]string{
	LoadLoad: "load-load", LoadStore: "load-store", StoreLoad: "store-load",
	StoreStore: "store-store", Full: "full",
}

func (k FenceKind) String() string {
	if s, ok := fenceNames[k]; ok {
		return s
	}
	return fmt.Sprintf("fence(%#x)", uint8(k))
}

// FenceByName returns the kind called name ("load-load", …, "full").
func FenceByName(name string) (FenceKind, bool) {
	for k, n := range fenceNames {
		if n == name {
			return k, true
		}
	}
	return 0, false
}

// Orders reports whether a fence of kind k orders an access before it
// (a store if beforeStore) with an access after it (a store if afterStore).
func (k FenceKind) Orders(beforeStore, afterStore bool) bool {
	var bit FenceKind
	switch {
	case !beforeStore && !afterStore:
		bit = LoadLoad
	case !beforeStore && afterStore:
		bit = LoadStore
	case beforeStore && !afterStore:
		bit = StoreLoad
	default:
		bit = StoreStore
	}
	return k&bit != 0
}

// ObsKind says what an observation records.
type ObsKind uint8

const (
	ObsInput  ObsKind = iota // an argument value (lsl_observe_input)
	ObsOutput                // a result value (lsl_observe_output)
	ObsLabel                 // a point reached (lsl_observe_label)
)

func (k ObsKind) String() string {
	if k > ObsLabel {
		return fmt.Sprintf("obs%d", uint8(k))
	}
	return [...]string{"input", "output", "label"}[k]
}

// The statements. Every statement carries the position of the source
// construct it came from.
type (
	// Const: Dst = Val.
	Const struct {
		Pos Pos
		Dst Reg
		Val Value
	}
	// Prim: Dst = Op.Type(Args...), computed by Eval.
	Prim struct {
		Pos  Pos
		Dst  Reg
		Op   OpCode
		Type IntType // for typed operations
		Args []Reg
	}
	// Load: Dst = *Addr.
	Load struct {
		Pos  Pos
		Dst  Reg
		Addr Reg
		// Unsigned: the C type of the location is a 64-bit unsigned
		// integer, held as its bit pattern (as Observe.Unsigned); traces
		// print its value as the unsigned number. It changes nothing
		// else.
		Unsigned bool
	}
	// Store: *Addr = Src.
	Store struct {
		Pos      Pos
		Addr     Reg
		Src      Reg
		Unsigned bool // as Load.Unsigned
	}
	// Fence orders accesses of this thread around it.
	Fence struct {
		Pos  Pos
		Kind FenceKind
		// Slot, when not 0, marks a candidate of fence inference: a
		// fence that may be placed here (at Pos, the place in the
		// source where it would be inserted), numbered per program.
		Slot int
		// Brace, for a slot at the start or end of a loop body or an
		// if's branch written without braces, is the other end of that
		// body (line and column, in Pos's file): a fence placed there
		// needs the braces a patch then adds around the body.
		Brace Pos
		// Only, when not nil, lists the memory models on which the
		// fence exists: the C11 mapping (SEMANTICS.md, "C11 and GCC
		// atomics") compiles one operation to different fences per
		// machine. Elsewhere the fence is not there at all.
		Only []string
		// Implied marks a fence that is part of an atomic operation's
		// memory order, not a fence statement of the source: the
		// necessity check and inference leave it alone.
		Implied bool
	}
	// Atomic executes Body without interruption by other threads.
	Atomic struct {
		Pos  Pos
		Body []Stmt
		// NoFence marks a block that only makes several accesses one,
		// as a multi-word atomic load or store is: unlike a locked
		// instruction it is no fence on tso (SEMANTICS.md, "C11 and
		// GCC atomics"). A block nested in another has the outer's.
		NoFence bool
	}
	// Call calls Proc with Args and assigns its results to Results.
	Call struct {
		Pos     Pos
		Proc    string
		Args    []Reg
		Results []Reg
	}
	// Block is a labelled block. Break leaves it; Continue repeats it, so
	// a block with a Continue is a loop.
	Block struct {
		Pos   Pos
		Label string
		Body  []Stmt
	}
	// Break leaves the enclosing block Label if Cond is non-zero (always,
	// if Cond is empty).
	Break struct {
		Pos   Pos
		Cond  Reg
		Label string
		// LoopTest: the break leaves loop Label, whose body it is in, when
		// the loop's C test (a while or for loop's controlling expression)
		// is false, and the statements before it in the body compute that
		// test. C evaluates the test once more after the last iteration,
		// side effects and all, so the unroller copies those statements
		// after the last one (package unroll, "Unrolling"). Set by the C
		// front end; prints as "looptest".
		LoopTest bool
	}
	// Continue repeats the enclosing block Label if Cond is non-zero
	// (always, if Cond is empty).
	Continue struct {
		Pos   Pos
		Cond  Reg
		Label string
	}
	// Assert: an execution in which Cond is zero is an error.
	Assert struct {
		Pos  Pos
		Cond Reg
	}
	// Assume: an execution in which Cond is zero does not exist.
	Assume struct {
		Pos  Pos
		Cond Reg
	}
	// Observe records Val (or, for a label, just that it was reached) in
	// the observation vector.
	Observe struct {
		Pos  Pos
		Kind ObsKind
		Name string
		Val  Reg // empty for ObsLabel
		// Unsigned: the C type of Val is a 64-bit unsigned integer,
		// held as its bit pattern (value.go); it prints as the unsigned
		// number, not as the int64 of the same bits.
		Unsigned bool
	}
	// Alloc: Dst = a block of Size bytes. Unless NoReuse, the block may
	// be one freed earlier in the execution (by a Free of a reusable
	// kind) of the same size and shape, holding what was last stored in
	// it; a fresh block holds undefined.
	Alloc struct {
		Pos     Pos
		Dst     Reg
		Size    int64
		Shape   *Shape // the layout the program gives the block, if known
		NoReuse bool
		// Local: the storage of a C local variable whose address is
		// taken (printed "alloc local"; NoReuse too). It is no allocated
		// block: freeing it is an error (SEMANTICS.md).
		Local bool
	}
	// Free frees the block Addr points to; Kind says what may happen to
	// the block afterwards (SEMANTICS.md, "Allocation and freeing").
	Free struct {
		Pos  Pos
		Addr Reg
		Kind FreeKind
	}
	// Choose: Dst = any integer in [Lo, Hi].
	Choose struct {
		Pos    Pos
		Dst    Reg
		Lo, Hi int64
	}
	// ThreadID: Dst = the index of the executing thread (0 during init).
	ThreadID struct {
		Pos Pos
		Dst Reg
	}
	// BoundExceeded marks a point that only executions running a loop
	// past its unrolling bound reach (straight-line form only). Loop
	// names the loop instance.
	BoundExceeded struct {
		Pos  Pos
		Loop string
	}
)

func (s *Const) Position() Pos         { return s.Pos }
func (s *Prim) Position() Pos          { return s.Pos }
func (s *Load) Position() Pos          { return s.Pos }
func (s *Store) Position() Pos         { return s.Pos }
func (s *Fence) Position() Pos         { return s.Pos }
func (s *Atomic) Position() Pos        { return s.Pos }
func (s *Call) Position() Pos          { return s.Pos }
func (s *Block) Position() Pos         { return s.Pos }
func (s *Break) Position() Pos         { return s.Pos }
func (s *Continue) Position() Pos      { return s.Pos }
func (s *Assert) Position() Pos        { return s.Pos }
func (s *Assume) Position() Pos        { return s.Pos }
func (s *Observe) Position() Pos       { return s.Pos }
func (s *Alloc) Position() Pos         { return s.Pos }
func (s *Free) Position() Pos          { return s.Pos }
func (s *Choose) Position() Pos        { return s.Pos }
func (s *ThreadID) Position() Pos      { return s.Pos }
func (s *BoundExceeded) Position() Pos { return s.Pos }

func (*Const) stmt()         {}
func (*Prim) stmt()          {}
func (*Load) stmt()          {}
func (*Store) stmt()         {}
func (*Fence) stmt()         {}
func (*Atomic) stmt()        {}
func (*Call) stmt()          {}
func (*Block) stmt()         {}
func (*Break) stmt()         {}
func (*Continue) stmt()      {}
func (*Assert) stmt()        {}
func (*Assume) stmt()        {}
func (*Observe) stmt()       {}
func (*Alloc) stmt()         {}
func (*Free) stmt()          {}
func (*Choose) stmt()        {}
func (*ThreadID) stmt()      {}
func (*BoundExceeded) stmt() {}

// Test is a concurrent program in straight-line form: the encoder's input.
// Init invocations run first, serially; then the threads run concurrently,
// each executing its invocations in order. Bodies contain no Call, Continue
// or ThreadID. Registers are per thread and keep their values from one
// invocation of the thread to the next.
type Test struct {
	Name    string
	Globals []*Global
	Init    []*Invocation
	Threads [][]*Invocation
	// Final lists locations whose final values (the value of the last
	// store in memory order, or the initial value) belong to the outcome
	// of an execution. Litmus conditions on memory use it.
	Final []FinalLoc
}

// FinalLoc is a location whose final value is observed.
type FinalLoc struct {
	Pos  Pos    // where the test declares it, so that Validate can say where
	Name string // how the test names it ("x")
	Addr Value  // its address, a pointer
}

// Invocation is one operation call of a test, inlined and unrolled.
type Invocation struct {
	Pos  Pos
	Op   string
	Body []Stmt
	// Inlined gives, for each load and store inlined from a procedure
	// call, the calls it was inlined through, outermost first: a
	// statement of a procedure called twice has a copy for each call.
	// Nil for code written without calls.
	Inlined map[Stmt][]CallSite
}

// CallSite is an inlined call: the procedure and where it is called.
type CallSite struct {
	Proc string
	Pos  Pos
}

// Walk calls f for each statement of body in program order, descending
// into blocks and atomic blocks; it stops descending where f returns false.
func Walk(body []Stmt, f func(Stmt) bool) {
	for _, s := range body {
		if !f(s) {
			continue
		}
		switch s := s.(type) {
		case *Block:
			Walk(s.Body, f)
		case *Atomic:
			Walk(s.Body, f)
		}
	}
}

// Span is Hi - Lo, the number of the range's values less one, without the
// overflow of int64 subtraction (a range may cover all of int64); 0 for an
// empty range too.
func (s *Choose) Span() uint64 {
	if s.Hi < s.Lo {
		return 0
	}
	return uint64(s.Hi) - uint64(s.Lo)
}

// Each calls f with each value of the range, in increasing order (a loop
// to v <= Hi would never end at Hi = MaxInt64).
func (s *Choose) Each(f func(v int64)) {
	if s.Hi < s.Lo {
		return
	}
	for v := s.Lo; ; v++ {
		f(v)
		if v == s.Hi {
			return
		}
	}
}
