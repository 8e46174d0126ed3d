package cfront

import (
	"fmt"
	"slices"

	"modernc.org/cc/v4"

	"checkfence/lsl"
)

// scal describes a scalar C type the way conversions need it.
type scal struct {
	it      lsl.IntType
	ptr     bool
	boolean bool
}

func scalOf(t cc.Type) scal {
	switch c, _ := classify(t); c {
	case clPtr:
		return scal{it: ptrType, ptr: true}
	case clInt:
		return scal{it: intType(t), boolean: isBool(t)}
	}
	return scal{it: lsl.I32}
}

func intScal(it lsl.IntType) scal { return scal{it: it} }

// preserves reports whether every value of from is a value of to, so that
// converting needs no operation. 64-bit signed and unsigned share their
// canonical form (the bit pattern).
func preserves(from, to lsl.IntType) bool {
	switch {
	case from == to, from.Bits == 64 && to.Bits == 64:
		return true
	case from.Signed == to.Signed:
		return to.Bits >= from.Bits
	case !from.Signed && to.Signed:
		return to.Bits > from.Bits
	}
	return false
}

// conv converts the value in r from one scalar type to another (C's
// conversion as if by assignment). Pointers keep being pointers through
// any conversion (Eval's OpConv passes them unchanged).
func (fn *funcTr) conv(r lsl.Reg, from, to scal, pos lsl.Pos) lsl.Reg {
	switch {
	case to.boolean:
		if from.boolean {
			return r
		}
		z := fn.intConst(pos, 0)
		return fn.prim(pos, lsl.OpNe, lsl.IntType{}, r, z)
	case to.ptr && from.ptr:
		return r
	case from.boolean:
		return r // 0 or 1 fits every type
	}
	if preserves(from.it, to.it) {
		return r
	}
	return fn.prim(pos, lsl.OpConv, to.it, r)
}

// convert converts a scalar value to the C type t.
func (fn *funcTr) convert(v value, t cc.Type, pos lsl.Pos) lsl.Reg {
	switch c, msg := classify(t); c {
	case clInt, clPtr:
	case clVoid:
		return v.reg
	case clBad:
		fn.errorAt(pos, "%s", msg)
		return undefReg
	default:
		fn.errorAt(pos, "conversion to %s is not supported", t)
		return undefReg
	}
	if v.lv != nil || !isScalar(v.typ) {
		if v.typ != nil && v.typ.Kind() == cc.Void {
			fn.errorAt(pos, "void value used")
		} else {
			fn.errorAt(pos, "conversion of %s to %s is not supported", typeName(v.typ), t)
		}
		return undefReg
	}
	if msg := reinterprets(v.typ, t); msg != "" {
		fn.errorAt(pos, "%s", msg)
		return undefReg
	}
	return fn.conv(v.reg, scalOf(v.typ), scalOf(t), pos)
}

// reinterprets returns why converting a value of type from to type to is
// not supported, or "": memory holds one value per scalar object, not
// bytes, so a pointer conversion that would read an object as another
// type (int * to char *, long * to int *, struct a * to int *), and byte
// arithmetic through it, cannot be represented; nor can a pointer cut to
// a narrower integer. Pointers to void, and to types of the same words
// (int and int32_t, a pointer and another pointer, structs of the same
// layout), convert freely.
func reinterprets(from, to cc.Type) string {
	fc, _ := classify(from)
	tc, _ := classify(to)
	if fc == clArray {
		fc = clPtr
	}
	switch {
	case fc == clPtr && tc == clInt:
		if to.Kind() != cc.Bool && to.Size() < 8 {
			return fmt.Sprintf("conversion of a pointer to %s, narrower than a pointer, is not supported", to)
		}
	case fc == clPtr && tc == clPtr:
		a, _ := pointee(from)
		b, _ := pointee(to)
		if a == nil || b == nil || a.Kind() == cc.Void || b.Kind() == cc.Void || a.IsIncomplete() || b.IsIncomplete() {
			return ""
		}
		if !sameWords(a, b) {
			if a.Kind() == cc.Function || b.Kind() == cc.Function {
				// a function has no words (atomic_exchange's cast of
				// its result to the location's function pointer type)
				return "function pointer is not supported"
			}
			return fmt.Sprintf("conversion from %s to %s is not supported: memory holds one value per scalar object, not bytes, so an object cannot be read as another type", from, to)
		}
	}
	return ""
}

// sameWords reports whether objects of types a and b consist of the same
// words: scalars of one kind (both pointers, or integers of one size and
// signedness), or aggregates whose leaves pair up so.
func sameWords(a, b cc.Type) bool {
	ca, _ := classify(a)
	cb, _ := classify(b)
	switch {
	case ca == clPtr && cb == clPtr:
		return true
	case ca == clInt && cb == clInt:
		if a.Kind() == cc.Bool || b.Kind() == cc.Bool {
			return a.Kind() == b.Kind()
		}
		return a.Size() == b.Size() && cc.IsSignedInteger(a) == cc.IsSignedInteger(b)
	case (ca == clStruct || ca == clArray) && (cb == clStruct || cb == clArray):
		la, oka := leaves(a)
		lb, okb := leaves(b)
		if !oka || !okb || len(la) != len(lb) {
			return false
		}
		for i := range la {
			if !slices.Equal(la[i].offs, lb[i].offs) || !sameWords(la[i].typ, lb[i].typ) {
				return false
			}
		}
		return true
	}
	return false
}

func typeName(t cc.Type) string {
	if t == nil {
		return "<nil>"
	}
	return t.String()
}

// shortTypeName names a type as a C programmer would: by its typedef or
// struct tag if it has one, not by its members.
func shortTypeName(t cc.Type) string {
	if t == nil {
		return "<nil>"
	}
	if td := t.Typedef(); td != nil {
		return td.Name()
	}
	if st, ok := t.(*cc.StructType); ok {
		if tag := st.Tag(); tag.SrcStr() != "" {
			return "struct " + tag.SrcStr()
		}
	}
	return t.String()
}

// promoteIt is integer promotion on LSL integer types.
func promoteIt(it lsl.IntType) lsl.IntType {
	if it.Bits < 32 {
		return lsl.I32
	}
	return it
}

// usual is C's usual arithmetic conversion of two integer types, on their
// LSL forms: the sizes of x86-64 decide (a signed type represents all
// values of an unsigned one exactly when it is wider).
func usual(a, b lsl.IntType) lsl.IntType {
	a, b = promoteIt(a), promoteIt(b)
	switch {
	case a == b:
		return a
	case a.Signed == b.Signed:
		if a.Bits >= b.Bits {
			return a
		}
		return b
	}
	u, s := a, b
	if a.Signed {
		u, s = b, a
	}
	if u.Bits >= s.Bits {
		// The unsigned type, or the unsigned version of a signed type of
		// the same width: the same LSL type.
		return u
	}
	return s
}

// undefReg stands for a value that an error prevented from being
// computed; the program is discarded anyway.
const undefReg lsl.Reg = "undef"

// ccInt returns the C type of an LSL integer type, for the results of
// arithmetic (which the translator types itself, as gcc does).
func (fn *funcTr) ccInt(it lsl.IntType) cc.Type {
	a := fn.f.ast
	switch it {
	case lsl.I8:
		return a.SChar
	case lsl.U8:
		return a.UChar
	case lsl.I16:
		return a.Short
	case lsl.U16:
		return a.UShort
	case lsl.U32:
		return a.UInt
	case lsl.I64:
		return a.Long
	case lsl.U64:
		return a.ULong
	}
	return a.Int
}
