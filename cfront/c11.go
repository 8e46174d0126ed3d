package cfront

import (
	"modernc.org/cc/v4"

	"checkfence/lsl"
)

// The C11 mapping (SEMANTICS.md, "C11 and GCC atomics"): each atomic
// operation becomes a load, a store or an atomic block with the fences of
// c11Table before and after it. The table is data, transcribed row by row
// from SEMANTICS.md; the code below only reads it.

// memoryOrder is a C11 memory order, numbered as GCC's __ATOMIC_*
// constants and the memory_order enumeration of the shipped stdatomic.h.
type memoryOrder int64

const (
	orderRelaxed memoryOrder = iota
	orderConsume
	orderAcquire
	orderRelease
	orderAcqRel
	orderSeqCst
)

var orderNames = [...]string{"memory_order_relaxed", "memory_order_consume", "memory_order_acquire",
	"memory_order_release", "memory_order_acq_rel", "memory_order_seq_cst"}

func (o memoryOrder) String() string { return orderNames[o] }

// acquires and releases say which halves of acq_rel an order has.
func (o memoryOrder) acquires() bool {
	return o == orderConsume || o == orderAcquire || o == orderAcqRel || o == orderSeqCst
}
func (o memoryOrder) releases() bool {
	return o == orderRelease || o == orderAcqRel || o == orderSeqCst
}

// stronger is the order whose fences cover both a and b (a
// compare-exchange gets those of the stronger of its success and failure
// orders).
func stronger(a, b memoryOrder) memoryOrder {
	switch {
	case a == orderSeqCst || b == orderSeqCst:
		return orderSeqCst
	case (a.acquires() || b.acquires()) && (a.releases() || b.releases()):
		return orderAcqRel
	case a.acquires() || b.acquires():
		return orderAcquire
	case a.releases() || b.releases():
		return orderRelease
	}
	return orderRelaxed
}

// atomicOp is the kind of an operation: a row group of the table.
type atomicOp int

const (
	opLoad atomicOp = iota
	opStore
	opRMW // compare-exchange, exchange, fetch-and-op, test-and-set
	opFence
	opSignalFence
)

// fenceSet is one cell of the table: the fences before and after the
// operation (for a fence operation, "after" holds the fences it is).
type fenceSet struct{ before, after []lsl.FenceKind }

var (
	acquireFences = []lsl.FenceKind{lsl.LoadLoad, lsl.LoadStore}
	releaseFences = []lsl.FenceKind{lsl.LoadStore, lsl.StoreStore}
	fullFence     = []lsl.FenceKind{lsl.Full}
)

// c11Columns are the table's columns other than sc, whose every cell is
// empty (fences order nothing there, nor on serial).
var c11Columns = [2][]string{{"tso"}, {"pso", "rmo", "relaxed"}}

type c11Key struct {
	op    atomicOp
	order memoryOrder // consume is read as acquire
}

// c11Table holds the cells of the columns c11Columns, row by row as in
// SEMANTICS.md. A missing row is an order the operation does not take.
var c11Table = map[c11Key][2]fenceSet{
	{opLoad, orderRelaxed}:        {},
	{opLoad, orderAcquire}:        {{}, {after: acquireFences}},
	{opLoad, orderSeqCst}:         {{}, {before: fullFence, after: acquireFences}},
	{opStore, orderRelaxed}:       {},
	{opStore, orderRelease}:       {{}, {before: releaseFences}},
	{opStore, orderSeqCst}:        {{after: fullFence}, {before: fullFence}},
	{opRMW, orderRelaxed}:         {}, // on tso the atomic block is a full fence itself
	{opRMW, orderAcquire}:         {{}, {after: acquireFences}},
	{opRMW, orderRelease}:         {{}, {before: releaseFences}},
	{opRMW, orderAcqRel}:          {{}, {before: releaseFences, after: acquireFences}},
	{opRMW, orderSeqCst}:          {{}, {before: fullFence, after: acquireFences}},
	{opFence, orderRelaxed}:       {}, // C11: a relaxed fence has no effect
	{opFence, orderAcquire}:       {{}, {after: acquireFences}},
	{opFence, orderRelease}:       {{}, {after: releaseFences}},
	{opFence, orderAcqRel}:        {{}, {after: []lsl.FenceKind{lsl.LoadLoad, lsl.LoadStore, lsl.StoreStore}}},
	{opFence, orderSeqCst}:        {{after: fullFence}, {after: fullFence}},
	{opSignalFence, orderRelaxed}: {},
	{opSignalFence, orderAcquire}: {},
	{opSignalFence, orderRelease}: {},
	{opSignalFence, orderAcqRel}:  {},
	{opSignalFence, orderSeqCst}:  {},
}

