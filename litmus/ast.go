package litmus

import (
	"strconv"
	"strings"

	"checkfence/lsl"
)

// File is a parsed litmus test.
type File struct {
	Filename string  // as given to Parse; positions name it
	Name     string  // the test's name, from the first line
	Pos      lsl.Pos // of the name
	Comment  string  // the quoted comment line, without quotes; "" if none
	Init     []InitEntry
	Threads  []*Thread // P0, P1, … in order
	// Printed are the locations of a "locations [...]" clause, which herd7
	// prints in its outcomes; they do not change the verdict.
	Printed []string
	Cond    Condition
}

// InitEntry is one assignment of the initial state: a memory location
// (Thread < 0) or a register of one thread.
type InitEntry struct {
	Pos    lsl.Pos
	Thread int    // the register's thread; -1 for a memory location
	Name   string // the location, or the register (upper case)
	Val    int64
}

// String renders an InitEntry as herd writes it.
func (e InitEntry) String() string {
	if e.Thread >= 0 {
		return strconv.Itoa(e.Thread) + ":" + e.Name + "=" + strconv.FormatInt(e.Val, 10)
	}
	return e.Name + "=" + strconv.FormatInt(e.Val, 10)
}

// Thread is one column of the thread table.
type Thread struct {
	Pos    lsl.Pos // of its header cell ("P0")
	Instrs []Instr // in program order; empty cells are dropped
}

// InstrKind says which form an instruction has.
type InstrKind uint8

const (
	StoreImm InstrKind = iota // MOV [Loc],$Imm
	StoreReg                  // MOV [Loc],Reg
	Load                      // MOV Reg,[Loc]
	MovImm                    // MOV Reg,$Imm
	MovReg                    // MOV Reg,Src
	Xchg                      // XCHG [Loc],Reg (or XCHG Reg,[Loc])
	MFence                    // MFENCE
	SFence                    // SFENCE
	LFence                    // LFENCE
)

// Instr is one instruction of a thread. Register names are upper case.
type Instr struct {
	Pos  lsl.Pos // of the mnemonic
	Kind InstrKind
	Loc  string // the memory operand, for stores, loads and XCHG
	Reg  string // the register operand: destination, stored or exchanged
	Src  string // the source register of MovReg
	Imm  int64  // the immediate of StoreImm and MovImm
}

// String renders the instruction in herd's syntax.
func (in Instr) String() string {
	imm := "$" + strconv.FormatInt(in.Imm, 10)
	switch in.Kind {
	case StoreImm:
		return "MOV [" + in.Loc + "]," + imm
	case StoreReg:
		return "MOV [" + in.Loc + "]," + in.Reg
	case Load:
		return "MOV " + in.Reg + ",[" + in.Loc + "]"
	case MovImm:
		return "MOV " + in.Reg + "," + imm
	case MovReg:
		return "MOV " + in.Reg + "," + in.Src
	case Xchg:
		return "XCHG [" + in.Loc + "]," + in.Reg
	case MFence:
		return "MFENCE"
	case SFence:
		return "SFENCE"
	case LFence:
		return "LFENCE"
	}
	return "?"
}

// Quantifier is the quantifier of the final condition.
type Quantifier uint8

const (
	Exists    Quantifier = iota // exists P
	NotExists                   // ~exists P
	Forall                      // forall P
)

func (q Quantifier) String() string {
	switch q {
	case Exists:
		return "exists"
	case NotExists:
		return "~exists"
	case Forall:
		return "forall"
	}
	return "?"
}

// Condition is the final condition: a quantifier over a proposition on
// the final state of an execution.
type Condition struct {
	Pos   lsl.Pos // of the quantifier
	Quant Quantifier
	Prop  Cond
}

func (c Condition) String() string {
	if isNil(c.Prop) {
		return c.Quant.String()
	}
	return c.Quant.String() + " (" + c.Prop.String() + ")"
}

// Cond is a proposition over the final state of one execution: register
// values of threads and final values of memory locations.
type Cond interface {
	// Holds evaluates the proposition on outcome o of the test t that
	// File.Test produced. It fails if o lacks a value the proposition
	// reads.
	Holds(t *lsl.Test, o lsl.Outcome) (bool, error)
	String() string
	cond()
}

