package cfront

import (
	"strconv"

	"modernc.org/cc/v4"

	"checkfence/lsl"
)

// class is how the translator treats a C type.
type class uint8

const (
	clBad    class = iota // not supported; see unsupportedType
	clInt                 // an integer (char … long long, _Bool, enum)
	clPtr                 // a pointer
	clStruct              // a struct
	clArray               // an array of known length
	clVoid
	clFunc
)

// classify returns the class of t, or clBad and the message that rejects
// it.
func classify(t cc.Type) (class, string) {
	if t == nil {
		return clBad, "invalid type"
	}
	if t.VectorSize() > 0 {
		return clBad, "vector type is not supported"
	}
	switch t.Kind() {
	case cc.Bool, cc.Char, cc.SChar, cc.UChar, cc.Short, cc.UShort, cc.Int, cc.UInt,
		cc.Long, cc.ULong, cc.LongLong, cc.ULongLong, cc.Enum:
		if t.BitField() != nil {
			return clBad, "bit-field is not supported"
		}
		if t.Kind() == cc.Enum {
			if e, ok := t.(*cc.EnumType); ok {
				if u := e.UnderlyingType(); u == nil || !cc.IsIntegerType(u) || u.Kind() == cc.Enum {
					return clBad, "enum without an integer type"
				}
			}
		}
		return clInt, ""
	case cc.Ptr:
		return clPtr, ""
	case cc.Struct:
		st, ok := t.(*cc.StructType)
		if !ok || t.IsIncomplete() {
			return clBad, "incomplete struct type"
		}
		if st.HasFlexibleArrayMember() {
			return clBad, "flexible array member is not supported"
		}
		return clStruct, ""
	case cc.Array:
		at, ok := t.(*cc.ArrayType)
		if !ok {
			return clBad, "invalid array type"
		}
		if at.IsVLA() {
			return clBad, "variable-length array is not supported"
		}
		if at.IsIncomplete() || at.Len() < 0 {
			return clBad, "array of unknown size is not supported"
		}
		return clArray, ""
	case cc.Void:
		return clVoid, ""
	case cc.Function:
		return clFunc, ""
	case cc.Union:
		return clBad, "union is not supported"
	case cc.Int128, cc.UInt128:
		return clBad, "__int128 is not supported"
	case cc.Float, cc.Double, cc.LongDouble, cc.Float16, cc.BFloat16, cc.Float32, cc.Float32x,
		cc.Float64, cc.Float64x, cc.Float128, cc.Float128x, cc.Decimal32, cc.Decimal64, cc.Decimal128:
		return clBad, "floating point is not supported"
	case cc.ComplexChar, cc.ComplexDouble, cc.ComplexFloat, cc.ComplexFloat16, cc.ComplexInt,
		cc.ComplexLong, cc.ComplexLongDouble, cc.ComplexLongLong, cc.ComplexShort, cc.ComplexUInt, cc.ComplexUShort:
		return clBad, "complex type is not supported"
	}
	return clBad, "type " + t.String() + " is not supported"
}

// isScalar reports whether t is one word: an integer or a pointer.
func isScalar(t cc.Type) bool {
	c, _ := classify(t)
	return c == clInt || c == clPtr
}

// ptrType is the integer type under which pointers take part in typed
// operations (comparisons, conversions): 64-bit unsigned, as on x86-64.
var ptrType = lsl.U64

// intType returns the LSL integer type of a scalar C type: its width and
// signedness. _Bool is 8-bit unsigned (conversions to it are handled
// apart); pointers are ptrType.
func intType(t cc.Type) lsl.IntType {
	if t == nil {
		return lsl.I32
	}
	switch t.Kind() {
	case cc.Ptr:
		return ptrType
	case cc.Bool:
		return lsl.U8
	case cc.Enum:
		// gcc's rule: unsigned int if no enumerator is negative, else
		// int; wider if the values need it.
		if e, ok := t.(*cc.EnumType); ok {
			if lo, hi, ok := enumRange(e); ok {
				switch {
				case lo >= 0 && hi <= 1<<32-1:
					return lsl.U32
				case lo >= 0:
					return lsl.U64
				case lo >= -1<<31 && hi <= 1<<31-1:
					return lsl.I32
				}
				return lsl.I64
			}
		}
		return lsl.I32
	}
	bits := t.Size() * 8
	switch bits {
	case 8, 16, 32, 64:
	default:
		bits = 32
	}
	return lsl.IntType{Bits: uint8(bits), Signed: cc.IsSignedInteger(t)}
}

// isBool reports whether t is _Bool: conversion to it is "!= 0", not
// wraparound.
func isBool(t cc.Type) bool { return t != nil && t.Kind() == cc.Bool }

// structFields returns the fields of a struct type in declaration order.
func structFields(t cc.Type) []*cc.Field {
	st, ok := t.(*cc.StructType)
	if !ok {
		return nil
	}
	var fs []*cc.Field
	for i := 0; ; i++ {
		f := st.FieldByIndex(i)
		if f == nil {
			return fs
		}
		fs = append(fs, f)
	}
}

// fieldName names field i of a struct for shapes and register names; an
// unnamed member (an anonymous struct) is named by its index.
func fieldName(f *cc.Field, i int) string {
	if n := f.Name(); n != "" {
		return n
	}
	return "_" + strconv.Itoa(i)
}

// maxLeaves bounds the number of scalar locations of one object that the
// translator expands (struct copies, initialisation).
const maxLeaves = 1 << 14

// typeChecker validates types once and builds their shapes.
type typeChecker struct {
	shapes map[cc.Type]*lsl.Shape
}

