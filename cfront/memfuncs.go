package cfront

import (
	"modernc.org/cc/v4"

	"checkfence/lsl"
)

// memFuncs are the string.h functions on whole objects. Memory holds a
// value per scalar object, not bytes (doc.go), so a call is translated
// when it covers exactly one object of a known type: memset(p, 0, n) with
// n the object's size stores 0 (the null pointer, for pointers) to each of
// its scalar leaves, and memcpy/memmove(d, s, n) copies the leaves of
// objects of one type. Anything else (another fill value, part of an
// object, an untyped void * operand) is refused with a position. Their
// result (the destination) is not modelled: they are statements.
var memFuncs = map[string]int{"memset": 3, "memcpy": 3, "memmove": 3}

// memCall translates a statement that calls one of memFuncs.
func (fn *funcTr) memCall(name string, pos lsl.Pos, args []cc.ExpressionNode) {
	if n := memFuncs[name]; len(args) != n {
		fn.errorAt(pos, "%s takes %d arguments, not %d", name, n, len(args))
		return
	}
	size, ok := intValue(args[2])
	if !ok || hasSideEffects(args[2]) {
		fn.errorAt(posOf(args[2]), "%s of a non-constant size is not supported", name)
		return
	}
	if name == "memset" {
		if c, ok := intValue(args[1]); !ok || c != 0 || hasSideEffects(args[1]) {
			fn.errorAt(posOf(args[1]), "memset to a value other than 0 is not supported: memory holds a value per scalar object, not bytes")
			return
		}
	}
	dst := fn.memObject(name, args[0], size)
	if dst == nil {
		return
	}
	ls, ok := leaves(dst.typ)
	if !ok {
		fn.errorAt(pos, "object too large to %s", name)
		return
	}
	if name == "memset" {
		for _, l := range ls {
			fn.store(dst.leaf(l), fn.intConst(pos, 0), pos)
		}
		return
	}
	src := fn.memObject(name, args[1], size)
	if src == nil {
		return
	}
	if !src.typ.IsCompatible(dst.typ) && !sameWords(src.typ, dst.typ) {
		fn.errorAt(pos, "%s from %s to %s is not supported: memory holds a value per scalar object, so both must be of one type", name, typeName(src.typ), typeName(dst.typ))
		return
	}
	fn.copyObject(dst, src, pos)
}

// memObject is the object an operand of memFuncs points to, which must be
// size bytes: x itself for &x or an array x (as for the atomics' refArgs,
// a local given so stays a register), else *p.
func (fn *funcTr) memObject(name string, e cc.ExpressionNode, size int64) *lvalue {
	var lv *lvalue
	if u, ok := strip(e).(*cc.UnaryExpression); ok && u.Case == cc.UnaryExpressionAddrof {
		lv = fn.lval(u.CastExpression)
	} else if objIsArray(e) {
		lv = fn.lval(e)
	} else {
		v := fn.expr(e)
		if v.reg == undefReg {
			return nil
		}
		pt, ok := pointee(v.typ)
		if !ok || v.lv != nil {
			fn.errorAt(posOf(e), "a pointer is needed here, not %s", typeName(v.typ))
			return nil
		}
		if pt.Kind() == cc.Void || pt.Size() <= 0 {
			fn.errorAt(posOf(e), "%s through %s is not supported: memory holds a value per scalar object, so the object's type must be known", name, typeName(v.typ))
			return nil
		}
		lv = &lvalue{typ: pt, base: v.reg}
	}
	if lv == nil {
		return nil
	}
	if lv.typ.Size() != size {
		fn.errorAt(posOf(e), "%s of %d bytes on %s (%d bytes) is not supported: only whole objects", name, size, typeName(lv.typ), lv.typ.Size())
		return nil
	}
	// bytes written and read: plain accesses even of an _Atomic object
	// (no seq_cst fences, no atomic block), as a compiler emits them
	cp := *lv
	cp.plain = true
	return &cp
}
