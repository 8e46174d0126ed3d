package cfront

import (
	"modernc.org/cc/v4"

	"checkfence/lsl"
)

// value is the result of an expression: a register holding a scalar of C
// type typ, or, for a struct, the object itself (lv).
type value struct {
	reg lsl.Reg
	typ cc.Type
	lv  *lvalue
}

func (fn *funcTr) voidValue() value { return value{typ: fn.f.ast.Void} }

func (fn *funcTr) badValue() value { return value{reg: undefReg, typ: fn.f.ast.Int} }

// strip removes parentheses and the trivial wrapper nodes around an
// expression.
func strip(e cc.ExpressionNode) cc.ExpressionNode {
	for i := 0; i < 1000 && e != nil; i++ {
		switch x := e.(type) {
		case *cc.PrimaryExpression:
			if x.Case != cc.PrimaryExpressionExpr || x.ExpressionList == nil {
				return e
			}
			if l, ok := x.ExpressionList.(*cc.ExpressionList); ok && l.ExpressionList != nil {
				return e // a comma expression
			}
			e = x.ExpressionList
		case *cc.ExpressionList:
			if x.ExpressionList != nil {
				return e
			}
			e = x.AssignmentExpression
		case *cc.ConstantExpression:
			e = x.ConditionalExpression
		default:
			return e
		}
	}
	return e
}

// hasSideEffects reports whether evaluating e may write anything or call
// anything (conservatively).
func hasSideEffects(e cc.ExpressionNode) bool {
	found := false
	walkExpr(e, func(n cc.ExpressionNode) bool {
		switch x := n.(type) {
		case *cc.AssignmentExpression:
			if x.Case != cc.AssignmentExpressionCond {
				found = true
			}
		case *cc.PostfixExpression:
			switch x.Case {
			case cc.PostfixExpressionCall, cc.PostfixExpressionInc, cc.PostfixExpressionDec, cc.PostfixExpressionComplit:
				found = true
			}
		case *cc.UnaryExpression:
			switch x.Case {
			case cc.UnaryExpressionInc, cc.UnaryExpressionDec:
				found = true
			case cc.UnaryExpressionSizeofExpr, cc.UnaryExpressionAlignofExpr:
				return false // not evaluated
			}
		case *cc.PrimaryExpression:
			if x.Case == cc.PrimaryExpressionStmt {
				found = true
			}
		}
		return !found
	})
	return found
}

// walkExpr calls f for e and its subexpressions, descending where f
// returns true.
func walkExpr(e cc.ExpressionNode, f func(cc.ExpressionNode) bool) {
	if e == nil || isNilNode(e) || !f(e) {
		return
	}
	for _, c := range children(e) {
		walkExpr(c, f)
	}
}

// isNilNode reports whether an interface holds a nil pointer.
func isNilNode(e cc.ExpressionNode) bool {
	switch x := e.(type) {
	case *cc.PrimaryExpression:
		return x == nil
	case *cc.PostfixExpression:
		return x == nil
	case *cc.UnaryExpression:
		return x == nil
	case *cc.CastExpression:
		return x == nil
	case *cc.MultiplicativeExpression:
		return x == nil
	case *cc.AdditiveExpression:
		return x == nil
	case *cc.ShiftExpression:
		return x == nil
	case *cc.RelationalExpression:
		return x == nil
	case *cc.EqualityExpression:
		return x == nil
	case *cc.AndExpression:
		return x == nil
	case *cc.ExclusiveOrExpression:
		return x == nil
	case *cc.InclusiveOrExpression:
		return x == nil
	case *cc.LogicalAndExpression:
		return x == nil
	case *cc.LogicalOrExpression:
		return x == nil
	case *cc.ConditionalExpression:
		return x == nil
	case *cc.AssignmentExpression:
		return x == nil
	case *cc.ExpressionList:
		return x == nil
	case *cc.ConstantExpression:
		return x == nil
	}
	return false
}