// check returns "" if every part of t is supported as the type of an
// object, else the message rejecting it.
func (tc *typeChecker) check(t cc.Type) string {
	return tc.checkDepth(t, 0)
}

func (tc *typeChecker) checkDepth(t cc.Type, depth int) string {
	if depth > 64 {
		return "type nested too deeply"
	}
	c, msg := classify(t)
	switch c {
	case clBad:
		return msg
	case clStruct:
		fs := structFields(t)
		if len(fs) == 0 {
			return "empty struct is not supported"
		}
		for _, f := range fs {
			if f.IsBitfield() {
				return "bit-field is not supported"
			}
			if m := tc.checkDepth(f.Type(), depth+1); m != "" {
				return m
			}
		}
	case clArray:
		at := t.(*cc.ArrayType)
		if at.Len() == 0 {
			return "array of length 0 is not supported"
		}
		return tc.checkDepth(at.Elem(), depth+1)
	case clVoid:
		return "object of type void"
	case clFunc:
		return "function pointer is not supported"
	}
	return ""
}

// shape returns the lsl.Shape of a checked object type (nil for a scalar).
func (tc *typeChecker) shape(t cc.Type) *lsl.Shape {
	if s, ok := tc.shapes[t]; ok {
		return s
	}
	var s *lsl.Shape
	switch c, _ := classify(t); c {
	case clStruct:
		// Byte offsets and sizes let lsl.SameWords tell apart layouts
		// whose words sit at other bytes.
		s = &lsl.Shape{Size: t.Size()}
		for i, f := range structFields(t) {
			s.Fields = append(s.Fields, lsl.Field{Name: fieldName(f, i), Shape: tc.shape(f.Type()), Off: f.Offset(), Size: f.Type().Size()})
		}
	case clArray:
		at := t.(*cc.ArrayType)
		s = &lsl.Shape{Elem: tc.shape(at.Elem()), Len: at.Len(), Size: t.Size()}
		if s.Elem == nil {
			// Shape.IsScalar looks at Elem: an array of scalars needs a
			// non-nil element shape.
			s.Elem = &lsl.Shape{Size: at.Elem().Size()}
		}
	}
	if tc.shapes == nil {
		tc.shapes = map[cc.Type]*lsl.Shape{}
	}
	tc.shapes[t] = s
	return s
}

// leaf is one scalar location of an object: its offsets, the register
// name suffix that names it, and its type.
type leaf struct {
	offs   []int64
	suffix string // ".f.3"
	typ    cc.Type
}

// leaves lists the scalar locations of a checked object type in layout
// order. ok is false if there are more than maxLeaves.
func leaves(t cc.Type) (out []leaf, ok bool) {
	var walk func(t cc.Type, offs []int64, suffix string) bool
	walk = func(t cc.Type, offs []int64, suffix string) bool {
		switch c, _ := classify(t); c {
		case clStruct:
			for i, f := range structFields(t) {
				if !walk(f.Type(), appendOff(offs, int64(i)), suffix+"."+fieldName(f, i)) {
					return false
				}
			}
		case clArray:
			at := t.(*cc.ArrayType)
			if at.Len() > maxLeaves {
				return false
			}
			for i := int64(0); i < at.Len(); i++ {
				if !walk(at.Elem(), appendOff(offs, i), suffix+"."+strconv.FormatInt(i, 10)) {
					return false
				}
			}
		default:
			if len(out) >= maxLeaves {
				return false
			}
			out = append(out, leaf{offs: offs, suffix: suffix, typ: t})
		}
		return true
	}
	ok = walk(t, nil, "")
	return out, ok
}

// appendOff returns offs with k appended, never sharing offs' array.
func appendOff(offs []int64, k ...int64) []int64 {
	r := make([]int64, 0, len(offs)+len(k))
	r = append(r, offs...)
	return append(r, k...)
}

// pathAtByte finds the sub-object of t at byte offset off whose type is
// like want (a scalar, or a struct for a struct-valued initializer): how
// cc's initializer offsets map to LSL offsets.
func pathAtByte(t cc.Type, off int64, want cc.Type) ([]int64, cc.Type, bool) {
	wc, _ := classify(want)
	var offs []int64
	for depth := 0; depth < 256; depth++ {
		c, _ := classify(t)
		if off == 0 && c == wc && (c != clStruct || t.IsCompatible(want) || want.IsCompatible(t)) {
			return offs, t, true
		}
		switch c {
		case clStruct:
			fs := structFields(t)
			found := false
			// The last field starting at or before off contains it.
			for i := len(fs) - 1; i >= 0; i-- {
				if fs[i].Offset() <= off {
					offs = append(offs, int64(i))
					off -= fs[i].Offset()
					t = fs[i].Type()
					found = true
					break
				}
			}
			if !found {
				return nil, nil, false
			}
		case clArray:
			at := t.(*cc.ArrayType)
			es := at.Elem().Size()
			if es <= 0 {
				return nil, nil, false
			}
			i := off / es
			if i < 0 || i >= at.Len() {
				return nil, nil, false
			}
			offs = append(offs, i)
			off -= i * es
			t = at.Elem()
		default:
			return nil, nil, false
		}
	}
	return nil, nil, false
}

// enumRange returns the least and greatest enumerator of an enum type.
// cc follows forward declarations with unchecked type assertions, hence
// the recover.
func enumRange(e *cc.EnumType) (lo int64, hi uint64, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	if len(e.Enumerators()) == 0 {
		return 0, 0, false
	}
	return e.Min(), e.Max(), true
}
