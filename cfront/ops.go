package cfront

import (
	"modernc.org/cc/v4"

	"checkfence/lsl"
)

func (fn *funcTr) unary(x *cc.UnaryExpression) value {
	pos := tokPos(x.Token)
	switch x.Case {
	case cc.UnaryExpressionPostfix:
		return fn.expr(x.PostfixExpression)
	case cc.UnaryExpressionInc:
		return fn.incDec(x.UnaryExpression, pos, true, false)
	case cc.UnaryExpressionDec:
		return fn.incDec(x.UnaryExpression, pos, false, false)
	case cc.UnaryExpressionAddrof:
		if pe, ok := strip(x.CastExpression).(*cc.PrimaryExpression); ok && pe.Case == cc.PrimaryExpressionIdent {
			if d, ok := pe.ResolvedTo().(*cc.Declarator); ok {
				if c, _ := classify(d.Type()); c == clFunc {
					fn.errorAt(pos, "function pointer is not supported")
					return fn.badValue()
				}
			}
		}
		lv := fn.lval(x.CastExpression)
		if lv == nil {
			return fn.badValue()
		}
		t := x.Type()
		if at, ok := lv.typ.(*cc.ArrayType); ok {
			// &m[1] of int m[3][3] is an int (*)[3]; cc types it as a
			// pointer to the decayed row
			t = at.Pointer()
		}
		return value{reg: fn.addr(lv, pos), typ: t}
	case cc.UnaryExpressionDeref:
		return fn.objectValue(x)
	case cc.UnaryExpressionPlus, cc.UnaryExpressionMinus, cc.UnaryExpressionCpl:
		v := fn.expr(x.CastExpression)
		if !fn.scalarOK(v, pos) {
			return fn.badValue()
		}
		if c, _ := classify(v.typ); c != clInt {
			fn.errorAt(pos, "arithmetic on %s is not supported", v.typ)
			return fn.badValue()
		}
		t := fn.ccInt(promoteIt(scalOf(v.typ).it))
		r := fn.convert(v, t, pos)
		switch x.Case {
		case cc.UnaryExpressionMinus:
			r = fn.prim(pos, lsl.OpNeg, intType(t), r)
		case cc.UnaryExpressionCpl:
			r = fn.prim(pos, lsl.OpBNot, intType(t), r)
		}
		return value{reg: r, typ: t}
	case cc.UnaryExpressionNot:
		v := fn.expr(x.CastExpression)
		if !fn.scalarOK(v, pos) {
			return fn.badValue()
		}
		return value{reg: fn.prim(pos, lsl.OpLNot, lsl.IntType{}, v.reg), typ: fn.f.ast.Int}
	case cc.UnaryExpressionSizeofExpr, cc.UnaryExpressionSizeofType, cc.UnaryExpressionAlignofExpr, cc.UnaryExpressionAlignofType:
		if n, ok := intValue(x); ok {
			return value{reg: fn.intConst(pos, n), typ: x.Type()}
		}
		fn.errorAt(pos, "sizeof of a variable-length array is not supported")
	case cc.UnaryExpressionLabelAddr:
		fn.errorAt(pos, "address of a label is not supported")
	case cc.UnaryExpressionImag, cc.UnaryExpressionReal:
		fn.errorAt(pos, "complex type is not supported")
	default:
		fn.errorAt(pos, "expression is not supported")
	}
	return fn.badValue()
}

// scalarOK reports whether v is a scalar, reporting an error if not.
func (fn *funcTr) scalarOK(v value, pos lsl.Pos) bool {
	if v.reg == undefReg {
		return false
	}
	if v.lv != nil || !isScalar(v.typ) {
		fn.errorAt(pos, "%s used where a scalar is required", typeName(v.typ))
		return false
	}
	return true
}

func (fn *funcTr) cast(x *cc.CastExpression) value {
	pos := tokPos(x.Token)
	t := x.Type()
	if name := fn.typedBuiltin(x); name != "" && t != nil && t.Kind() == cc.Struct {
		fn.structBuiltinError(posOf(x.CastExpression), name)
		return fn.badValue()
	}
	switch c, msg := classify(t); c {
	case clVoid:
		fn.discard(x.CastExpression)
		return fn.voidValue()
	case clInt, clPtr:
		v := fn.exprHint(x.CastExpression, t)
		if !fn.scalarOK(v, pos) {
			return fn.badValue()
		}
		return value{reg: fn.convert(v, t, pos), typ: t}
	case clBad:
		fn.errorAt(pos, "%s", msg)
	default:
		fn.errorAt(pos, "cast to %s is not supported", t)
	}
	return fn.badValue()
}