// children lists the direct subexpressions of e in evaluation order.
func children(e cc.ExpressionNode) []cc.ExpressionNode {
	var r []cc.ExpressionNode
	add := func(xs ...cc.ExpressionNode) {
		for _, x := range xs {
			if x != nil && !isNilNode(x) {
				r = append(r, x)
			}
		}
	}
	switch x := e.(type) {
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionExpr:
			add(x.ExpressionList)
		case cc.PrimaryExpressionGeneric:
			if g := x.GenericSelection; g != nil {
				if a := g.Associated(); a != nil {
					add(a.AssignmentExpression)
				}
			}
		}
	case *cc.PostfixExpression:
		add(x.PostfixExpression, x.PrimaryExpression, x.ExpressionList)
		for l := x.ArgumentExpressionList; l != nil; l = l.ArgumentExpressionList {
			add(l.AssignmentExpression)
		}
		for l := x.InitializerList; l != nil; l = l.InitializerList {
			walkInitExprs(l.Initializer, func(e cc.ExpressionNode) { add(e) })
		}
	case *cc.UnaryExpression:
		add(x.PostfixExpression, x.UnaryExpression, x.CastExpression)
	case *cc.CastExpression:
		add(x.UnaryExpression, x.CastExpression)
	case *cc.MultiplicativeExpression:
		add(x.MultiplicativeExpression, x.CastExpression)
	case *cc.AdditiveExpression:
		add(x.AdditiveExpression, x.MultiplicativeExpression)
	case *cc.ShiftExpression:
		add(x.ShiftExpression, x.AdditiveExpression)
	case *cc.RelationalExpression:
		add(x.RelationalExpression, x.ShiftExpression)
	case *cc.EqualityExpression:
		add(x.EqualityExpression, x.RelationalExpression)
	case *cc.AndExpression:
		add(x.AndExpression, x.EqualityExpression)
	case *cc.ExclusiveOrExpression:
		add(x.ExclusiveOrExpression, x.AndExpression)
	case *cc.InclusiveOrExpression:
		add(x.InclusiveOrExpression, x.ExclusiveOrExpression)
	case *cc.LogicalAndExpression:
		add(x.LogicalAndExpression, x.InclusiveOrExpression)
	case *cc.LogicalOrExpression:
		add(x.LogicalOrExpression, x.LogicalAndExpression)
	case *cc.ConditionalExpression:
		add(x.LogicalOrExpression, x.ExpressionList, x.ConditionalExpression)
	case *cc.AssignmentExpression:
		add(x.ConditionalExpression, x.UnaryExpression, x.AssignmentExpression)
	case *cc.ExpressionList:
		for l := x; l != nil; l = l.ExpressionList {
			add(l.AssignmentExpression)
		}
	case *cc.ConstantExpression:
		add(x.ConditionalExpression)
	}
	return r
}

// intValue returns the value of an integer constant expression.
func intValue(e cc.ExpressionNode) (int64, bool) {
	if e == nil || isNilNode(e) {
		return 0, false
	}
	if sizeofFixCount.Load() > 0 {
		if f, ok := sizeofFixes.Load(e); ok {
			return f.(sizeofFix).val, f.(sizeofFix).ok
		}
	}
	return intValueCC(e)
}

// intValueCC is intValue as cc folds e.
func intValueCC(e cc.ExpressionNode) (int64, bool) {
	if e == nil || isNilNode(e) {
		return 0, false
	}
	switch v := e.Value().(type) {
	case cc.Int64Value:
		return int64(v), true
	case cc.UInt64Value:
		return int64(v), true
	}
	return offsetofValue(e)
}

// unwrap removes parentheses and the one-child layers of the parse tree
// (a cast expression that is a unary one, and so on).
func unwrap(e cc.ExpressionNode) cc.ExpressionNode {
	for i := 0; i < 1000; i++ {
		switch x := strip(e).(type) {
		case *cc.CastExpression:
			if x.Case != cc.CastExpressionUnary {
				return x
			}
			e = x.UnaryExpression
		case *cc.UnaryExpression:
			if x.Case != cc.UnaryExpressionPostfix {
				return x
			}
			e = x.PostfixExpression
		case *cc.PostfixExpression:
			if x.Case != cc.PostfixExpressionPrimary {
				return x
			}
			e = x.PrimaryExpression
		default:
			return x
		}
	}
	return e
}

