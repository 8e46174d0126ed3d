package cfront

import (
	"fmt"
	"strings"

	"modernc.org/cc/v4"

	"checkfence/lsl"
)

// api translates a call of an lsl_protos.h function (INPUTS.md, with the
// meanings of SEMANTICS.md).
func (fn *funcTr) api(name string, x *cc.PostfixExpression, args []cc.ExpressionNode, hint cc.Type) value {
	pos := posOf(x)
	if noEffectFuncs[name] {
		fn.errorAt(pos, "the result of %s is not supported (it is not modelled: call it as a statement)", name)
		return fn.badValue()
	}
	if _, ok := memFuncs[name]; ok {
		fn.errorAt(pos, "the result of %s is not supported: call it as a statement", name)
		return fn.badValue()
	}
	nargs := map[string]int{
		"lsl_assert": 1, "assert": 1, "lsl_assume": 1, "lsl_fence": 1,
		"lsl_cas_32": 3, "lsl_cas_64": 3, "lsl_cas_ptr": 3, "lsl_dcas": 6,
		"lsl_atomic_begin": 0, "lsl_atomic_end": 0,
		"lsl_malloc": 1, "malloc": 1, "lsl_malloc_noreuse": 1,
		"lsl_free": 1, "free": 1, "lsl_free_noreuse": 1,
		"lsl_initlock": 1, "lsl_lock": 1, "lsl_unlock": 1,
		"lsl_choose": 2, "lsl_observe_input": 2, "lsl_observe_output": 2,
		"lsl_observe_label": 1, "lsl_get_thread_id": 0, "abort": 0,
	}[name]
	if len(args) != nargs {
		fn.errorAt(pos, "%s takes %d arguments, not %d", name, nargs, len(args))
		return fn.badValue()
	}
	switch name {
	case "lsl_assert", "assert", "lsl_assume":
		c := fn.cond(args[0])
		if name == "lsl_assume" {
			fn.emit(&lsl.Assume{Pos: pos, Cond: c})
		} else {
			fn.emit(&lsl.Assert{Pos: pos, Cond: c})
		}
		return fn.voidValue()

	case "abort":
		// the program stops abnormally: an error execution, like a
		// failed assertion at the call
		r := lsl.Reg(fn.regFor("abort")) // the fault then reads "assert abort"
		fn.emit(&lsl.Const{Pos: pos, Dst: r, Val: lsl.Int(0)})
		fn.emit(&lsl.Assert{Pos: pos, Cond: r})
		return fn.voidValue()

	case "lsl_fence":
		s, ok := stringArg(args[0])
		if !ok {
			fn.errorAt(posOf(args[0]), "lsl_fence needs a string literal")
			return fn.badValue()
		}
		k, ok := lsl.FenceByName(s)
		if !ok {
			fn.errorAt(posOf(args[0]), "unknown fence kind %q (load-load, load-store, store-load, store-store or full)", s)
			return fn.badValue()
		}
		fn.emit(&lsl.Fence{Pos: pos, Kind: k})
		return fn.voidValue()

	case "lsl_cas_32", "lsl_cas_64", "lsl_cas_ptr":
		return fn.cas(pos, args)
	case "lsl_dcas":
		return fn.dcas(pos, args)

	case "lsl_atomic_begin", "lsl_atomic_end":
		fn.errorAt(pos, "%s must be a statement of its own, in the same block as its partner", name)
		return fn.badValue()

	case "lsl_malloc", "malloc", "lsl_malloc_noreuse":
		return fn.malloc(pos, name == "lsl_malloc_noreuse", args[0], hint)

	case "lsl_free", "free", "lsl_free_noreuse":
		p := fn.pointerArg(args[0])
		if p == undefReg {
			return fn.badValue()
		}
		fn.emit(&lsl.Free{Pos: pos, Addr: p, Kind: map[string]lsl.FreeKind{
			"free": lsl.FreeUnsafe, "lsl_free": lsl.FreeStable, "lsl_free_noreuse": lsl.FreeRetire}[name]})
		return fn.voidValue()

	case "lsl_initlock", "lsl_lock", "lsl_unlock":
		l := fn.pointerArg(args[0])
		if l == undefReg {
			return fn.badValue()
		}
		fn.lockOp(name, l, pos)
		return fn.voidValue()

	case "lsl_choose":
		lo, ok1 := intValue(args[0])
		hi, ok2 := intValue(args[1])
		if !ok1 || !ok2 || hasSideEffects(args[0]) || hasSideEffects(args[1]) {
			fn.errorAt(pos, "lsl_choose needs constant bounds")
			return fn.badValue()
		}
		// As any call: with a prototype (lsl_protos.h's int lsl_choose(int
		// lo, int hi)) the bounds are converted to its parameters' type and
		// the choice to its result's; without one the bounds are as
		// written, in their common type.
		ct := fn.ccInt(usual(intType(args[0].Type()), intType(args[1].Type())))
		rt := ct
		if ft, ok := calleeType(x.PostfixExpression); ok && len(ft.Parameters()) > 0 {
			ps := ft.Parameters()
			if len(ps) != 2 || !cc.IsIntegerType(ps[0].Type()) || isBool(ps[0].Type()) ||
				intType(ps[0].Type()) != intType(ps[1].Type()) || !cc.IsIntegerType(ft.Result()) {
				fn.errorAt(pos, "lsl_choose needs two parameters of one integer type and an integer result (lsl_protos.h: int lsl_choose(int lo, int hi))")
				return fn.badValue()
			}
			ct, rt = ps[0].Type(), ft.Result()
		}
		it := intType(ct)
		conv := ""
		if it.Wrap(lo) != lo || it.Wrap(hi) != hi {
			conv = fmt.Sprintf(" (its bounds converted to %s)", typeName(ct))
		}
		lo, hi = it.Wrap(lo), it.Wrap(hi)
		if lo > hi {
			fn.errorAt(pos, "lsl_choose: empty range [%d, %d]%s", lo, hi, conv)
			return fn.badValue()
		}
		r := fn.temp()
		fn.emit(&lsl.Choose{Pos: pos, Dst: r, Lo: lo, Hi: hi})
		if intType(rt) == it && !isBool(rt) {
			return value{reg: r, typ: rt}
		}
		return value{reg: fn.convert(value{reg: r, typ: ct}, rt, pos), typ: rt}

	case "lsl_observe_input", "lsl_observe_output":
		s, ok := stringArg(args[0])
		if !ok {
			fn.errorAt(posOf(args[0]), "%s needs a string literal name", name)
			return fn.badValue()
		}
		if !printableName(s) {
			fn.errorAt(posOf(args[0]), "%s: the name %q holds a control character (observations print one test per line)", name, s)
			return fn.badValue()
		}
		v := fn.expr(args[1])
		if !fn.scalarOK(v, posOf(args[1])) {
			return fn.badValue()
		}
		kind := lsl.ObsOutput
		if name == "lsl_observe_input" {
			kind = lsl.ObsInput
		}
		// a uint64_t value is held as its bit pattern: say so, so that it
		// prints as C reads it
		unsigned := cc.IsIntegerType(v.typ) && !cc.IsSignedInteger(v.typ) && v.typ.Size() == 8
		fn.emit(&lsl.Observe{Pos: pos, Kind: kind, Name: s, Val: v.reg, Unsigned: unsigned})
		return fn.voidValue()

	case "lsl_observe_label":
		s, ok := stringArg(args[0])
		if !ok {
			fn.errorAt(posOf(args[0]), "lsl_observe_label needs a string literal")
			return fn.badValue()
		}
		if !printableName(s) {
			fn.errorAt(posOf(args[0]), "lsl_observe_label: the name %q holds a control character (observations print one test per line)", s)
			return fn.badValue()
		}
		fn.emit(&lsl.Observe{Pos: pos, Kind: lsl.ObsLabel, Name: s})
		return fn.voidValue()

	case "lsl_get_thread_id":
		r := fn.temp()
		fn.emit(&lsl.ThreadID{Pos: pos, Dst: r})
		return value{reg: r, typ: fn.f.ast.Int}
	}
	fn.errorAt(pos, "%s is not supported", name)
	return fn.badValue()
}

