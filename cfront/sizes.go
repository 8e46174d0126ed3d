package cfront

import (
	"math"

	"modernc.org/cc/v4"

	"checkfence/lsl"
)

// maxObjectSize is the largest size in bytes of a type: PTRDIFF_MAX on
// x86-64, gcc's and clang's limit. cc computes sizes in int64 without
// checking for overflow, so a larger array has a wrong, even negative,
// sizeof; under the limit every size, offset and pointer difference is
// exact.
const maxObjectSize = math.MaxInt64

// sizeErrors reports every declaration and type name whose type is, or is
// built from (elements, members, what a pointer points to, parameters and
// results), a type larger than maxObjectSize: once for each such type, at
// its first use.
func sizeErrors(ast *cc.AST) ErrorList {
	sc := sizeChecker{sizes: map[cc.Type]int64{}, parts: map[cc.Type]cc.Type{}}
	reported := map[cc.Type]bool{}
	var errs ErrorList
	walkNodes(ast.TranslationUnit, func(n any) {
		var t cc.Type
		var node cc.Node
		switch x := n.(type) {
		case *cc.Declarator:
			t, node = x.Type(), x
		case *cc.TypeName:
			t, node = x.Type(), x
		case *cc.AbstractDeclarator:
			t, node = x.Type(), x
		default:
			return
		}
		if big := sc.tooLarge(t); big != nil && !reported[big] {
			reported[big] = true
			errs = append(errs, lsl.Errorf(posOf(node), "size of %s is too large (more than 2^63-1 bytes)", sizeName(big)))
		}
	})
	return errs
}

// sizeName names a type too large: an array, or a struct or union by its
// tag.
func sizeName(t cc.Type) string {
	switch x := t.(type) {
	case *cc.StructType:
		if tag := x.Tag(); tag.SrcStr() != "" {
			return "struct " + tag.SrcStr()
		}
		return "struct"
	case *cc.UnionType:
		if tag := x.Tag(); tag.SrcStr() != "" {
			return "union " + tag.SrcStr()
		}
		return "union"
	}
	return "array"
}

// sizeChecker computes exact type sizes, memoised.
type sizeChecker struct {
	sizes map[cc.Type]int64   // -1: too large
	parts map[cc.Type]cc.Type // for a type too large, the part that is
}

// tooLarge returns the innermost part of t (t itself, or a type it is built
// from) whose size exceeds maxObjectSize, or nil.
func (sc *sizeChecker) tooLarge(t cc.Type) cc.Type {
	if sc.size(t) < 0 {
		return sc.parts[t]
	}
	return nil
}

// size returns the size of t, or -1 if it or a part of it is too large.
func (sc *sizeChecker) size(t cc.Type) int64 {
	if t == nil {
		return 0
	}
	if s, ok := sc.sizes[t]; ok {
		return s
	}
	// A struct reached again through a pointer to it is being computed:
	// its pointer has a size regardless.
	sc.sizes[t] = 0
	s, part := sc.compute(t)
	if s < 0 {
		if part == nil {
			part = t
		}
		sc.parts[t] = part
	}
	sc.sizes[t] = s
	return s
}

// compute returns the size of t, or -1 and the part of it too large (nil
// for t itself).
func (sc *sizeChecker) compute(t cc.Type) (int64, cc.Type) {
	// sub is the size of a part of t, and whether it is too large.
	var part cc.Type
	sub := func(u cc.Type) (int64, bool) {
		s := sc.size(u)
		if s < 0 {
			part = sc.parts[u]
		}
		return s, s < 0
	}
	switch x := t.(type) {
	case *cc.ArrayType:
		es, bad := sub(x.Elem())
		if bad {
			return -1, part
		}
		n := x.Len()
		if n < 0 {
			// cc leaves the length of an array declared with more
			// than 2^63-1 elements unknown.
			if e := x.SizeExpression(); e != nil && !isNilNode(e) {
				if v, ok := e.Value().(cc.UInt64Value); ok && v > math.MaxInt64 {
					return -1, nil
				}
			}
			return 0, nil
		}
		if n == 0 || es == 0 {
			return 0, nil
		}
		if es > maxObjectSize/n {
			return -1, nil
		}
		return es * n, nil
	case *cc.StructType:
		var off int64
		for i := 0; ; i++ {
			f := x.FieldByIndex(i)
			if f == nil {
				break
			}
			fs, bad := sub(f.Type())
			if bad {
				return -1, part
			}
			if a := int64(f.Type().Align()); a > 1 {
				if off > maxObjectSize-(a-1) {
					return -1, nil
				}
				off = (off + a - 1) / a * a
			}
			if off > maxObjectSize-fs {
				return -1, nil
			}
			off += fs
		}
		return max(off, x.Size()), nil // x.Size() adds the padding at the end
	case *cc.UnionType:
		var m int64
		for i := 0; ; i++ {
			f := x.FieldByIndex(i)
			if f == nil {
				break
			}
			fs, bad := sub(f.Type())
			if bad {
				return -1, part
			}
			m = max(m, fs)
		}
		return max(m, x.Size()), nil
	case *cc.PointerType:
		if _, bad := sub(x.Elem()); bad {
			return -1, part
		}
	case *cc.FunctionType:
		if _, bad := sub(x.Result()); bad {
			return -1, part
		}
		for _, p := range x.Parameters() {
			if _, bad := sub(p.Type()); bad {
				return -1, part
			}
		}
	}
	return max(t.Size(), 0), nil
}