// offsetofValue is the value of offsetof's expansion, (size_t)&((T
// *)0)->m, where cc folds no constant: a member designator with an index
// (in.y[2]). It is the byte offset of m, as C's offsetof.
func offsetofValue(e cc.ExpressionNode) (int64, bool) {
	c, ok := unwrap(e).(*cc.CastExpression)
	if !ok || c.Case != cc.CastExpressionCast || c.Type() == nil || !cc.IsIntegerType(c.Type()) {
		return 0, false
	}
	u, ok := unwrap(c.CastExpression).(*cc.UnaryExpression)
	if !ok || u.Case != cc.UnaryExpressionAddrof {
		return 0, false
	}
	return memberOffset(u.CastExpression)
}

// memberOffset is the byte offset of the member designator e from a null
// pointer constant ((T *)0)->a.b[2].
func memberOffset(e cc.ExpressionNode) (int64, bool) {
	p, ok := unwrap(e).(*cc.PostfixExpression)
	if !ok {
		return 0, false
	}
	switch p.Case {
	case cc.PostfixExpressionPSelect:
		base, ok := unwrap(p.PostfixExpression).(*cc.CastExpression)
		if !ok || base.Case != cc.CastExpressionCast || base.Type() == nil || base.Type().Kind() != cc.Ptr || p.Field() == nil {
			return 0, false
		}
		if v, ok := intValue(base.CastExpression); !ok || v != 0 {
			return 0, false
		}
		return p.Field().Offset(), true
	case cc.PostfixExpressionSelect:
		off, ok := memberOffset(p.PostfixExpression)
		if !ok || p.Field() == nil {
			return 0, false
		}
		return off + p.Field().Offset(), true
	case cc.PostfixExpressionIndex:
		off, ok := memberOffset(p.PostfixExpression)
		k, kok := intValue(p.ExpressionList)
		if !ok || !kok || p.Type() == nil || p.Type().Size() < 0 {
			return 0, false
		}
		return off + k*p.Type().Size(), true
	}
	return 0, false
}

// constValue returns the value of e if it is an integer (or null
// pointer) constant without side effects, in the canonical form of e's
// type.
func (fn *funcTr) constValue(e cc.ExpressionNode) (lsl.Value, bool) {
	if e == nil || isNilNode(e) {
		return lsl.Value{}, false
	}
	n, ok := intValue(e)
	if !ok || hasSideEffects(e) {
		return lsl.Value{}, false
	}
	t := e.Type()
	switch c, _ := classify(t); c {
	case clInt:
		if isBool(t) {
			return lsl.Bool(n != 0), true
		}
		return lsl.Int(intType(t).Wrap(n)), true
	case clPtr:
		return lsl.Int(n), true
	}
	return lsl.Value{}, false
}