// stringArg returns the text of a string literal argument (also through
// concatenation and _Generic, which cc folds).
func stringArg(e cc.ExpressionNode) (string, bool) {
	if e == nil || isNilNode(e) {
		return "", false
	}
	if s, ok := e.Value().(cc.StringValue); ok {
		return strings.TrimRight(string(s), "\x00"), true
	}
	return "", false
}

// pointerArg evaluates an argument that must be a pointer.
func (fn *funcTr) pointerArg(e cc.ExpressionNode) lsl.Reg {
	v := fn.expr(e)
	if v.reg == undefReg {
		return undefReg
	}
	if v.lv != nil || !scalOf(v.typ).ptr {
		if k, ok := intValue(e); ok && k == 0 && v.lv == nil && isScalar(v.typ) {
			return v.reg // a null pointer constant (C11 6.3.2.3)
		}
		fn.errorAt(posOf(e), "a pointer is needed here, not %s", typeName(v.typ))
		return undefReg
	}
	return v.reg
}

// malloc is lsl_malloc(n): a block of n bytes. Its shape is that of the
// type the program treats it as: T for n == sizeof(T), an array of k T for
// n == k*sizeof(T) (then the result points to element 0, so that indexing
// and pointer arithmetic work).
func (fn *funcTr) malloc(pos lsl.Pos, noReuse bool, size cc.ExpressionNode, elem cc.Type) value {
	n, ok := intValue(size)
	if !ok || hasSideEffects(size) {
		fn.errorAt(posOf(size), "allocation of a non-constant size is not supported")
		return fn.badValue()
	}
	if n < 0 {
		if t := size.Type(); t != nil && !cc.IsSignedInteger(t) {
			fn.errorAt(posOf(size), "allocation of %d bytes is too large", uint64(n))
		} else {
			fn.errorAt(posOf(size), "allocation of a negative size")
		}
		return fn.badValue()
	}
	r := fn.temp()
	a := &lsl.Alloc{Pos: pos, Dst: r, Size: n, NoReuse: noReuse}
	fn.emit(a)
	res := value{reg: r, typ: fn.f.ast.PVoid}
	// A block is a tree of scalar locations named by paths (lsl.Shape):
	// without its type, offsets into it would name locations of no object
	// (any access valid, two views of one word apart), so the type must be
	// known where the block is allocated, and its size must fit.
	if elem == nil || elem.Kind() == cc.Void {
		fn.errorAt(pos, "the type of the allocated block is not known: convert the result of the allocation to a pointer to the object type where it is allocated (T *p = malloc(sizeof(T)))")
		return fn.badValue()
	}
	if msg := fn.f.l.tc.check(elem); msg != "" {
		fn.errorAt(pos, "%s", msg)
		return fn.badValue()
	}
	sz := elem.Size()
	switch {
	case sz > 0 && n == sz:
		a.Shape = fn.f.l.tc.shape(elem)
	case sz > 0 && n%sz == 0 && n/sz > 1:
		es := fn.f.l.tc.shape(elem)
		if es == nil {
			es = &lsl.Shape{Size: sz}
		}
		a.Shape = &lsl.Shape{Elem: es, Len: n / sz, Size: n}
		res.reg = fn.prim(pos, lsl.OpOffset, lsl.IntType{}, r, fn.intConst(pos, 0))
	default:
		fn.errorAt(posOf(size), "allocation of %d bytes for %s (%d bytes): the size must be sizeof(%s) or a multiple of it", n, shortTypeName(elem), sz, shortTypeName(elem))
		return fn.badValue()
	}
	return res
}