// exprTo evaluates e converted to type t (as by assignment).
func (fn *funcTr) exprTo(e cc.ExpressionNode, t cc.Type) lsl.Reg {
	pos := posOf(e)
	v := fn.exprHint(e, t)
	if v.reg == undefReg {
		return undefReg
	}
	return fn.convert(v, t, pos)
}

// exprHint evaluates e where its value becomes a t: an allocation there
// gets the shape of what t points to.
func (fn *funcTr) exprHint(e cc.ExpressionNode, t cc.Type) value {
	if call, ok := strip(e).(*cc.PostfixExpression); ok && call.Case == cc.PostfixExpressionCall {
		if pt, ok := pointee(t); ok {
			return fn.call(call, pt)
		}
	}
	return fn.expr(e)
}

// arith is a binary arithmetic operator; rt is the type of its result.
func (fn *funcTr) arith(op lsl.OpCode, a, b cc.ExpressionNode, rt cc.Type, pos lsl.Pos) value {
	for _, e := range []cc.ExpressionNode{a, b} {
		if pt := castPointee(e); pt != nil && pt.Kind() != cc.Void && pt.Align() < 4 {
			// its low bits are the address of a byte or a short, not
			// marks (every object is words here, lsl.TagBits)
			fn.errorAt(pos, "'%s' on a pointer to %s converted to an integer is not supported: its low bits are part of its address", cOperator[op], typeName(pt))
			return fn.badValue()
		}
		if castFromPointer(e) && op != lsl.OpAnd && op != lsl.OpOr && op != lsl.OpXor {
			// a pointer is a block and a path of offsets here, not a
			// number; only its low bits can be marked (lsl.markOp:
			// (uintptr_t)p | 1, & ~1, & 1)
			fn.errorAt(pos, "'%s' on a pointer converted to an integer is not supported: pointers are not numbers here (only marks in their low bits, with &, | and ^)", cOperator[op])
			return fn.badValue()
		}
	}
	va := fn.expr(a)
	vb := fn.expr(b)
	if !fn.scalarOK(va, pos) || !fn.scalarOK(vb, pos) {
		return fn.badValue()
	}
	ca, _ := classify(va.typ)
	cb, _ := classify(vb.typ)
	if ca == clPtr || cb == clPtr {
		if voidPointer(va.typ) || voidPointer(vb.typ) {
			fn.errorAt(pos, "arithmetic on a void pointer is not supported (GNU C counts it in bytes; here a pointer moves by elements): convert it to a pointer to the element type first")
			return fn.badValue()
		}
		switch {
		case op == lsl.OpAdd && ca == clPtr && cb == clInt:
			return value{reg: fn.padd(va.reg, vb, false, pos), typ: rt}
		case op == lsl.OpAdd && ca == clInt && cb == clPtr:
			return value{reg: fn.padd(vb.reg, va, false, pos), typ: rt}
		case op == lsl.OpSub && ca == clPtr && cb == clInt:
			return value{reg: fn.padd(va.reg, vb, true, pos), typ: rt}
		case op == lsl.OpSub && ca == clPtr && cb == clPtr:
			return value{reg: fn.prim(pos, lsl.OpPSub, lsl.IntType{}, va.reg, vb.reg), typ: rt}
		}
		fn.errorAt(pos, "%s on pointers is not supported", op)
		return fn.badValue()
	}
	// The result type: the usual arithmetic conversions (the promoted
	// left operand for shifts).
	var t scal
	if op == lsl.OpShl || op == lsl.OpShr {
		t = intScal(promoteIt(scalOf(va.typ).it))
	} else {
		t = intScal(usual(scalOf(va.typ).it, scalOf(vb.typ).it))
	}
	rt = fn.ccInt(t.it)
	x := fn.conv(va.reg, scalOf(va.typ), t, pos)
	y := vb.reg
	if op != lsl.OpShl && op != lsl.OpShr {
		// The shift amount keeps its own (promoted) type.
		y = fn.conv(vb.reg, scalOf(vb.typ), t, pos)
	}
	return value{reg: fn.prim(pos, op, t.it, x, y), typ: rt}
}