// expr evaluates e as an rvalue.
func (fn *funcTr) expr(e cc.ExpressionNode) value {
	if e == nil || isNilNode(e) {
		return fn.voidValue()
	}
	pos := posOf(e)
	if v, ok := fn.constValue(e); ok {
		return value{reg: fn.constReg(pos, v), typ: e.Type()}
	}
	switch x := e.(type) {
	case *cc.PrimaryExpression:
		return fn.primary(x)
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionPrimary:
			return fn.expr(x.PrimaryExpression)
		case cc.PostfixExpressionIndex, cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
			return fn.objectValue(x)
		case cc.PostfixExpressionCall:
			return fn.call(x, nil)
		case cc.PostfixExpressionInc:
			return fn.incDec(x.PostfixExpression, tokPos(x.Token), true, true)
		case cc.PostfixExpressionDec:
			return fn.incDec(x.PostfixExpression, tokPos(x.Token), false, true)
		case cc.PostfixExpressionComplit:
			return fn.objectValue(x)
		}
	case *cc.UnaryExpression:
		return fn.unary(x)
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionUnary {
			return fn.expr(x.UnaryExpression)
		}
		return fn.cast(x)
	case *cc.MultiplicativeExpression:
		switch x.Case {
		case cc.MultiplicativeExpressionMul:
			return fn.arith(lsl.OpMul, x.MultiplicativeExpression, x.CastExpression, x.Type(), tokPos(x.Token))
		case cc.MultiplicativeExpressionDiv:
			return fn.arith(lsl.OpDiv, x.MultiplicativeExpression, x.CastExpression, x.Type(), tokPos(x.Token))
		case cc.MultiplicativeExpressionMod:
			return fn.arith(lsl.OpRem, x.MultiplicativeExpression, x.CastExpression, x.Type(), tokPos(x.Token))
		default:
			return fn.expr(x.CastExpression)
		}
	case *cc.AdditiveExpression:
		switch x.Case {
		case cc.AdditiveExpressionAdd:
			return fn.arith(lsl.OpAdd, x.AdditiveExpression, x.MultiplicativeExpression, x.Type(), tokPos(x.Token))
		case cc.AdditiveExpressionSub:
			return fn.arith(lsl.OpSub, x.AdditiveExpression, x.MultiplicativeExpression, x.Type(), tokPos(x.Token))
		default:
			return fn.expr(x.MultiplicativeExpression)
		}
	case *cc.ShiftExpression:
		switch x.Case {
		case cc.ShiftExpressionLsh:
			return fn.arith(lsl.OpShl, x.ShiftExpression, x.AdditiveExpression, x.Type(), tokPos(x.Token))
		case cc.ShiftExpressionRsh:
			return fn.arith(lsl.OpShr, x.ShiftExpression, x.AdditiveExpression, x.Type(), tokPos(x.Token))
		default:
			return fn.expr(x.AdditiveExpression)
		}
	case *cc.AndExpression:
		if x.Case == cc.AndExpressionAnd {
			return fn.arith(lsl.OpAnd, x.AndExpression, x.EqualityExpression, x.Type(), tokPos(x.Token))
		}
		return fn.expr(x.EqualityExpression)
	case *cc.ExclusiveOrExpression:
		if x.Case == cc.ExclusiveOrExpressionXor {
			return fn.arith(lsl.OpXor, x.ExclusiveOrExpression, x.AndExpression, x.Type(), tokPos(x.Token))
		}
		return fn.expr(x.AndExpression)
	case *cc.InclusiveOrExpression:
		if x.Case == cc.InclusiveOrExpressionOr {
			return fn.arith(lsl.OpOr, x.InclusiveOrExpression, x.ExclusiveOrExpression, x.Type(), tokPos(x.Token))
		}
		return fn.expr(x.ExclusiveOrExpression)
	case *cc.RelationalExpression, *cc.EqualityExpression:
		if op, a, b, p, ok := comparison(e); ok {
			return value{reg: fn.compare(op, a, b, p), typ: e.Type()}
		}
		for _, c := range children(e) {
			return fn.expr(c)
		}
	case *cc.LogicalAndExpression:
		if x.Case == cc.LogicalAndExpressionLAnd {
			return fn.logical(true, x.LogicalAndExpression, x.InclusiveOrExpression, tokPos(x.Token), e.Type())
		}
		return fn.expr(x.InclusiveOrExpression)
	case *cc.LogicalOrExpression:
		if x.Case == cc.LogicalOrExpressionLOr {
			return fn.logical(false, x.LogicalOrExpression, x.LogicalAndExpression, tokPos(x.Token), e.Type())
		}
		return fn.expr(x.LogicalAndExpression)
	case *cc.ConditionalExpression:
		if x.Case == cc.ConditionalExpressionCond {
			return fn.conditional(x)
		}
		return fn.expr(x.LogicalOrExpression)
	case *cc.AssignmentExpression:
		return fn.assign(x)
	case *cc.ExpressionList:
		var last value
		for l := x; l != nil; l = l.ExpressionList {
			if l.ExpressionList != nil {
				fn.discard(l.AssignmentExpression)
			} else {
				last = fn.expr(l.AssignmentExpression)
			}
		}
		return last
	case *cc.ConstantExpression:
		return fn.expr(x.ConditionalExpression)
	}
	fn.errorAt(pos, "expression is not supported")
	return fn.badValue()
}