// The propositions.
type (
	// And is L /\ R.
	And struct{ L, R Cond }
	// Or is L \/ R.
	Or struct{ L, R Cond }
	// Not is ~X.
	Not struct{ X Cond }
	// Bool is true or false.
	Bool struct {
		Pos lsl.Pos
		Val bool
	}
	// RegEq is Thread:Reg=Val, the final value of a register.
	RegEq struct {
		Pos    lsl.Pos
		Thread int
		Reg    string // upper case
		Val    int64
	}
	// LocEq is Loc=Val, the final value of a memory location.
	LocEq struct {
		Pos lsl.Pos
		Loc string
		Val int64
	}
)

func (*And) cond()   {}
func (*Or) cond()    {}
func (*Not) cond()   {}
func (*Bool) cond()  {}
func (*RegEq) cond() {}
func (*LocEq) cond() {}

// The propositions print with the fewest parentheses herd's precedences
// need: ~ binds tighter than /\, which binds tighter than \/.
func (c *And) String() string { return paren(c.L, 1) + ` /\ ` + paren(c.R, 2) }
func (c *Or) String() string  { return paren(c.L, 0) + ` \/ ` + paren(c.R, 1) }
func (c *Not) String() string { return "~" + paren(c.X, 2) }
func (c *Bool) String() string {
	if c.Val {
		return "true"
	}
	return "false"
}
func (c *RegEq) String() string {
	return strconv.Itoa(c.Thread) + ":" + c.Reg + "=" + strconv.FormatInt(c.Val, 10)
}
func (c *LocEq) String() string { return c.Loc + "=" + strconv.FormatInt(c.Val, 10) }

// paren renders c, in parentheses if its operator binds less tightly than
// level: 0 for \/, 1 for /\, 2 for ~. Chains of one operator parse
// left-associatively, so right operands are asked for one level more, and
// the printed text parses back to the same tree.
func paren(c Cond, level int) string {
	if isNil(c) {
		return "?"
	}
	var own int
	switch c.(type) {
	case *Or:
		own = 0
	case *And:
		own = 1
	default:
		own = 3
	}
	if own < level {
		return "(" + c.String() + ")"
	}
	return c.String()
}

// walkCond calls f on c and all its sub-propositions, parents first.
func walkCond(c Cond, f func(Cond)) {
	if isNil(c) {
		return
	}
	f(c)
	switch c := c.(type) {
	case *And:
		walkCond(c.L, f)
		walkCond(c.R, f)
	case *Or:
		walkCond(c.L, f)
		walkCond(c.R, f)
	case *Not:
		walkCond(c.X, f)
	}
}

// Format renders f in herd's X86 syntax, one instruction per cell, so
// that Parse reads back the same test.
func (f *File) Format() string {
	var b strings.Builder
	b.WriteString("X86 " + f.Name + "\n")
	if f.Comment != "" {
		b.WriteString(`"` + f.Comment + `"` + "\n")
	}
	b.WriteString("{")
	for _, e := range f.Init {
		b.WriteByte(' ')
		if e.Thread >= 0 {
			b.WriteString(strconv.Itoa(e.Thread) + ":")
		}
		b.WriteString(e.Name + "=" + strconv.FormatInt(e.Val, 10) + ";")
	}
	b.WriteString(" }\n")
	rows := 0
	for _, th := range f.Threads {
		rows = max(rows, len(th.Instrs))
	}
	cells := make([][]string, rows+1)
	for r := range cells {
		cells[r] = make([]string, len(f.Threads))
	}
	width := make([]int, len(f.Threads))
	for i, th := range f.Threads {
		cells[0][i] = "P" + strconv.Itoa(i)
		for r, in := range th.Instrs {
			cells[r+1][i] = in.String()
		}
		for r := range cells {
			width[i] = max(width[i], len(cells[r][i]))
		}
	}
	for _, row := range cells {
		for i, c := range row {
			if i > 0 {
				b.WriteString(" |")
			}
			b.WriteString(" " + c + strings.Repeat(" ", width[i]-len(c)))
		}
		b.WriteString(" ;\n")
	}
	b.WriteString(f.Cond.String() + "\n")
	return b.String()
}

// isNil reports whether c is nil or a nil pointer, which a hand-built
// proposition may hold.
func isNil(c Cond) bool {
	switch c := c.(type) {
	case nil:
		return true
	case *And:
		return c == nil
	case *Or:
		return c == nil
	case *Not:
		return c == nil
	case *Bool:
		return c == nil
	case *RegEq:
		return c == nil
	case *LocEq:
		return c == nil
	}
	return false
}
