package lsl

import (
	"fmt"
)

// IntType is a C integer type: its width in bits and signedness.
type IntType struct {
	Bits   uint8 // 8, 16, 32 or 64
	Signed bool
}

// Common integer types.
var (
	I8  = IntType{8, true}
	U8  = IntType{8, false}
	I16 = IntType{16, true}
	U16 = IntType{16, false}
	I32 = IntType{32, true}
	U32 = IntType{32, false}
	I64 = IntType{64, true}
	U64 = IntType{64, false}
)

func (t IntType) String() string {
	if t.Signed {
		return fmt.Sprintf("i%d", t.Bits)
	}
	return fmt.Sprintf("u%d", t.Bits)
}

// Valid reports whether t is one of the eight supported types.
func (t IntType) Valid() bool {
	return t.Bits == 8 || t.Bits == 16 || t.Bits == 32 || t.Bits == 64
}

// Wrap reduces n to the canonical form of t (wraparound).
func (t IntType) Wrap(n int64) int64 {
	if t.Bits >= 64 {
		return n
	}
	sh := 64 - uint(t.Bits)
	if t.Signed {
		return (n << sh) >> sh
	}
	return int64(uint64(n) << sh >> sh)
}

// OpCode names a primitive operation.
type OpCode uint8

// The primitive operations. "Typed" operations carry an IntType.
const (
	OpInvalid OpCode = iota
	OpMov            // r = a (copies any value, undefined included)
	OpConv           // typed: convert an integer to the type; pointers (to 64 bits) and undefined pass unchanged

	OpAdd // typed binary arithmetic, wrapping
	OpSub
	OpMul
	OpDiv // division by zero is a fault
	OpRem
	OpShl // shift amounts outside [0, bits) are a fault
	OpShr // arithmetic for signed types, logical for unsigned
	OpAnd
	OpOr
	OpXor
	OpNeg  // typed unary
	OpBNot // typed unary, bitwise complement

	OpLNot // logical not: 1 if the operand is 0, else 0 (pointers are non-zero)
	OpEq   // untyped: integers as values, pointers as addresses (Value.Address)
	OpNe
	OpLt // typed comparisons; pointers only within one block
	OpLe
	OpGt
	OpGe

	OpOffset // p, k: the pointer p with offset k appended (field or element)
	OpPAdd   // p, i: pointer arithmetic, adds i to the last offset of p
	OpPSub   // p, q: difference of the last offsets of two pointers into one array

	// OpSame is 1 if its operands are the same LSL value, undefined
	// included, else 0; it never faults. No C expression produces it: the
	// unroller's bookkeeping compares registers that may be undefined.
	OpSame

	numOps
)

var opNames = [...]string{
	OpInvalid: "invalid", OpMov: "mov", OpConv: "conv",
	OpAdd: "add", OpSub: "sub", OpMul: "mul", OpDiv: "div", OpRem: "rem",
	OpShl: "shl", OpShr: "shr", OpAnd: "and", OpOr: "or", OpXor: "xor",
	OpNeg: "neg", OpBNot: "bnot", OpLNot: "lnot",
	OpEq: "eq", OpNe: "ne", OpLt: "lt", OpLe: "le", OpGt: "gt", OpGe: "ge",
	OpOffset: "offset", OpPAdd: "padd", OpPSub: "psub", OpSame: "same",
}

func (o OpCode) String() string {
	if int(o) < len(opNames) {
		return opNames[o]
	}
	return fmt.Sprintf("op%d", o)
}

// OpByName returns the OpCode called name, or OpInvalid.
func OpByName(name string) OpCode {
	for i, n := range opNames {
		if n == name && OpCode(i) != OpInvalid {
			return OpCode(i)
		}
	}
	return OpInvalid
}

// Typed reports whether o carries an IntType.
func (o OpCode) Typed() bool {
	switch o {
	case OpConv, OpAdd, OpSub, OpMul, OpDiv, OpRem, OpShl, OpShr, OpAnd, OpOr, OpXor,
		OpNeg, OpBNot, OpLt, OpLe, OpGt, OpGe, OpPAdd:
		return true
	}
	return false
}

// Arity returns the number of operands of o.
func (o OpCode) Arity() int {
	switch o {
	case OpMov, OpConv, OpNeg, OpBNot, OpLNot:
		return 1
	}
	return 2
}

// Fault is the kind of run-time error an operation or access can raise.
// An execution that raises one is an error execution (SEMANTICS.md, Errors).
type Fault uint8