func (fn *funcTr) primary(x *cc.PrimaryExpression) value {
	pos := posOf(x)
	switch x.Case {
	case cc.PrimaryExpressionIdent:
		switch d := x.ResolvedTo().(type) {
		case *cc.Declarator:
			if c, _ := classify(d.Type()); c == clFunc {
				fn.errorAt(pos, "function pointer is not supported")
				return fn.badValue()
			}
		case *cc.Enumerator:
			if v, ok := fn.constValue(x); ok {
				return value{reg: fn.constReg(pos, v), typ: x.Type()}
			}
		}
		return fn.objectValue(x)
	case cc.PrimaryExpressionInt, cc.PrimaryExpressionChar, cc.PrimaryExpressionLChar:
		if v, ok := fn.constValue(x); ok {
			return value{reg: fn.constReg(pos, v), typ: x.Type()}
		}
		fn.errorAt(pos, "constant %s is not supported", x.Token.SrcStr())
	case cc.PrimaryExpressionFloat:
		fn.errorAt(pos, "floating point is not supported")
	case cc.PrimaryExpressionString, cc.PrimaryExpressionLString:
		fn.errorAt(pos, "string literal is not supported")
	case cc.PrimaryExpressionExpr:
		return fn.expr(x.ExpressionList)
	case cc.PrimaryExpressionStmt:
		fn.errorAt(pos, "statement expression is not supported")
	case cc.PrimaryExpressionGeneric:
		if g := x.GenericSelection; g != nil && g.Associated() != nil {
			return fn.expr(g.Associated().AssignmentExpression)
		}
		fn.errorAt(pos, "_Generic without a matching association")
	default:
		fn.errorAt(pos, "expression is not supported")
	}
	return fn.badValue()
}

// objectValue evaluates an lvalue expression as an rvalue: arrays decay
// to a pointer to their first element, structs stay objects, scalars are
// read.
func (fn *funcTr) objectValue(e cc.ExpressionNode) value {
	pos := posOf(e)
	lv := fn.lval(e)
	if lv == nil {
		return fn.badValue()
	}
	return fn.rvalueOf(lv, e.Type(), pos)
}

func (fn *funcTr) rvalueOf(lv *lvalue, vt cc.Type, pos lsl.Pos) value {
	switch c, msg := classify(lv.typ); c {
	case clInt, clPtr:
		return value{reg: fn.load(lv, pos), typ: lv.typ}
	case clArray:
		at := lv.typ.(*cc.ArrayType)
		if lv.isReg() {
			fn.errorAt(pos, "cfront internal error: decay of register array %s", lv.reg)
			return fn.badValue()
		}
		pt := vt
		if pt == nil || pt.Kind() != cc.Ptr {
			pt = at.Decay()
		}
		return value{reg: fn.addr(lv.sub(0, "0", at.Elem()), pos), typ: pt}
	case clStruct:
		return value{typ: lv.typ, lv: lv}
	case clFunc:
		fn.errorAt(pos, "function pointer is not supported")
	case clVoid:
		fn.errorAt(pos, "void value used")
	default:
		fn.errorAt(pos, "%s", msg)
	}
	return fn.badValue()
}