// casTarget evaluates the location argument of a compare-and-swap: a
// pointer and the type it points to.
func (fn *funcTr) casTarget(e cc.ExpressionNode) (lsl.Reg, cc.Type) {
	p := fn.pointerArg(e)
	if p == undefReg {
		return undefReg, nil
	}
	t, _ := pointee(fn.exprType(e))
	return p, t
}

// exprType is the type of e's value.
func (fn *funcTr) exprType(e cc.ExpressionNode) cc.Type { return e.Type() }

// cas is lsl_cas_32/64/ptr(p, old, new) (paper Fig. 6):
//
//	atomic { v = load p; c = eq v, old; cas1: { break cas1 if !c; store p, new } }
//
// with c, 0 or 1, as the result. When p points to a struct (the "pointer
// with counter" idiom, updated as one word), old and new are structs of
// that type and every field is compared and stored within the one atomic
// block.
func (fn *funcTr) cas(pos lsl.Pos, args []cc.ExpressionNode) value {
	p, t := fn.casTarget(args[0])
	if p == undefReg {
		return fn.badValue()
	}
	target := &lvalue{typ: t, base: p}
	var olds, news []lsl.Reg
	var locs []*lvalue
	if c, _ := classify(t); c == clStruct {
		ls, ok := leaves(t)
		if !ok {
			fn.errorAt(pos, "compare-and-swap on a struct this large is not supported")
			return fn.badValue()
		}
		o := fn.structArg(args[1], t, "compare-and-swap value")
		n := fn.structArg(args[2], t, "compare-and-swap value")
		if o == nil || n == nil {
			return fn.badValue()
		}
		olds = fn.readObject(o, ls, pos)
		news = fn.readObject(n, ls, pos)
		for _, l := range ls {
			lv := target.leaf(l)
			locs = append(locs, &lvalue{typ: lv.typ, base: fn.addr(lv, pos)})
		}
	} else {
		if t == nil || t.Kind() == cc.Void {
			t = args[1].Type()
		}
		if !isScalar(t) {
			_, msg := classify(t)
			if msg == "" {
				msg = "compare-and-swap on " + typeName(t) + " is not supported"
			}
			fn.errorAt(pos, "%s", msg)
			return fn.badValue()
		}
		o := fn.exprTo(args[1], t)
		n := fn.exprTo(args[2], t)
		if o == undefReg || n == undefReg {
			return fn.badValue()
		}
		olds, news = []lsl.Reg{o}, []lsl.Reg{n}
		locs = []*lvalue{{typ: t, base: p}}
	}
	return fn.casBlock(pos, locs, olds, news)
}

