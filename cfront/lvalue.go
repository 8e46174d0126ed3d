package cfront

import (
	"strconv"

	"modernc.org/cc/v4"

	"checkfence/lsl"
)

// lvalue is a C object: either register-resident (a local whose address
// is never taken; an aggregate one has a register per scalar leaf, named
// reg.f.3) or in memory, at base (a register holding a pointer, or the
// constant pointer cval) followed by the constant offsets offs.
type lvalue struct {
	typ  cc.Type
	reg  string
	base lsl.Reg
	cval lsl.Value
	offs []int64
	// plain: an object an atomic operation reads or writes as a plain
	// value (compare-exchange's expected, the generic forms' value and
	// result), though its leaves carry the atomic target's types, or a
	// leaf a copy of its aggregate reads or writes
	plain bool
}

func (lv *lvalue) isReg() bool { return lv.reg != "" }

// sub selects the part of lv at offset k (a field index or a constant
// array index), named suffix among registers.
func (lv *lvalue) sub(k int64, suffix string, t cc.Type) *lvalue {
	if lv.isReg() {
		return &lvalue{typ: t, reg: lv.reg + "." + suffix, plain: lv.plain}
	}
	return &lvalue{typ: t, base: lv.base, cval: lv.cval, offs: appendOff(lv.offs, k), plain: lv.plain}
}

// leafLvalue selects a scalar leaf of an aggregate.
func (lv *lvalue) leaf(l leaf) *lvalue {
	if lv.isReg() {
		return &lvalue{typ: l.typ, reg: lv.reg + l.suffix, plain: lv.plain}
	}
	return &lvalue{typ: l.typ, base: lv.base, cval: lv.cval, offs: appendOff(lv.offs, l.offs...), plain: lv.plain}
}

// addr returns a register holding the address of a memory object. The
// lvalue keeps the register, so that reading and then writing it (x++,
// x += 1) computes the address once.
func (fn *funcTr) addr(lv *lvalue, pos lsl.Pos) lsl.Reg {
	r := fn.addr1(lv, pos)
	if !lv.isReg() {
		lv.base, lv.cval, lv.offs = r, lsl.Value{}, nil
	}
	return r
}

func (fn *funcTr) addr1(lv *lvalue, pos lsl.Pos) lsl.Reg {
	if lv.isReg() {
		// The memory analysis moves every local whose address is needed
		// to memory; reaching here is a bug, reported as an error.
		fn.errorAt(pos, "cfront internal error: address of register variable %s", lv.reg)
		return fn.intConst(pos, 0)
	}
	if lv.base == "" {
		v := lv.cval
		for _, o := range lv.offs {
			v = v.WithOffset(o)
		}
		return fn.constReg(pos, v)
	}
	r := lv.base
	for _, o := range lv.offs {
		k := fn.intConst(pos, o)
		r = fn.prim(pos, lsl.OpOffset, lsl.IntType{}, r, k)
	}
	return r
}

// settle returns lv with its pending offsets folded into a register, so
// that a dynamic offset can follow.
func (fn *funcTr) settle(lv *lvalue, pos lsl.Pos) *lvalue {
	return &lvalue{typ: lv.typ, base: fn.addr(lv, pos)}
}

// unsigned64 reports whether a location of type t holds a 64-bit unsigned
// integer: its value is the bit pattern, which an access says so that
// traces print it as C reads it (lsl.Load.Unsigned).
func unsigned64(t cc.Type) bool {
	c, _ := classify(t)
	return c == clInt && intType(t) == lsl.U64
}

// emitLoad loads dst from the location of type t at addr.
func (fn *funcTr) emitLoad(pos lsl.Pos, dst, addr lsl.Reg, t cc.Type) {
	fn.emit(&lsl.Load{Pos: pos, Dst: dst, Addr: addr, Unsigned: unsigned64(t)})
}

// emitStore stores src to the location of type t at addr.
func (fn *funcTr) emitStore(pos lsl.Pos, addr, src lsl.Reg, t cc.Type) {
	fn.emit(&lsl.Store{Pos: pos, Addr: addr, Src: src, Unsigned: unsigned64(t)})
}

// load reads a scalar lvalue.
func (fn *funcTr) load(lv *lvalue, pos lsl.Pos) lsl.Reg {
	if lv.isReg() {
		return lsl.Reg(lv.reg)
	}
	fn.refuseInAtomicBlock(lv, pos, "a read of an _Atomic object")
	a := fn.addr(lv, pos)
	if fn.atomicObject(lv) {
		return fn.atomicLoad(pos, a, lv.typ, orderSeqCst)
	}
	r := fn.temp()
	fn.emitLoad(pos, r, a, lv.typ)
	return r
}

// atomicObject reports whether lv is an _Atomic object in memory, whose
// plain reads and writes are seq loads and stores (SEMANTICS.md). Inside
// an atomic block the block itself is the atomic operation.
func (fn *funcTr) atomicObject(lv *lvalue) bool {
	return fn.atomic == 0 && fn.atomicInMemory(lv)
}

func (fn *funcTr) atomicInMemory(lv *lvalue) bool {
	return !lv.isReg() && !lv.plain && isAtomicType(lv.typ, fn.f.atomicTD)
}