const (
	NoFault           Fault = iota
	FaultUndefined          // an undefined value used in a computation, condition or address
	FaultDivZero            // division or remainder by zero
	FaultShift              // shift amount out of range
	FaultPointer            // an operation not defined on the pointers given
	FaultAddress            // a load, store or free through a value that is not a valid pointer
	FaultAssert             // a failed assertion
	FaultDoubleFree         // freeing a block twice
	FaultUseAfterFree       // an access to a block freed by FreeUnsafe and not handed out again
	FaultPointerCut         // a pointer converted to an integer type narrower than a pointer
)

var faultNames = [...]string{
	NoFault: "no fault", FaultUndefined: "use of an undefined value",
	FaultDivZero: "division by zero", FaultShift: "shift amount out of range",
	FaultPointer: "invalid pointer operation", FaultAddress: "invalid address",
	FaultAssert: "assertion failed", FaultDoubleFree: "double free", FaultUseAfterFree: "use after free",
	FaultPointerCut: "pointer cut to a narrower integer",
}

func (f Fault) String() string {
	if int(f) < len(faultNames) {
		return faultNames[f]
	}
	return fmt.Sprintf("fault%d", f)
}

// Eval computes the primitive operation op of type t on args. It is the one
// definition of LSL arithmetic: the interpreter, the range analysis and the
// SAT encoder all call it, so they cannot disagree.
func Eval(op OpCode, t IntType, args ...Value) (Value, Fault) {
	if len(args) != op.Arity() {
		return Undefined, FaultPointer
	}
	a := args[0]
	switch op {
	case OpMov:
		return a, NoFault
	case OpConv:
		if a.kind == KindInt {
			return Int(t.Wrap(a.n)), NoFault
		}
		if (a.kind == KindPtr || a.kind == KindTagged) && t.Bits < 64 {
			// an address has no value in fewer bits (C: implementation-
			// defined, on x86-64 the low half of it)
			return Undefined, FaultPointerCut
		}
		return a, NoFault // pointers keep being pointers (Fig. 9's casts)
	case OpLNot:
		switch a.kind {
		case KindUndef:
			return Undefined, FaultUndefined
		case KindPtr:
			return Int(0), NoFault
		}
		return Bool(a.n == 0), NoFault
	case OpNeg, OpBNot:
		if a.kind == KindUndef {
			return Undefined, FaultUndefined
		}
		if a.kind == KindPtr || a.kind == KindTagged {
			return Undefined, FaultPointer
		}
		if op == OpNeg {
			return Int(t.Wrap(-a.n)), NoFault
		}
		return Int(t.Wrap(^a.n)), NoFault
	}
	b := args[1]
	if op == OpSame {
		return Bool(a == b), NoFault
	}
	if a.kind == KindUndef || b.kind == KindUndef {
		return Undefined, FaultUndefined
	}
	switch op {
	case OpEq:
		return Bool(a.Address() == b.Address()), NoFault
	case OpNe:
		return Bool(a.Address() != b.Address()), NoFault
	case OpOffset:
		if a.kind != KindPtr || b.kind != KindInt {
			return Undefined, FaultPointer
		}
		return a.WithOffset(b.n), NoFault
	case OpPAdd:
		if a.kind == KindInt && a.n == 0 && b.kind == KindInt && b.n == 0 {
			return a, NoFault // null + 0 stays null
		}
		if a.kind != KindPtr || b.kind != KindInt {
			return Undefined, FaultPointer
		}
		if i, ok := a.wholeIndex(); ok {
			// A whole block is an array of one (C11 6.5.6p7): [b] + 1 is
			// one past it, and back.
			switch i + b.n {
			case 0:
				return Ptr(a.n), NoFault
			case 1:
				return Ptr(a.n, PastEnd), NoFault
			}
			return Undefined, FaultPointer
		}
		o := a.Offsets()
		if o[len(o)-1]+b.n == PastEnd && len(o) == 1 {
			return Undefined, FaultPointer // no element, and not one past the block
		}
		return a.WithLastOffset(o[len(o)-1] + b.n), NoFault
	case OpPSub:
		if a.kind != KindPtr || b.kind != KindPtr || a.n != b.n {
			return Undefined, FaultPointer
		}
		i, aok := a.wholeIndex()
		j, bok := b.wholeIndex()
		if aok && bok {
			return Int(i - j), NoFault
		}
		if aok || bok || a.offs == "" || b.offs == "" {
			return Undefined, FaultPointer
		}
		ao, bo := a.Offsets(), b.Offsets()
		if len(ao) != len(bo) || !equalPrefix(ao, bo) {
			return Undefined, FaultPointer
		}
		return Int(ao[len(ao)-1] - bo[len(bo)-1]), NoFault
	case OpLt, OpLe, OpGt, OpGe:
		var c int
		switch {
		case a.kind == KindInt && b.kind == KindInt:
			c = compareInts(t, a.n, b.n)
		case a.kind == KindPtr && b.kind == KindPtr && a.n == b.n:
			c = Compare(a.Address(), b.Address())
		case (a.kind == KindPtr || a.kind == KindTagged) && (b.kind == KindPtr || b.kind == KindTagged) && a.n == b.n:
			// marked pointers: by address, then by the marks (low bits)
			if c = Compare(a.Untagged().Address(), b.Untagged().Address()); c == 0 {
				c = int(a.tag) - int(b.tag)
			}
		default:
			return Undefined, FaultPointer
		}
		switch op {
		case OpLt:
			return Bool(c < 0), NoFault
		case OpLe:
			return Bool(c <= 0), NoFault
		case OpGt:
			return Bool(c > 0), NoFault
		}
		return Bool(c >= 0), NoFault
	}
	if op == OpAnd || op == OpOr || op == OpXor {
		if v, ok := markOp(op, a, b); ok {
			return v, NoFault
		}
	}
	if a.kind != KindInt || b.kind != KindInt {
		return Undefined, FaultPointer
	}
	x, y := a.n, b.n
	var r int64
	switch op {
	case OpAdd:
		r = x + y
	case OpSub:
		r = x - y
	case OpMul:
		r = x * y
	case OpDiv, OpRem:
		if y == 0 {
			return Undefined, FaultDivZero
		}
		if t.Signed {
			if x == -1<<63 && y == -1 { // the one overflowing case wraps
				if op == OpDiv {
					r = x
				}
				break
			}
			if op == OpDiv {
				r = x / y
			} else {
				r = x % y
			}
		} else {
			ux, uy := uint64(x), uint64(y)
			if op == OpDiv {
				r = int64(ux / uy)
			} else {
				r = int64(ux % uy)
			}
		}
	case OpShl, OpShr:
		if y < 0 || y >= int64(t.Bits) {
			return Undefined, FaultShift
		}
		if op == OpShl {
			r = x << uint(y)
		} else if t.Signed {
			r = x >> uint(y)
		} else {
			r = int64(uint64(x) >> uint(y))
		}
	case OpAnd:
		r = x & y
	case OpOr:
		r = x | y
	case OpXor:
		r = x ^ y
	default:
		return Undefined, FaultPointer
	}
	return Int(t.Wrap(r)), NoFault
}