// lval evaluates e as an lvalue; nil after an error.
func (fn *funcTr) lval(e cc.ExpressionNode) *lvalue {
	pos := posOf(e)
	if name := fn.typedBuiltin(e); name != "" {
		// builtinMacros' cast of a struct-valued atomic (C11's
		// atomic_load and atomic_exchange of an _Atomic struct)
		fn.structBuiltinError(pos, name)
		return nil
	}
	switch x := e.(type) {
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionIdent:
			return fn.identLvalue(x)
		case cc.PrimaryExpressionExpr:
			if l, ok := x.ExpressionList.(*cc.ExpressionList); ok && l.ExpressionList != nil {
				break
			}
			return fn.lval(x.ExpressionList)
		case cc.PrimaryExpressionGeneric:
			if g := x.GenericSelection; g != nil && g.Associated() != nil {
				return fn.lval(g.Associated().AssignmentExpression)
			}
		case cc.PrimaryExpressionString, cc.PrimaryExpressionLString:
			fn.errorAt(pos, "string literal is not supported")
			return nil
		}
	case *cc.ExpressionList:
		if x.ExpressionList == nil {
			return fn.lval(x.AssignmentExpression)
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionPrimary:
			return fn.lval(x.PrimaryExpression)
		case cc.PostfixExpressionIndex:
			return fn.index(x)
		case cc.PostfixExpressionSelect:
			base := fn.lval(x.PostfixExpression)
			if base == nil {
				return nil
			}
			return fn.selectField(base, x.Field(), pos)
		case cc.PostfixExpressionPSelect:
			p := fn.expr(x.PostfixExpression)
			pt, ok := pointee(p.typ)
			if !ok {
				fn.errorAt(pos, "-> on a non-pointer")
				return nil
			}
			return fn.selectField(&lvalue{typ: pt, base: p.reg}, x.Field(), pos)
		case cc.PostfixExpressionComplit:
			return fn.compoundLiteral(x, pos)
		case cc.PostfixExpressionCall:
			if v := fn.call(x, nil); v.lv != nil {
				return v.lv
			}
			fn.errorAt(pos, "expression is not an object")
			return nil
		}
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionPostfix:
			return fn.lval(x.PostfixExpression)
		case cc.UnaryExpressionDeref:
			p := fn.expr(x.CastExpression)
			if p.reg == undefReg {
				return nil // reported where it went wrong
			}
			pt, ok := pointee(p.typ)
			if !ok {
				fn.errorAt(pos, "* on a non-pointer")
				return nil
			}
			if c, _ := classify(pt); c == clFunc {
				fn.errorAt(pos, "function pointer is not supported")
				return nil
			}
			return &lvalue{typ: pt, base: p.reg}
		}
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionUnary {
			return fn.lval(x.UnaryExpression)
		}
	case *cc.ConditionalExpression:
		if x.Case == cc.ConditionalExpressionLOr {
			return fn.lval(x.LogicalOrExpression)
		}
		fn.errorAt(pos, "struct-valued conditional expression is not supported")
		return nil
	case *cc.AssignmentExpression:
		if x.Case == cc.AssignmentExpressionCond {
			return fn.lval(x.ConditionalExpression)
		}
		// a = b = c on structs: the value of b = c is b.
		v := fn.assign(x)
		if v.lv != nil {
			return v.lv
		}
	}
	fn.errorAt(pos, "expression is not an object")
	return nil
}

// pointee returns the type a pointer type points to.
// voidPointer reports whether t is a pointer to void, on which GNU C
// allows arithmetic in bytes.
func voidPointer(t cc.Type) bool {
	p, ok := t.(*cc.PointerType)
	return ok && p.Elem() != nil && p.Elem().Kind() == cc.Void
}

func pointee(t cc.Type) (cc.Type, bool) {
	switch x := t.(type) {
	case *cc.PointerType:
		return x.Elem(), true
	case *cc.ArrayType:
		return x.Elem(), true
	}
	return nil, false
}

// identLvalue is the object a variable names.
func (fn *funcTr) identLvalue(x *cc.PrimaryExpression) *lvalue {
	pos := posOf(x)
	d, ok := x.ResolvedTo().(*cc.Declarator)
	if !ok || d == nil {
		fn.errorAt(pos, "%s is not a variable", x.Token.SrcStr())
		return nil
	}
	if lv := fn.vars[d]; lv != nil {
		return lv
	}
	if c, _ := classify(d.Type()); c == clFunc {
		fn.errorAt(pos, "function pointer is not supported")
		return nil
	}
	gi := fn.f.statics[d]
	if gi == nil {
		if d.LexicalScope() != nil && d.LexicalScope().Parent != nil && !d.IsExtern() {
			// A local whose declaration was rejected, or the implicit
			// __func__ (a string, which the translator does not have).
			if d.Name() == "__func__" {
				fn.errorAt(pos, "__func__ is not supported")
			} else if !fn.failed() {
				fn.errorAt(pos, "cfront internal error: unknown local %s", d.Name())
			}
			return nil
		}
		gi = fn.f.l.global(fn.f.linkKey(d), d.Name(), posOf(d))
	}
	if !gi.used {
		gi.used = true
		gi.usePos = pos
	}
	t := gi.typ
	if t == nil {
		t = d.Type()
	}
	if msg := fn.f.l.tc.check(t); msg != "" {
		fn.errorAt(pos, "%s", msg)
		return nil
	}
	return &lvalue{typ: t, cval: lsl.Ptr(gi.g.Base)}
}