// refuseInAtomicBlock refuses what, an implicit seq access to lv, inside
// lsl_atomic_begin/lsl_atomic_end, as the atomic builtins are refused
// there: the block would take the access's fences away. It reports
// whether it did; the caller goes on as with a plain access.
func (fn *funcTr) refuseInAtomicBlock(lv *lvalue, pos lsl.Pos, what string) bool {
	if fn.atomic == 0 || !fn.atomicInMemory(lv) {
		return false
	}
	fn.errorAt(pos, "%s inside lsl_atomic_begin/lsl_atomic_end is not supported", what)
	return true
}

// plainIn returns lv, or a plain copy of it where refuseInAtomicBlock
// refused an access to it, so that the access is not refused twice.
func plainIn(lv *lvalue, refused bool) *lvalue {
	if !refused {
		return lv
	}
	c := *lv
	c.plain = true
	return &c
}

// store writes a scalar lvalue and returns a register holding the value
// stored (src itself, or the variable's register, which may now compute
// it in place of src).
func (fn *funcTr) store(lv *lvalue, src lsl.Reg, pos lsl.Pos) lsl.Reg {
	if lv.isReg() {
		fn.mov(pos, lsl.Reg(lv.reg), src)
		return lsl.Reg(lv.reg)
	}
	fn.refuseInAtomicBlock(lv, pos, "an assignment to an _Atomic object")
	a := fn.addr(lv, pos)
	if fn.atomicObject(lv) {
		fn.atomicStore(pos, a, src, lv.typ, orderSeqCst)
		return src
	}
	fn.emitStore(pos, a, src, lv.typ)
	return src
}

// copyObject copies an aggregate (or scalar) object leaf by leaf.
func (fn *funcTr) copyObject(dst, src *lvalue, pos lsl.Pos) {
	ls, ok := leaves(dst.typ)
	if !ok {
		fn.errorAt(pos, "object too large to copy")
		return
	}
	if !isScalar(dst.typ) && (fn.atomicInMemory(src) || fn.atomicInMemory(dst)) {
		fn.writeObject(dst, ls, fn.readObject(src, ls, pos), pos)
		return
	}
	for _, l := range ls {
		v := fn.load(plainLeaf(src, l), pos)
		fn.store(plainLeaf(dst, l), v, pos)
	}
}

// plainLeaf is leaf l of lv as a copy of lv accesses it: an _Atomic
// member of a struct copied whole is copied as plain memory (as gcc
// does), not by a seq load or store, whose fences would order the other
// members too.
func plainLeaf(lv *lvalue, l leaf) *lvalue {
	x := lv.leaf(l)
	x.plain = true
	return x
}

// readObject reads the leaves ls of an object. An _Atomic struct in
// memory is read as one seq load (SEMANTICS.md: plain access to an
// _Atomic object): its leaves in one atomic block that is no fence on
// tso, with the fences of a seq load. Any other's leaves are read
// plain, _Atomic members too.
func (fn *funcTr) readObject(src *lvalue, ls []leaf, pos lsl.Pos) []lsl.Reg {
	vals := make([]lsl.Reg, len(ls))
	read := func() {
		for i, l := range ls {
			vals[i] = fn.load(plainLeaf(src, l), pos)
		}
	}
	if isScalar(src.typ) || fn.refuseInAtomicBlock(src, pos, "a read of an _Atomic struct") || !fn.atomicObject(src) {
		read()
		return vals
	}
	fn.orderFences(pos, opLoad, orderSeqCst, false)
	fn.accessBlock(pos, read)
	fn.orderFences(pos, opLoad, orderSeqCst, true)
	return vals
}

// writeObject writes vals to the leaves ls of an object; an _Atomic
// struct in memory is written as one seq store, any other's leaves
// plain.
func (fn *funcTr) writeObject(dst *lvalue, ls []leaf, vals []lsl.Reg, pos lsl.Pos) {
	write := func() {
		for i, l := range ls {
			fn.store(plainLeaf(dst, l), vals[i], pos)
		}
	}
	if isScalar(dst.typ) || fn.refuseInAtomicBlock(dst, pos, "an assignment to an _Atomic struct") || !fn.atomicObject(dst) {
		write()
		return
	}
	fn.orderFences(pos, opStore, orderSeqCst, false)
	fn.accessBlock(pos, write)
	fn.orderFences(pos, opStore, orderSeqCst, true)
}

// findField finds the field called name in struct type t, looking into
// anonymous members (shallowest first, as C's member lookup does). It
// returns the offsets, register-name parts and types along the way.
// (cc's Field.Parent does not chain through more than one anonymous
// level.)
func findField(t cc.Type, name string) (offs []int64, names []string, types []cc.Type, ok bool) {
	return findFieldDepth(t, name, 0)
}

func findFieldDepth(t cc.Type, name string, depth int) (offs []int64, names []string, types []cc.Type, ok bool) {
	if depth > 64 || name == "" {
		return nil, nil, nil, false
	}
	fs := structFields(t)
	for i, f := range fs {
		if f.Name() == name {
			return []int64{int64(i)}, []string{fieldName(f, i)}, []cc.Type{f.Type()}, true
		}
	}
	for i, f := range fs {
		if f.Name() != "" || f.Type() == nil || f.Type().Kind() != cc.Struct {
			continue
		}
		if o, n, ty, ok := findFieldDepth(f.Type(), name, depth+1); ok {
			return append([]int64{int64(i)}, o...), append([]string{fieldName(f, i)}, n...), append([]cc.Type{f.Type()}, ty...), true
		}
	}
	return nil, nil, nil, false
}

func itoa(i int) string { return strconv.Itoa(i) }