// c11Cell returns the table's row for op with order, or false where the
// operation does not take the order (a load cannot release).
func c11Cell(op atomicOp, order memoryOrder) ([2]fenceSet, bool) {
	if order == orderConsume {
		order = orderAcquire
	}
	row, ok := c11Table[c11Key{op, order}]
	return row, ok
}

// placedFence is a fence kind and the models it exists on.
type placedFence struct {
	kind   lsl.FenceKind
	models []string
}

// c11Fences lists the fences of one side of a row, the same kind on both
// columns merged into one fence.
func c11Fences(row [2]fenceSet, after bool) []placedFence {
	var out []placedFence
	for col, cell := range row {
		kinds := cell.before
		if after {
			kinds = cell.after
		}
	next:
		for _, k := range kinds {
			for i := range out {
				if out[i].kind == k {
					out[i].models = append(append([]string{}, out[i].models...), c11Columns[col]...)
					continue next
				}
			}
			out = append(out, placedFence{k, c11Columns[col]})
		}
	}
	return out
}

// orderFences emits the fences of op with order on one side. The fences
// of an operation's order are Implied; those of a fence operation are the
// program's own.
func (fn *funcTr) orderFences(pos lsl.Pos, op atomicOp, order memoryOrder, after bool) {
	row, _ := c11Cell(op, order)
	for _, f := range c11Fences(row, after) {
		fn.emit(&lsl.Fence{Pos: pos, Kind: f.kind, Only: f.models, Implied: op != opFence})
	}
}

// atomicLoad is a load of the scalar of type t at addr with order.
func (fn *funcTr) atomicLoad(pos lsl.Pos, addr lsl.Reg, t cc.Type, order memoryOrder) lsl.Reg {
	fn.orderFences(pos, opLoad, order, false)
	r := fn.temp()
	fn.emitLoad(pos, r, addr, t)
	fn.orderFences(pos, opLoad, order, true)
	return r
}

// atomicStore is a store of v to the scalar of type t at addr with order.
func (fn *funcTr) atomicStore(pos lsl.Pos, addr, v lsl.Reg, t cc.Type, order memoryOrder) {
	fn.orderFences(pos, opStore, order, false)
	fn.emitStore(pos, addr, v, t)
	fn.orderFences(pos, opStore, order, true)
}

// atomicRMW is a read-modify-write of the scalar of type t at addr with order: an
// atomic block that loads the old value and stores update(old). update
// runs inside the block and emits only register operations; it returns
// the value to store and a condition (a register, or "" for always) under
// which the store happens.
func (fn *funcTr) atomicRMW(pos lsl.Pos, addr lsl.Reg, t cc.Type, order memoryOrder, update func(old lsl.Reg) (nw, cond lsl.Reg)) (old lsl.Reg) {
	fn.orderFences(pos, opRMW, order, false)
	fn.atomicBlock(pos, func() {
		old = fn.temp()
		fn.emitLoad(pos, old, addr, t)
		nw, cond := update(old)
		if cond == "" {
			fn.emitStore(pos, addr, nw, t)
			return
		}
		l := fn.counterLabel("rmw")
		fn.block(l, pos, func() {
			fn.emit(&lsl.Break{Pos: pos, Cond: fn.prim(pos, lsl.OpLNot, lsl.IntType{}, cond), Label: l})
			fn.emitStore(pos, addr, nw, t)
		})
	})
	fn.orderFences(pos, opRMW, order, true)
	return old
}