// selectField selects field f (through anonymous members) of a struct
// object.
func (fn *funcTr) selectField(base *lvalue, f *cc.Field, pos lsl.Pos) *lvalue {
	if f == nil {
		fn.errorAt(pos, "unknown field")
		return nil
	}
	if f.IsBitfield() {
		fn.errorAt(pos, "bit-field is not supported")
		return nil
	}
	if c, msg := classify(base.typ); c != clStruct {
		if c == clBad {
			fn.errorAt(pos, "%s", msg)
		} else {
			fn.errorAt(pos, "field of a non-struct")
		}
		return nil
	}
	offs, names, types, ok := findField(base.typ, f.Name())
	if !ok {
		fn.errorAt(pos, "unknown field %s", f.Name())
		return nil
	}
	lv := base
	for i := range offs {
		lv = lv.sub(offs[i], names[i], types[i])
	}
	return lv
}

// index evaluates a[i]: an element of an array object, or *(p + i).
func (fn *funcTr) index(x *cc.PostfixExpression) *lvalue {
	pos := tokPos(x.Token)
	base, idx := x.PostfixExpression, x.ExpressionList
	// i[a] is a[i].
	if c, _ := classify(base.Type()); c == clInt {
		base, idx = idx, base
	}
	if isObjectExpr(base) {
		lv := fn.lval(base)
		if lv == nil {
			return nil
		}
		if at, ok := lv.typ.(*cc.ArrayType); ok {
			if k, ok := fn.constValue(idx); ok {
				n := k.IntVal()
				if lv.isReg() && (n < 0 || n >= at.Len()) {
					fn.errorAt(pos, "array index %d out of bounds", n)
					return nil
				}
				return lv.sub(n, itoa(int(n)), at.Elem())
			}
			if lv.isReg() {
				fn.errorAt(pos, "cfront internal error: dynamic index into register array %s", lv.reg)
				return nil
			}
			lv = fn.settle(lv, pos)
			i := fn.expr(idx)
			ir := fn.convert(i, fn.f.ast.Long, pos)
			r := fn.prim(pos, lsl.OpOffset, lsl.IntType{}, lv.base, ir)
			return &lvalue{typ: at.Elem(), base: r}
		}
		// A pointer object: read it.
		p := fn.rvalueOf(lv, base.Type(), posOf(base))
		return fn.ptrIndex(p, idx, pos)
	}
	return fn.ptrIndex(fn.expr(base), idx, pos)
}

// ptrIndex is *(p + i).
func (fn *funcTr) ptrIndex(p value, idx cc.ExpressionNode, pos lsl.Pos) *lvalue {
	et, ok := pointee(p.typ)
	if !ok {
		fn.errorAt(pos, "index of a non-pointer")
		return nil
	}
	if k, ok := fn.constValue(idx); ok && k.IntVal() == 0 {
		return &lvalue{typ: et, base: p.reg}
	}
	i := fn.expr(idx)
	ir := fn.convert(i, fn.f.ast.Long, pos)
	r := fn.prim(pos, lsl.OpPAdd, lsl.I64, p.reg, ir)
	return &lvalue{typ: et, base: r}
}

// isObjectExpr reports whether e designates an object (as opposed to
// computing a value): a variable, a field, an element or a dereference.
func isObjectExpr(e cc.ExpressionNode) bool {
	switch x := strip(e).(type) {
	case *cc.PrimaryExpression:
		if x.Case == cc.PrimaryExpressionIdent {
			_, ok := x.ResolvedTo().(*cc.Declarator)
			return ok
		}
		if x.Case == cc.PrimaryExpressionGeneric && x.GenericSelection != nil && x.GenericSelection.Associated() != nil {
			return isObjectExpr(x.GenericSelection.Associated().AssignmentExpression)
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionIndex, cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
			return true
		case cc.PostfixExpressionPrimary:
			return isObjectExpr(x.PrimaryExpression)
		}
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionDeref:
			return true
		case cc.UnaryExpressionPostfix:
			return isObjectExpr(x.PostfixExpression)
		}
	case *cc.CastExpression:
		return x.Case == cc.CastExpressionUnary && isObjectExpr(x.UnaryExpression)
	}
	return false
}