// padd is p + i or p - i in elements.
func (fn *funcTr) padd(p lsl.Reg, i value, neg bool, pos lsl.Pos) lsl.Reg {
	ir := fn.conv(i.reg, scalOf(i.typ), intScal(lsl.I64), pos)
	if neg {
		ir = fn.prim(pos, lsl.OpNeg, lsl.I64, ir)
	}
	return fn.prim(pos, lsl.OpPAdd, lsl.I64, p, ir)
}

// comparison returns the operator and operands of a relational or
// equality expression.
func comparison(e cc.ExpressionNode) (op lsl.OpCode, a, b cc.ExpressionNode, pos lsl.Pos, ok bool) {
	switch x := strip(e).(type) {
	case *cc.RelationalExpression:
		a, b, pos = x.RelationalExpression, x.ShiftExpression, tokPos(x.Token)
		switch x.Case {
		case cc.RelationalExpressionLt:
			return lsl.OpLt, a, b, pos, true
		case cc.RelationalExpressionGt:
			return lsl.OpGt, a, b, pos, true
		case cc.RelationalExpressionLeq:
			return lsl.OpLe, a, b, pos, true
		case cc.RelationalExpressionGeq:
			return lsl.OpGe, a, b, pos, true
		}
	case *cc.EqualityExpression:
		a, b, pos = x.EqualityExpression, x.RelationalExpression, tokPos(x.Token)
		switch x.Case {
		case cc.EqualityExpressionEq:
			return lsl.OpEq, a, b, pos, true
		case cc.EqualityExpressionNeq:
			return lsl.OpNe, a, b, pos, true
		}
	}
	return 0, nil, nil, lsl.Pos{}, false
}

// negate is the comparison that holds exactly when op does not.
func negate(op lsl.OpCode) lsl.OpCode {
	switch op {
	case lsl.OpEq:
		return lsl.OpNe
	case lsl.OpNe:
		return lsl.OpEq
	case lsl.OpLt:
		return lsl.OpGe
	case lsl.OpGe:
		return lsl.OpLt
	case lsl.OpGt:
		return lsl.OpLe
	case lsl.OpLe:
		return lsl.OpGt
	}
	return op
}

// compare evaluates a op b as 0 or 1.
func (fn *funcTr) compare(op lsl.OpCode, a, b cc.ExpressionNode, pos lsl.Pos) lsl.Reg {
	if fn.orderOfPointer(op, a, b, pos) {
		return undefReg
	}
	va := fn.expr(a)
	vb := fn.expr(b)
	if !fn.scalarOK(va, pos) || !fn.scalarOK(vb, pos) {
		return undefReg
	}
	sa, sb := scalOf(va.typ), scalOf(vb.typ)
	x, y := va.reg, vb.reg
	t := ptrType
	if !sa.ptr && !sb.ptr {
		t = usual(sa.it, sb.it)
		x = fn.conv(x, sa, intScal(t), pos)
		y = fn.conv(y, sb, intScal(t), pos)
	}
	if op == lsl.OpEq || op == lsl.OpNe {
		t = lsl.IntType{}
	}
	return fn.prim(pos, op, t, x, y)
}

// orderOfPointer refuses, and reports, a relational comparison (op as
// the source writes it) of a pointer converted to an integer: a pointer
// is a block and a path of offsets here, not a number, so it has no order
// against integers or other objects' pointers.
func (fn *funcTr) orderOfPointer(op lsl.OpCode, a, b cc.ExpressionNode, pos lsl.Pos) bool {
	if op == lsl.OpEq || op == lsl.OpNe || !castFromPointer(a) && !castFromPointer(b) {
		return false
	}
	fn.errorAt(pos, "'%s' on a pointer converted to an integer is not supported: pointers are not numbers here (== and != compare them)", cOperator[op])
	return true
}

// cond evaluates a condition to a register that is non-zero exactly when
// it holds (pointers are turned into 0 or 1: a branch needs an integer).
func (fn *funcTr) cond(e cc.ExpressionNode) lsl.Reg {
	s := strip(e)
	if u, ok := s.(*cc.UnaryExpression); ok && u.Case == cc.UnaryExpressionNot {
		return fn.notCond(u.CastExpression)
	}
	v := fn.expr(e)
	pos := posOf(e)
	if !fn.scalarOK(v, pos) {
		return undefReg
	}
	if scalOf(v.typ).ptr {
		z := fn.intConst(pos, 0)
		return fn.prim(pos, lsl.OpNe, lsl.IntType{}, v.reg, z)
	}
	return v.reg
}