// structArg evaluates a struct-valued argument of type t.
func (fn *funcTr) structArg(e cc.ExpressionNode, t cc.Type, what string) *lvalue {
	if at := e.Type(); at == nil || at.Kind() != cc.Struct || !(at.IsCompatible(t) || t.IsCompatible(at)) {
		fn.errorAt(posOf(e), "%s of type %s needed, not %s", what, t, typeName(e.Type()))
		return nil
	}
	return fn.structObject(e)
}

// casBlock emits the atomic compare-and-swap of the locations locs (their
// addresses already in registers) and returns the success flag.
func (fn *funcTr) casBlock(pos lsl.Pos, locs []*lvalue, olds, news []lsl.Reg) value {
	var c lsl.Reg
	l := fn.counterLabel("cas")
	fn.atomicBlock(pos, func() {
		var cs []lsl.Reg
		for i, loc := range locs {
			v := fn.temp()
			fn.emitLoad(pos, v, loc.base, loc.typ)
			cs = append(cs, fn.prim(pos, lsl.OpEq, lsl.IntType{}, v, olds[i]))
		}
		c = cs[0]
		for _, x := range cs[1:] {
			c = fn.prim(pos, lsl.OpAnd, lsl.I32, c, x)
		}
		fn.block(l, pos, func() {
			nc := fn.prim(pos, lsl.OpLNot, lsl.IntType{}, c)
			fn.emit(&lsl.Break{Pos: pos, Cond: nc, Label: l})
			for i, loc := range locs {
				fn.emitStore(pos, loc.base, news[i], loc.typ)
			}
		})
	})
	return value{reg: c, typ: fn.f.ast.Int}
}

