package lsl

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
)

// ErrorList is the set of problems Validate finds, sorted by position.
type ErrorList []*Error

// Error prints one problem per line.
func (l ErrorList) Error() string {
	lines := make([]string, len(l))
	for i, e := range l {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// Unwrap gives errors.As access to the individual errors.
func (l ErrorList) Unwrap() []error {
	errs := make([]error, len(l))
	for i, e := range l {
		errs[i] = e
	}
	return errs
}

// Validate checks the static well-formedness of p: labels, calls,
// operations, registers, globals and the constants of statements. It
// returns nil or an ErrorList of every problem found.
func Validate(p *Program) error {
	v := &validator{}
	if p == nil {
		v.errorf(Pos{}, "nil program")
		return v.result()
	}
	v.globals(p.Globals)
	procs := map[string]*Proc{}
	for _, proc := range p.Procs {
		if proc == nil {
			v.errorf(Pos{}, "nil procedure")
			continue
		}
		if _, dup := procs[proc.Name]; dup {
			v.errorf(proc.Pos, "duplicate procedure %s", ident(proc.Name))
			continue
		}
		procs[proc.Name] = proc
	}
	for _, proc := range p.Procs {
		if proc == nil {
			continue
		}
		sc := &scope{v: v, where: "proc " + ident(proc.Name), procs: procs}
		sc.regs = newRegs()
		for _, r := range proc.Params {
			sc.regs.assign(r)
		}
		sc.body(proc.Body, nil)
		sc.regs.report(v, sc.where)
	}
	return v.result()
}

// ValidateTest checks t as Validate checks a program, and also that it is
// in straight-line form (no call, continue or threadid), that every
// register a thread reads is assigned in that thread, and that the final
// locations are words of declared globals.
func ValidateTest(t *Test) error {
	v := &validator{}
	if t == nil {
		v.errorf(Pos{}, "nil test")
		return v.result()
	}
	v.globals(t.Globals)
	thread := func(where string, invs []*Invocation) {
		// Registers keep their values from one invocation of a thread to
		// the next, so the whole thread is one register scope.
		regs := newRegs()
		for _, inv := range invs {
			if inv == nil {
				v.errorf(Pos{}, "%s: nil invocation", where)
				continue
			}
			sc := &scope{v: v, where: where + ", op " + ident(inv.Op), straight: true, regs: regs}
			sc.body(inv.Body, nil)
		}
		regs.report(v, where)
	}
	thread("init", t.Init)
	for i, th := range t.Threads {
		thread(fmt.Sprintf("thread %d", i), th)
	}
	byBase := map[int64]*Global{}
	for _, g := range t.Globals {
		if g != nil && byBase[g.Base] == nil {
			byBase[g.Base] = g
		}
	}
	seen := map[string]bool{}
	for _, f := range t.Final {
		if seen[f.Name] {
			v.errorf(f.Pos, "duplicate final location %s", ident(f.Name))
		}
		seen[f.Name] = true
		g := byBase[f.Addr.Base()]
		switch {
		case !f.Addr.IsPtr() || g == nil:
			v.errorf(f.Pos, "final %s: address %s is not a pointer into a declared global", ident(f.Name), f.Addr)
		default:
			// a final value is that of one word, as a load reads it
			if why := g.Shape.Locate(f.Addr.Offsets()); why != "" {
				v.errorf(f.Pos, "final %s: address %s is no word of global %s: %s", ident(f.Name), f.Addr, ident(g.Name), why)
			}
		}
	}
	return v.result()
}

type validator struct {
	errs ErrorList
}

func (v *validator) errorf(pos Pos, format string, args ...any) {
	v.errs = append(v.errs, Errorf(pos, format, args...))
}

func (v *validator) result() error {
	if len(v.errs) == 0 {
		return nil
	}
	sort.SliceStable(v.errs, func(i, j int) bool {
		a, b := v.errs[i].Pos, v.errs[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	return v.errs
}

func (v *validator) globals(gs []*Global) {
	names := map[string]bool{}
	bases := map[int64]string{}
	for _, g := range gs {
		if g == nil {
			v.errorf(Pos{}, "nil global")
			continue
		}
		if names[g.Name] {
			v.errorf(g.Pos, "duplicate global %s", ident(g.Name))
		}
		names[g.Name] = true
		if g.Base < 1 {
			v.errorf(g.Pos, "global %s: base address %d is less than 1", ident(g.Name), g.Base)
		} else if other, dup := bases[g.Base]; dup {
			v.errorf(g.Pos, "global %s: base address %d is also that of global %s", ident(g.Name), g.Base, ident(other))
		} else {
			bases[g.Base] = g.Name
		}
		v.shape(g.Pos, "global "+ident(g.Name), g.Shape, 0)
		// the text format refuses such a value line (parser.value), so
		// what Validate accepts prints as text that parses back
		for _, iv := range g.Init {
			if why := g.Shape.Locate(iv.Offsets); why != "" {
				v.errorf(g.Pos, "value %s[%s]: no word of global %s: %s", ident(g.Name), joinInts(iv.Offsets), ident(g.Name), why)
			}
		}
	}
}

// shape reports shapes the text format cannot express: an array that is
// also a struct, or a negative length.
func (v *validator) shape(pos Pos, where string, s *Shape, depth int) {
	if s == nil || depth > maxDepth {
		return
	}
	if s.Elem != nil {
		if s.Fields != nil {
			v.errorf(pos, "%s: shape is both an array and a struct", where)
		}
		if s.Len < 0 {
			v.errorf(pos, "%s: negative array length %d", where, s.Len)
		}
		v.shape(pos, where, s.Elem, depth+1)
	}
	for _, f := range s.Fields {
		v.shape(pos, where, f.Shape, depth+1)
	}
}

// regs records, flow-insensitively, which registers a scope assigns and
// where each is first read.
type regs struct {
	assigned map[Reg]bool
	reads    []Reg
	readAt   map[Reg]Pos
}

func newRegs() *regs {
	return &regs{assigned: map[Reg]bool{}, readAt: map[Reg]Pos{}}
}

func (r *regs) assign(x Reg) { r.assigned[x] = true }

func (r *regs) read(x Reg, pos Pos) {
	if _, ok := r.readAt[x]; !ok {
		r.readAt[x] = pos
		r.reads = append(r.reads, x)
	}
}

func (r *regs) report(v *validator, where string) {
	for _, x := range r.reads {
		if !r.assigned[x] && x != "" {
			v.errorf(r.readAt[x], "%s: register %s is read but never assigned", where, ident(string(x)))
		}
	}
}

// scope checks the statements of one procedure or invocation.
type scope struct {
	v        *validator
	where    string // "proc f", "thread 1, op e": the context of messages
	procs    map[string]*Proc
	straight bool // a Test body: no call, continue or threadid
	regs     *regs
	atomic   *Atomic // the atomic block the statements are in, or nil
}

func (sc *scope) errorf(pos Pos, format string, args ...any) {
	sc.v.errorf(pos, "%s: %s", sc.where, fmt.Sprintf(format, args...))
}

// use records reads of registers, each of which must be named.
func (sc *scope) use(pos Pos, rs ...Reg) {
	for _, r := range rs {
		if r == "" {
			sc.errorf(pos, "missing register")
			continue
		}
		sc.regs.read(r, pos)
	}
}

// def records assignments of registers.
func (sc *scope) def(pos Pos, rs ...Reg) {
	for _, r := range rs {
		if r == "" {
			sc.errorf(pos, "missing register")
			continue
		}
		sc.regs.assign(r)
	}
}

// isNil reports a nil statement, including a typed nil pointer.
func isNil(s Stmt) bool {
	if s == nil {
		return true
	}
	v := reflect.ValueOf(s)
	return v.Kind() == reflect.Pointer && v.IsNil()
}

// body checks stmts; labels holds the enclosing blocks, innermost last.
func (sc *scope) body(stmts []Stmt, labels []*Block) {
	if len(labels) > maxDepth {
		return
	}
	for _, s := range stmts {
		if isNil(s) {
			sc.errorf(Pos{}, "nil statement")
			continue
		}
		sc.stmt(s, labels)
	}
}

func (sc *scope) stmt(s Stmt, labels []*Block) {
	pos := s.Position()
	switch s := s.(type) {
	case *Const:
		sc.def(pos, s.Dst)
	case *Prim:
		sc.prim(s)
	case *Load:
		sc.use(pos, s.Addr)
		sc.def(pos, s.Dst)
	case *Store:
		sc.use(pos, s.Addr, s.Src)
	case *Fence:
		if _, ok := fenceNames[s.Kind]; !ok {
			sc.errorf(pos, "invalid fence kind %s", s.Kind)
		}
	case *Atomic:
		outer := sc.atomic
		if outer == nil {
			sc.atomic = s
		} else if outer.NoFence != s.NoFence {
			// a nested block is part of the outer one: it cannot be a
			// fence the outer is not, nor the reverse
			sc.errorf(pos, "atomic block nested in one that differs in nofence")
		}
		sc.body(s.Body, labels)
		sc.atomic = outer
	case *Call:
		sc.call(s)
	case *Block:
		for _, b := range labels {
			if b.Label == s.Label {
				at := ""
				if b.Pos.IsValid() {
					at = " at " + b.Pos.String()
				}
				sc.errorf(pos, "label %s already labels the enclosing block%s", ident(s.Label), at)
				break
			}
		}
		sc.body(s.Body, append(labels[:len(labels):len(labels)], s))
	case *Break:
		sc.jump(pos, "break", s.Label, s.Cond, labels)
	case *Continue:
		if sc.straight {
			sc.errorf(pos, "continue in straight-line code")
		}
		sc.jump(pos, "continue", s.Label, s.Cond, labels)
	case *Assert:
		sc.use(pos, s.Cond)
	case *Assume:
		sc.use(pos, s.Cond)
	case *Observe:
		switch s.Kind {
		case ObsLabel:
			if s.Val != "" {
				sc.errorf(pos, "observe label %q has a register", s.Name)
			}
			if s.Unsigned {
				sc.errorf(pos, "observe label %q has a type", s.Name)
			}
		case ObsInput, ObsOutput:
			if s.Val == "" {
				sc.errorf(pos, "observe %s %q has no register", s.Kind, s.Name)
			} else {
				sc.use(pos, s.Val)
			}
		default:
			sc.errorf(pos, "invalid observation kind %d", s.Kind)
		}
	case *Alloc:
		if s.Size < 0 {
			sc.errorf(pos, "alloc of negative size %d", s.Size)
		}
		if s.Local && !s.NoReuse {
			sc.errorf(pos, "alloc local that may reuse a block")
		}
		sc.v.shape(pos, sc.where, s.Shape, 0)
		sc.def(pos, s.Dst)
	case *Free:
		sc.use(pos, s.Addr)
	case *Choose:
		if s.Lo > s.Hi {
			sc.errorf(pos, "choose from empty range %d %d", s.Lo, s.Hi)
		}
		sc.def(pos, s.Dst)
	case *ThreadID:
		if sc.straight {
			sc.errorf(pos, "threadid in straight-line code")
		}
		sc.def(pos, s.Dst)
	case *BoundExceeded:
	default:
		sc.errorf(pos, "unknown statement %T", s)
	}
}

func (sc *scope) prim(s *Prim) {
	switch {
	case s.Op <= OpInvalid || s.Op >= numOps:
		sc.errorf(s.Pos, "invalid operation %s", s.Op)
	case s.Op.Typed() && !s.Type.Valid():
		sc.errorf(s.Pos, "%s: invalid type %s", s.Op, s.Type)
	case !s.Op.Typed() && s.Type != (IntType{}):
		sc.errorf(s.Pos, "%s: untyped operation has type %s", s.Op, s.Type)
	}
	if s.Op > OpInvalid && s.Op < numOps && len(s.Args) != s.Op.Arity() {
		sc.errorf(s.Pos, "%s: %d operands, want %d", s.Op, len(s.Args), s.Op.Arity())
	}
	sc.use(s.Pos, s.Args...)
	sc.def(s.Pos, s.Dst)
}

func (sc *scope) call(s *Call) {
	if sc.straight {
		sc.errorf(s.Pos, "call in straight-line code")
	} else if callee := sc.procs[s.Proc]; callee == nil {
		sc.errorf(s.Pos, "call of unknown procedure %s", ident(s.Proc))
	} else {
		if len(s.Args) != len(callee.Params) {
			sc.errorf(s.Pos, "call %s: %d arguments, want %d", ident(s.Proc), len(s.Args), len(callee.Params))
		}
		if len(s.Results) != len(callee.Results) {
			sc.errorf(s.Pos, "call %s: %d results, want %d", ident(s.Proc), len(s.Results), len(callee.Results))
		}
	}
	sc.use(s.Pos, s.Args...)
	sc.def(s.Pos, s.Results...)
}

func (sc *scope) jump(pos Pos, kw, label string, cond Reg, labels []*Block) {
	found := false
	for _, b := range labels {
		found = found || b.Label == label
	}
	if !found {
		sc.errorf(pos, "%s %s: %s does not label an enclosing block", kw, ident(label), ident(label))
	}
	if cond != "" {
		sc.use(pos, cond)
	}
}