// notCond evaluates a register that is non-zero exactly when e does not
// hold.
func (fn *funcTr) notCond(e cc.ExpressionNode) lsl.Reg {
	s := strip(e)
	if u, ok := s.(*cc.UnaryExpression); ok && u.Case == cc.UnaryExpressionNot {
		return fn.cond(u.CastExpression)
	}
	if _, ok := fn.constValue(e); !ok {
		if op, a, b, pos, ok := comparison(s); ok {
			if fn.orderOfPointer(op, a, b, pos) {
				return undefReg
			}
			return fn.compare(negate(op), a, b, pos)
		}
	}
	v := fn.expr(e)
	pos := posOf(e)
	if !fn.scalarOK(v, pos) {
		return undefReg
	}
	return fn.prim(pos, lsl.OpLNot, lsl.IntType{}, v.reg)
}

// cond01 evaluates a condition to exactly 0 or 1.
func (fn *funcTr) cond01(e cc.ExpressionNode) lsl.Reg {
	switch x := strip(e).(type) {
	case *cc.RelationalExpression, *cc.EqualityExpression, *cc.LogicalAndExpression, *cc.LogicalOrExpression:
		if _, _, _, _, ok := comparison(x); ok || isLogical(x) {
			return fn.expr(e).reg
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionNot {
			return fn.expr(e).reg
		}
	}
	v := fn.expr(e)
	pos := posOf(e)
	if !fn.scalarOK(v, pos) {
		return undefReg
	}
	z := fn.intConst(pos, 0)
	return fn.prim(pos, lsl.OpNe, lsl.IntType{}, v.reg, z)
}

func isLogical(e cc.ExpressionNode) bool {
	switch x := e.(type) {
	case *cc.LogicalAndExpression:
		return x.Case == cc.LogicalAndExpressionLAnd
	case *cc.LogicalOrExpression:
		return x.Case == cc.LogicalOrExpressionLOr
	}
	return false
}

// logical is && (and) or ||, evaluated with short circuit:
//
//	r = 0; and1: { break and1 if !a; r = (b != 0) }
func (fn *funcTr) logical(and bool, a, b cc.ExpressionNode, pos lsl.Pos, t cc.Type) value {
	r := fn.temp()
	kind := "or"
	if and {
		kind = "and"
	}
	l := fn.counterLabel(kind)
	fn.block(l, pos, func() {
		var c lsl.Reg
		if and {
			c = fn.notCond(a)
			fn.emit(&lsl.Const{Pos: pos, Dst: r, Val: lsl.Int(0)})
		} else {
			c = fn.cond(a)
			fn.emit(&lsl.Const{Pos: pos, Dst: r, Val: lsl.Int(1)})
		}
		fn.emit(&lsl.Break{Pos: pos, Cond: c, Label: l})
		y := fn.cond01(b)
		fn.mov(pos, r, y)
	})
	return value{reg: r, typ: t}
}

// conditional is c ? x : y.
func (fn *funcTr) conditional(x *cc.ConditionalExpression) value {
	pos := tokPos(x.Token)
	t := x.Type()
	if x.ExpressionList == nil {
		fn.errorAt(pos, "?: without a middle operand is not supported")
		return fn.badValue()
	}
	if a, b := x.ExpressionList.Type(), x.ConditionalExpression.Type(); a != nil && b != nil {
		if ca, _ := classify(a); ca == clInt {
			if cb, _ := classify(b); cb == clInt {
				t = fn.ccInt(usual(scalOf(a).it, scalOf(b).it))
			}
		}
	}
	if x.ExpressionList == nil {
		fn.errorAt(pos, "?: without a middle operand is not supported")
		return fn.badValue()
	}
	c, msg := classify(t)
	switch c {
	case clVoid, clInt, clPtr:
	case clStruct:
		fn.errorAt(pos, "struct-valued conditional expression is not supported")
		return fn.badValue()
	case clBad:
		fn.errorAt(pos, "%s", msg)
		return fn.badValue()
	default:
		fn.errorAt(pos, "conditional expression of type %s is not supported", t)
		return fn.badValue()
	}
	var r lsl.Reg
	if c != clVoid {
		r = fn.temp()
	}
	branch := func(e cc.ExpressionNode) {
		if c == clVoid {
			fn.discard(e)
			return
		}
		fn.mov(pos, r, fn.exprTo(e, t))
	}
	if v, ok := fn.constValue(x.LogicalOrExpression); ok {
		if v.IntVal() != 0 || v.IsPtr() {
			branch(x.ExpressionList)
		} else {
			branch(x.ConditionalExpression)
		}
	} else {
		l := fn.counterLabel("cond")
		lt := fn.label(l + ".then")
		fn.block(l, pos, func() {
			fn.block(lt, pos, func() {
				nc := fn.notCond(x.LogicalOrExpression)
				fn.emit(&lsl.Break{Pos: pos, Cond: nc, Label: lt})
				branch(x.ExpressionList)
				fn.emit(&lsl.Break{Pos: pos, Label: l})
			})
			branch(x.ConditionalExpression)
		})
	}
	if c == clVoid {
		return fn.voidValue()
	}
	return value{reg: r, typ: t}
}

// assign is = and the compound assignments.
func (fn *funcTr) assign(x *cc.AssignmentExpression) value {
	return fn.assignUsed(x, true)
}

// assignUsed is assign; used is false where the value is discarded.
func (fn *funcTr) assignUsed(x *cc.AssignmentExpression, used bool) value {
	if x.Case == cc.AssignmentExpressionCond {
		return fn.expr(x.ConditionalExpression)
	}
	pos := tokPos(x.Token)
	lhs, rhs := x.UnaryExpression, x.AssignmentExpression
	if x.Case == cc.AssignmentExpressionAssign {
		lt := lhs.Type()
		switch c, msg := classify(lt); c {
		case clStruct:
			src := fn.structObject(rhs)
			dst := fn.lval(lhs)
			if src == nil || dst == nil {
				return fn.badValue()
			}
			if fn.atomicInMemory(dst) {
				return fn.assignAtomicStruct(dst, src, pos, used)
			}
			fn.copyObject(dst, src, pos)
			return value{typ: lt, lv: dst}
		case clInt, clPtr:
		case clBad:
			fn.errorAt(pos, "%s", msg)
			return fn.badValue()
		default:
			fn.errorAt(pos, "assignment of %s is not supported", lt)
			return fn.badValue()
		}
		r := fn.exprTo(rhs, lt)
		lv := fn.lval(lhs)
		if lv == nil {
			return fn.badValue()
		}
		return value{reg: fn.store(lv, r, pos), typ: lv.typ}
	}

	var op lsl.OpCode
	switch x.Case {
	case cc.AssignmentExpressionMul:
		op = lsl.OpMul
	case cc.AssignmentExpressionDiv:
		op = lsl.OpDiv
	case cc.AssignmentExpressionMod:
		op = lsl.OpRem
	case cc.AssignmentExpressionAdd:
		op = lsl.OpAdd
	case cc.AssignmentExpressionSub:
		op = lsl.OpSub
	case cc.AssignmentExpressionLsh:
		op = lsl.OpShl
	case cc.AssignmentExpressionRsh:
		op = lsl.OpShr
	case cc.AssignmentExpressionAnd:
		op = lsl.OpAnd
	case cc.AssignmentExpressionXor:
		op = lsl.OpXor
	case cc.AssignmentExpressionOr:
		op = lsl.OpOr
	default:
		fn.errorAt(pos, "assignment is not supported")
		return fn.badValue()
	}
	lv := fn.lval(lhs)
	if lv == nil {
		return fn.badValue()
	}
	if !isScalar(lv.typ) {
		_, msg := classify(lv.typ)
		if msg == "" {
			msg = "compound assignment to " + typeName(lv.typ) + " is not supported"
		}
		fn.errorAt(pos, "%s", msg)
		return fn.badValue()
	}
	// On an _Atomic object the whole is one seq read-modify-write
	// (SEMANTICS.md), its operand evaluated first.
	lv = plainIn(lv, fn.refuseInAtomicBlock(lv, pos, cOperator[op]+"= on an _Atomic object"))
	atomic := fn.atomicObject(lv)
	var old lsl.Reg
	if !atomic {
		old = fn.load(lv, pos)
	}
	v := fn.expr(rhs)
	if !fn.scalarOK(v, pos) {
		return fn.badValue()
	}
	lt, vt := scalOf(lv.typ), scalOf(v.typ)
	switch {
	case voidPointer(lv.typ):
		fn.errorAt(pos, "%s= on a void pointer is not supported (GNU C counts it in bytes; here a pointer moves by elements)", cOperator[op])
		return fn.badValue()
	case lt.ptr && (op != lsl.OpAdd && op != lsl.OpSub || vt.ptr):
		fn.errorAt(pos, "%s= on a pointer is not supported", op)
		return fn.badValue()
	case !lt.ptr && vt.ptr:
		fn.errorAt(pos, "pointer operand of %s= is not supported", op)
		return fn.badValue()
	}
	compute := func(old lsl.Reg) lsl.Reg {
		if lt.ptr {
			return fn.padd(old, v, op == lsl.OpSub, pos)
		}
		var t lsl.IntType
		if op == lsl.OpShl || op == lsl.OpShr {
			t = promoteIt(lt.it)
		} else {
			t = usual(lt.it, vt.it)
		}
		a := fn.conv(old, lt, intScal(t), pos)
		b := v.reg
		if op != lsl.OpShl && op != lsl.OpShr {
			b = fn.conv(v.reg, vt, intScal(t), pos)
		}
		r := fn.prim(pos, op, t, a, b)
		return fn.conv(r, intScal(t), lt, pos)
	}
	if atomic {
		var res lsl.Reg
		fn.atomicRMW(pos, fn.addr(lv, pos), lv.typ, orderSeqCst, func(old lsl.Reg) (lsl.Reg, lsl.Reg) {
			res = compute(old)
			return res, ""
		})
		return value{reg: res, typ: lv.typ}
	}
	return value{reg: fn.store(lv, compute(old), pos), typ: lv.typ}
}

// assignAtomicStruct stores src to the _Atomic struct dst (one seq store)
// and returns the value stored, in registers of its own, as gcc takes it
// from the temporary it stored. Reading dst again would be a second seq
// load: its fences would order the store before later accesses, and it
// could see another thread's store.
func (fn *funcTr) assignAtomicStruct(dst, src *lvalue, pos lsl.Pos, used bool) value {
	ls, ok := leaves(dst.typ)
	if !ok {
		fn.errorAt(pos, "object too large to copy")
		return fn.badValue()
	}
	vals := fn.readObject(src, ls, pos)
	fn.writeObject(dst, ls, vals, pos)
	if !used {
		return fn.voidValue()
	}
	tmp := &lvalue{typ: dst.typ, reg: string(fn.named("stored"))}
	for i, l := range ls {
		fn.mov(pos, lsl.Reg(tmp.reg+l.suffix), vals[i])
	}
	return value{typ: dst.typ, lv: tmp}
}

// structObject evaluates a struct-valued expression to the object holding
// the struct.
func (fn *funcTr) structObject(e cc.ExpressionNode) *lvalue {
	s := strip(e)
	if a, ok := s.(*cc.AssignmentExpression); ok && a.Case != cc.AssignmentExpressionCond {
		v := fn.assign(a)
		return v.lv
	}
	if call, ok := s.(*cc.PostfixExpression); ok && call.Case == cc.PostfixExpressionCall {
		v := fn.call(call, nil)
		return v.lv
	}
	if l, ok := s.(*cc.ExpressionList); ok && l.ExpressionList != nil {
		fn.errorAt(posOf(e), "struct-valued comma expression is not supported")
		return nil
	}
	return fn.lval(e)
}

// incDec is ++ and --; post selects the old value as the result.
func (fn *funcTr) incDec(operand cc.ExpressionNode, pos lsl.Pos, inc, post bool) value {
	lv := fn.lval(operand)
	if lv == nil {
		return fn.badValue()
	}
	if !isScalar(lv.typ) {
		_, msg := classify(lv.typ)
		if msg == "" {
			msg = "++/-- on " + typeName(lv.typ) + " is not supported"
		}
		fn.errorAt(pos, "%s", msg)
		return fn.badValue()
	}
	if voidPointer(lv.typ) {
		fn.errorAt(pos, "++/-- on a void pointer is not supported (GNU C counts it in bytes; here a pointer moves by elements)")
		return fn.badValue()
	}
	st := scalOf(lv.typ)
	step := func(old lsl.Reg) lsl.Reg {
		if st.ptr {
			d := int64(1)
			if !inc {
				d = -1
			}
			return fn.prim(pos, lsl.OpPAdd, lsl.I64, old, fn.intConst(pos, d))
		}
		t := promoteIt(st.it)
		op := lsl.OpAdd
		if !inc {
			op = lsl.OpSub
		}
		a := fn.conv(old, st, intScal(t), pos)
		r := fn.prim(pos, op, t, a, fn.intConst(pos, 1))
		return fn.conv(r, intScal(t), st, pos)
	}
	var old, nw lsl.Reg
	incDec := map[bool]string{true: "++", false: "--"}[inc]
	lv = plainIn(lv, fn.refuseInAtomicBlock(lv, pos, incDec+" on an _Atomic object"))
	if fn.atomicObject(lv) {
		// One seq read-modify-write (SEMANTICS.md).
		old = fn.atomicRMW(pos, fn.addr(lv, pos), lv.typ, orderSeqCst, func(old lsl.Reg) (lsl.Reg, lsl.Reg) {
			nw = step(old)
			return nw, ""
		})
	} else {
		old = fn.load(lv, pos)
		if post && lv.isReg() {
			// The register is about to change.
			c := fn.temp()
			fn.mov(pos, c, old)
			old = c
		}
		nw = fn.store(lv, step(old), pos)
	}
	if post {
		return value{reg: old, typ: lv.typ}
	}
	return value{reg: nw, typ: lv.typ}
}

// discard evaluates e for its effects only.
func (fn *funcTr) discard(e cc.ExpressionNode) {
	switch x := strip(e).(type) {
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionCall:
			name := fn.apiName(x.PostfixExpression)
			if noEffectFuncs[name] {
				fn.noEffect(name, argList(x.ArgumentExpressionList))
				return
			}
			if _, ok := memFuncs[name]; ok {
				fn.memCall(name, posOf(x), argList(x.ArgumentExpressionList))
				return
			}
		case cc.PostfixExpressionInc:
			fn.incDec(x.PostfixExpression, tokPos(x.Token), true, false)
			return
		case cc.PostfixExpressionDec:
			fn.incDec(x.PostfixExpression, tokPos(x.Token), false, false)
			return
		}
	case *cc.ExpressionList:
		for l := x; l != nil; l = l.ExpressionList {
			fn.discard(l.AssignmentExpression)
		}
		return
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionCast && x.Type() != nil && x.Type().Kind() == cc.Void {
			fn.discard(x.CastExpression)
			return
		}
	case *cc.PrimaryExpression:
		if x.Case == cc.PrimaryExpressionExpr {
			fn.discard(x.ExpressionList)
			return
		}
	case *cc.AssignmentExpression:
		if x.Case != cc.AssignmentExpressionCond {
			fn.assignUsed(x, false)
			return
		}
	}
	fn.expr(e)
}