// dcas is lsl_dcas(p1, p2, old1, old2, new1, new2): both locations
// compared and both stored in one atomic block.
func (fn *funcTr) dcas(pos lsl.Pos, args []cc.ExpressionNode) value {
	p1, t1 := fn.casTarget(args[0])
	p2, t2 := fn.casTarget(args[1])
	if p1 == undefReg || p2 == undefReg {
		return fn.badValue()
	}
	fix := func(t cc.Type, alt cc.ExpressionNode) cc.Type {
		if t == nil || t.Kind() == cc.Void {
			return alt.Type()
		}
		return t
	}
	t1, t2 = fix(t1, args[2]), fix(t2, args[3])
	if !isScalar(t1) || !isScalar(t2) {
		fn.errorAt(pos, "lsl_dcas on non-scalar locations is not supported")
		return fn.badValue()
	}
	o1 := fn.exprTo(args[2], t1)
	o2 := fn.exprTo(args[3], t2)
	n1 := fn.exprTo(args[4], t1)
	n2 := fn.exprTo(args[5], t2)
	if o1 == undefReg || o2 == undefReg || n1 == undefReg || n2 == undefReg {
		return fn.badValue()
	}
	return fn.casBlock(pos, []*lvalue{{typ: t1, base: p1}, {typ: t2, base: p2}},
		[]lsl.Reg{o1, o2}, []lsl.Reg{n1, n2})
}

// lockOp translates the lock operations (paper Fig. 7, the spin reduced
// to its last, successful iteration).
func (fn *funcTr) lockOp(name string, l lsl.Reg, pos lsl.Pos) {
	switch name {
	case "lsl_initlock":
		z := fn.intConst(pos, 0)
		fn.emit(&lsl.Store{Pos: pos, Addr: l, Src: z})
	case "lsl_lock":
		fn.atomicBlock(pos, func() {
			v := fn.temp()
			fn.emit(&lsl.Load{Pos: pos, Dst: v, Addr: l})
			c := fn.prim(pos, lsl.OpEq, lsl.IntType{}, v, fn.intConst(pos, 0))
			fn.emit(&lsl.Assume{Pos: pos, Cond: c})
			fn.emit(&lsl.Store{Pos: pos, Addr: l, Src: fn.intConst(pos, 1)})
		})
		fn.emit(&lsl.Fence{Pos: pos, Kind: lsl.LoadLoad})
		fn.emit(&lsl.Fence{Pos: pos, Kind: lsl.LoadStore})
	case "lsl_unlock":
		fn.emit(&lsl.Fence{Pos: pos, Kind: lsl.LoadStore})
		fn.emit(&lsl.Fence{Pos: pos, Kind: lsl.StoreStore})
		fn.atomicBlock(pos, func() {
			v := fn.temp()
			fn.emit(&lsl.Load{Pos: pos, Dst: v, Addr: l})
			c := fn.prim(pos, lsl.OpEq, lsl.IntType{}, v, fn.intConst(pos, 1))
			fn.emit(&lsl.Assert{Pos: pos, Cond: c})
			fn.emit(&lsl.Store{Pos: pos, Addr: l, Src: fn.intConst(pos, 0)})
		})
	}
}

// printableName reports whether an observation's name has no control
// characters, which would break the one-line forms that print it.
func printableName(s string) bool {
	for _, r := range s {
		if r < 0x20 || r == 0x7f {
			return false
		}
	}
	return true
}