func compareInts(t IntType, x, y int64) int {
	if !t.Signed && t.Bits == 64 {
		ux, uy := uint64(x), uint64(y)
		switch {
		case ux < uy:
			return -1
		case ux > uy:
			return 1
		}
		return 0
	}
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

func equalPrefix(a, b []int64) bool {
	for i := 0; i < len(a)-1; i++ {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// markOp is &, | and ^ of a pointer (tagged or not) and an integer, as
// lock-free lists mark pointers in their low bits (a pointer is at least
// 4-aligned, TagBits): p | t and p ^ t set or flip tag bits; p & m with m
// having every bit above TagBits set (~1, ~3) keeps the pointer and those
// tag bits of m; p & m with m within TagBits is the integer of the tag
// bits (0 for an untagged pointer). Anything else is no mark operation.
func markOp(op OpCode, a, b Value) (Value, bool) {
	p, k := a, b
	if p.kind == KindInt {
		p, k = b, a
	}
	if p.kind != KindPtr && p.kind != KindTagged || k.kind != KindInt {
		return Undefined, false
	}
	tag, m := int64(p.tag), k.n
	switch {
	case op == OpOr && m&^TagBits == 0:
		return p.WithTag(tag | m), true
	case op == OpXor && m&^TagBits == 0:
		return p.WithTag(tag ^ m), true
	case op == OpAnd && m|TagBits == -1:
		return p.WithTag(tag & m), true
	case op == OpAnd && m&^TagBits == 0:
		return Int(tag & m), true
	}
	return Undefined, false
}