// castPointee returns what the pointer is a pointer to, when e is a cast
// of a pointer to an integer type; nil otherwise.
func castPointee(e cc.ExpressionNode) cc.Type {
	if !castFromPointer(e) {
		return nil
	}
	inner := strip(e).(*cc.CastExpression).CastExpression.Type()
	if pt, ok := pointee(inner); ok {
		return pt
	}
	return nil
}

// castFromPointer reports whether e is a cast of a pointer to an integer
// type.
func castFromPointer(e cc.ExpressionNode) bool {
	x, ok := strip(e).(*cc.CastExpression)
	if !ok || x.Case != cc.CastExpressionCast {
		return false
	}
	c, _ := classify(x.Type())
	if c != clInt {
		return false
	}
	inner := x.CastExpression.Type()
	if inner == nil {
		return false
	}
	ic, _ := classify(inner)
	return ic == clPtr || ic == clArray || inner.Kind() == cc.Function
}

// cOperator is the C spelling of the binary operators arith and compare
// translate.
var cOperator = map[lsl.OpCode]string{
	lsl.OpAdd: "+", lsl.OpSub: "-", lsl.OpMul: "*", lsl.OpDiv: "/", lsl.OpRem: "%",
	lsl.OpShl: "<<", lsl.OpShr: ">>", lsl.OpAnd: "&", lsl.OpOr: "|", lsl.OpXor: "^",
	lsl.OpLt: "<", lsl.OpGt: ">", lsl.OpLe: "<=", lsl.OpGe: ">=",
}
