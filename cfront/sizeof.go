package cfront

import (
	"bytes"
	"sync"
	"sync/atomic"

	"modernc.org/cc/v4"

	"checkfence/lsl"
)

// cc gives sizeof e the size of the array e's type was decayed from,
// whether or not C decays it there: a parameter declared int a[4] is an
// int * (C11 6.7.6.3p7), so sizeof(a) is 8, not 16, and so are sizeof(arr
// + 1) and sizeof(0, arr), whose operands are pointers. cc folds the wrong
// size into the constants around it (sizeof(a) / sizeof(a[0])), so the
// expressions holding such a sizeof are folded again here (fixSizeofs),
// and intValue answers with their values.

// sizeofFixes maps each expression that holds a sizeof whose value cc
// gets wrong to its value: a sizeofFix. Entries live while their program
// is compiled (see forgetSizeofFixes).
var sizeofFixes sync.Map

// sizeofFixCount counts the entries of sizeofFixes: intValue looks there
// only when there are some.
var sizeofFixCount atomic.Int64

type sizeofFix struct {
	val int64
	ok  bool // a constant (folding stops at what it does not know)
}

// fixSizeofs folds again the expressions of ast that hold a sizeof of a
// pointer that cc sizes as an array. Such a sizeof in an array's length,
// an enumerator, a bit-field's width or a static assertion, whose value cc
// has already used, is refused.
func fixSizeofs(ast *cc.AST) (keys []cc.ExpressionNode, errs ErrorList) {
	wrong := map[*cc.UnaryExpression]int64{}
	walkNodes(ast.TranslationUnit, func(n any) {
		if x, ok := n.(*cc.UnaryExpression); ok && x.Case == cc.UnaryExpressionSizeofExpr {
			if v, ok := pointerSizeof(x); ok {
				if cv, ok := intValueCC(x); !ok || cv != v {
					wrong[x] = v
				}
			}
		}
	})
	if len(wrong) == 0 {
		return nil, nil
	}
	// the constants cc has used in types
	refuse := func(e cc.ExpressionNode) {
		if e == nil || isNilNode(e) {
			return
		}
		walkNodes(e, func(n any) {
			if x, ok := n.(*cc.UnaryExpression); ok {
				if _, ok := wrong[x]; ok {
					errs = append(errs, lsl.Errorf(posOf(x), "sizeof of a pointer that C obtains from an array, in a constant of a declaration, is not supported"))
				}
			}
		})
	}
	walkNodes(ast.TranslationUnit, func(n any) {
		switch x := n.(type) {
		case *cc.DirectDeclarator:
			refuse(x.AssignmentExpression)
		case *cc.DirectAbstractDeclarator:
			refuse(x.AssignmentExpression)
		case *cc.Enumerator:
			refuse(x.ConstantExpression)
		case *cc.StructDeclarator:
			refuse(x.ConstantExpression)
		case *cc.StaticAssertDeclaration:
			refuse(x.ConstantExpression)
		case *cc.AlignmentSpecifier:
			refuse(x.ConstantExpression)
		}
	})
	if len(errs) > 0 {
		return nil, errs
	}
	memo := map[cc.ExpressionNode]bool{}
	var holds func(e cc.ExpressionNode) bool
	holds = func(e cc.ExpressionNode) bool {
		if h, ok := memo[e]; ok {
			return h
		}
		h := false
		if x, ok := e.(*cc.UnaryExpression); ok {
			if _, ok := wrong[x]; ok {
				h = true
			}
			if x.Case == cc.UnaryExpressionSizeofExpr || x.Case == cc.UnaryExpressionAlignofExpr {
				memo[e] = h // the operand's value does not matter
				return h
			}
		}
		for _, c := range children(e) {
			if holds(c) { // (every child: all get memoized)
				h = true
			}
		}
		memo[e] = h
		return h
	}
	walkNodes(ast.TranslationUnit, func(n any) {
		if e, ok := n.(cc.ExpressionNode); ok && !isNilNode(e) {
			holds(e)
		}
	})
	// fold bottom-up: a child's fix is known before its parent's
	var fold func(e cc.ExpressionNode) sizeofFix
	done := map[cc.ExpressionNode]sizeofFix{}
	fold = func(e cc.ExpressionNode) sizeofFix {
		if f, ok := done[e]; ok {
			return f
		}
		var f sizeofFix
		if x, ok := e.(*cc.UnaryExpression); ok && x.Case == cc.UnaryExpressionSizeofExpr {
			f = sizeofFix{val: wrong[x], ok: true}
		} else {
			f.val, f.ok = foldInt(e, func(c cc.ExpressionNode) (int64, bool) {
				if memo[c] {
					r := fold(c)
					return r.val, r.ok
				}
				return intValueCC(c)
			})
		}
		done[e] = f
		return f
	}
	for e, h := range memo {
		if h {
			sizeofFixes.Store(e, fold(e))
			sizeofFixCount.Add(1)
			keys = append(keys, e)
		}
	}
	return keys, nil
}

// forgetSizeofFixes drops the entries fixSizeofs made.
func forgetSizeofFixes(keys []cc.ExpressionNode) {
	for _, k := range keys {
		sizeofFixes.Delete(k)
		sizeofFixCount.Add(-1)
	}
}

// pointerSizeof returns the size of a pointer, 8, for sizeof e where e
// (cc types every such operand as a pointer, decayed or not) is a pointer
// in C: not an expression that designates an array.
func pointerSizeof(x *cc.UnaryExpression) (int64, bool) {
	e := x.UnaryExpression
	if e == nil || isNilNode(e) {
		return 0, false
	}
	if _, ok := e.Type().(*cc.PointerType); !ok || designatesArray(e) {
		return 0, false
	}
	return 8, true
}

// designatesArray reports whether e, an operand of sizeof of pointer type
// in cc, is an array in C: a variable declared as an array (a parameter
// is not one), a string literal, an element, member or pointee of array
// type.
func designatesArray(e cc.ExpressionNode) bool {
	isArray := func(t cc.Type) bool {
		_, ok := t.(*cc.ArrayType)
		return ok
	}
	// elemArray: whether a pointer's (decayed or not) element is an array
	elemArray := func(t cc.Type) bool {
		p, ok := t.(*cc.PointerType)
		return ok && isArray(p.Elem())
	}
	switch x := unwrap(e).(type) {
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionIdent:
			d, ok := x.ResolvedTo().(*cc.Declarator)
			// as declared: a parameter's type is the pointer, and so is
			// a variable's declared with __typeof__(a)
			return ok && d != nil && isArray(d.Type())
		case cc.PrimaryExpressionString, cc.PrimaryExpressionLString:
			return true
		case cc.PrimaryExpressionExpr:
			return false // a comma expression (unwrap removes parentheses)
		}
		return isArray(x.Type().Undecay()) // _Generic, a statement expression
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionIndex:
			if elemArray(x.PostfixExpression.Type()) {
				return true
			}
			return x.ExpressionList != nil && elemArray(x.ExpressionList.Type()) // i[p]
		case cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
			f := x.Field()
			return f != nil && isArray(f.Type())
		case cc.PostfixExpressionComplit:
			return isArray(x.Type().Undecay())
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionDeref {
			return elemArray(x.CastExpression.Type())
		}
	}
	return false
}

// foldInt computes the integer constant expression e from the values of
// its subexpressions (val), with LSL's arithmetic (lsl.Eval), as the
// program would.
func foldInt(e cc.ExpressionNode, val func(cc.ExpressionNode) (int64, bool)) (int64, bool) {
	if c, _ := classify(e.Type()); c != clInt {
		return 0, false
	}
	rt := intType(e.Type())
	wrap := func(v lsl.Value, f lsl.Fault) (int64, bool) {
		if f != lsl.NoFault || !v.IsInt() {
			return 0, false
		}
		if isBool(e.Type()) {
			return boolInt(v.IntVal() != 0), true
		}
		return rt.Wrap(v.IntVal()), true
	}
	// binary evaluates a op b in type t, the operands converted to it
	// (to the promoted left operand's type for shifts)
	binary := func(op lsl.OpCode, a, b cc.ExpressionNode) (int64, bool) {
		x, ok1 := val(a)
		y, ok2 := val(b)
		if !ok1 || !ok2 {
			return 0, false
		}
		ta, tb := intType(a.Type()), intType(b.Type())
		t := rt
		switch op {
		case lsl.OpShl, lsl.OpShr:
			return wrap(lsl.Eval(op, t, lsl.Int(t.Wrap(x)), lsl.Int(y)))
		case lsl.OpLt, lsl.OpLe, lsl.OpGt, lsl.OpGe, lsl.OpEq, lsl.OpNe:
			t = usual(ta, tb)
		}
		return wrap(lsl.Eval(op, t, lsl.Int(t.Wrap(x)), lsl.Int(t.Wrap(y))))
	}
	switch x := e.(type) {
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionPostfix:
			return val(x.PostfixExpression)
		case cc.UnaryExpressionPlus, cc.UnaryExpressionMinus, cc.UnaryExpressionCpl, cc.UnaryExpressionNot:
			v, ok := val(x.CastExpression)
			if !ok {
				return 0, false
			}
			t := intType(x.CastExpression.Type())
			switch x.Case {
			case cc.UnaryExpressionMinus:
				return wrap(lsl.Eval(lsl.OpNeg, rt, lsl.Int(rt.Wrap(v))))
			case cc.UnaryExpressionCpl:
				return wrap(lsl.Eval(lsl.OpBNot, rt, lsl.Int(rt.Wrap(v))))
			case cc.UnaryExpressionNot:
				return boolInt(t.Wrap(v) == 0), true
			}
			return rt.Wrap(v), true
		}
	case *cc.CastExpression:
		switch x.Case {
		case cc.CastExpressionUnary:
			return val(x.UnaryExpression)
		case cc.CastExpressionCast:
			v, ok := val(x.CastExpression)
			if !ok {
				return 0, false
			}
			if isBool(x.Type()) {
				return boolInt(v != 0), true
			}
			return rt.Wrap(v), true
		}
	case *cc.MultiplicativeExpression:
		switch x.Case {
		case cc.MultiplicativeExpressionCast:
			return val(x.CastExpression)
		case cc.MultiplicativeExpressionMul:
			return binary(lsl.OpMul, x.MultiplicativeExpression, x.CastExpression)
		case cc.MultiplicativeExpressionDiv:
			return binary(lsl.OpDiv, x.MultiplicativeExpression, x.CastExpression)
		case cc.MultiplicativeExpressionMod:
			return binary(lsl.OpRem, x.MultiplicativeExpression, x.CastExpression)
		}
	case *cc.AdditiveExpression:
		switch x.Case {
		case cc.AdditiveExpressionMul:
			return val(x.MultiplicativeExpression)
		case cc.AdditiveExpressionAdd:
			return binary(lsl.OpAdd, x.AdditiveExpression, x.MultiplicativeExpression)
		case cc.AdditiveExpressionSub:
			return binary(lsl.OpSub, x.AdditiveExpression, x.MultiplicativeExpression)
		}
	case *cc.ShiftExpression:
		switch x.Case {
		case cc.ShiftExpressionAdd:
			return val(x.AdditiveExpression)
		case cc.ShiftExpressionLsh:
			return binary(lsl.OpShl, x.ShiftExpression, x.AdditiveExpression)
		case cc.ShiftExpressionRsh:
			return binary(lsl.OpShr, x.ShiftExpression, x.AdditiveExpression)
		}
	case *cc.RelationalExpression:
		ops := map[cc.RelationalExpressionCase]lsl.OpCode{cc.RelationalExpressionLt: lsl.OpLt,
			cc.RelationalExpressionGt: lsl.OpGt, cc.RelationalExpressionLeq: lsl.OpLe, cc.RelationalExpressionGeq: lsl.OpGe}
		if x.Case == cc.RelationalExpressionShift {
			return val(x.ShiftExpression)
		}
		return binary(ops[x.Case], x.RelationalExpression, x.ShiftExpression)
	case *cc.EqualityExpression:
		switch x.Case {
		case cc.EqualityExpressionRel:
			return val(x.RelationalExpression)
		case cc.EqualityExpressionEq:
			return binary(lsl.OpEq, x.EqualityExpression, x.RelationalExpression)
		case cc.EqualityExpressionNeq:
			return binary(lsl.OpNe, x.EqualityExpression, x.RelationalExpression)
		}
	case *cc.AndExpression:
		if x.Case == cc.AndExpressionEq {
			return val(x.EqualityExpression)
		}
		return binary(lsl.OpAnd, x.AndExpression, x.EqualityExpression)
	case *cc.ExclusiveOrExpression:
		if x.Case == cc.ExclusiveOrExpressionAnd {
			return val(x.AndExpression)
		}
		return binary(lsl.OpXor, x.ExclusiveOrExpression, x.AndExpression)
	case *cc.InclusiveOrExpression:
		if x.Case == cc.InclusiveOrExpressionXor {
			return val(x.ExclusiveOrExpression)
		}
		return binary(lsl.OpOr, x.InclusiveOrExpression, x.ExclusiveOrExpression)
	case *cc.LogicalAndExpression, *cc.LogicalOrExpression:
		cs := children(e)
		if len(cs) == 1 {
			return val(cs[0])
		}
		a, ok := val(cs[0])
		if !ok {
			return 0, false
		}
		_, isAnd := e.(*cc.LogicalAndExpression)
		if isAnd == (a == 0) {
			return boolInt(!isAnd), true // decided by the left operand
		}
		b, ok := val(cs[1])
		return boolInt(b != 0), ok
	case *cc.ConditionalExpression:
		if x.Case != cc.ConditionalExpressionCond {
			return val(x.LogicalOrExpression)
		}
		c, ok := val(x.LogicalOrExpression)
		if !ok || x.ExpressionList == nil {
			return 0, false
		}
		pick := x.ExpressionList
		if c == 0 {
			pick = x.ConditionalExpression
		}
		v, ok := val(pick)
		return rt.Wrap(v), ok
	case *cc.PrimaryExpression, *cc.PostfixExpression, *cc.ExpressionList, *cc.ConstantExpression, *cc.AssignmentExpression:
		if s := strip(e); s != e {
			return val(s)
		}
		if cs := children(e); len(cs) == 1 {
			switch y := e.(type) {
			case *cc.PostfixExpression:
				if y.Case != cc.PostfixExpressionPrimary {
					return 0, false
				}
			case *cc.AssignmentExpression:
				if y.Case != cc.AssignmentExpressionCond {
					return 0, false
				}
			}
			return val(cs[0])
		}
	}
	return 0, false
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// adjustArrayParams rewrites, in raw (the main file in wrapSource's form),
// each parameter declared as an array of unknown size (int a[],
// int a[][3]) as the pointer C adjusts it to ((*a), (*a)[3]): cc gives the
// parameter the incomplete array as its origin and refuses sizeof(a)
// ("sizeof incomplete type"), which C defines as a pointer's size. The
// rewrite keeps the length of the text, so that the positions after it
// stay; it is made only where the text reads " a[]" (or " *a[]").
func adjustArrayParams(parsed *cc.AST, raw rawText) string {
	var sites []int // the offsets of the identifiers
	walkNodes(parsed.TranslationUnit, func(n any) {
		p, ok := n.(*cc.ParameterDeclaration)
		if !ok || p == nil || p.Declarator == nil {
			return
		}
		var parent *cc.DirectDeclarator
		d := p.Declarator.DirectDeclarator
		for d != nil && d.Case != cc.DirectDeclaratorIdent {
			if d.Case == cc.DirectDeclaratorDecl {
				return // a parenthesized declarator: left as written
			}
			parent, d = d, d.DirectDeclarator
		}
		if d == nil || parent == nil || parent.Case != cc.DirectDeclaratorArr ||
			(parent.AssignmentExpression != nil && !isNilNode(parent.AssignmentExpression)) || parent.TypeQualifiers != nil {
			return
		}
		id, ok1 := raw.offset(d.Token)
		lb, ok2 := raw.offset(parent.Token)
		rb, ok3 := raw.offset(parent.Token2)
		if !ok1 || !ok2 || !ok3 || lb != id+len(d.Token.SrcStr()) || rb != lb+1 {
			return
		}
		sites = append(sites, id)
	})
	if len(sites) == 0 {
		return raw.text
	}
	text := []byte(raw.text)
	for _, c := range sites {
		end := c + bytes.IndexByte(text[c:], '[') // the offset of "[]"
		// the blank before the identifier, past the stars of int *a[]
		k := c - 1
		for k > 0 && text[k] == '*' {
			k--
		}
		if k < 0 || text[k] != ' ' && text[k] != '\t' {
			continue
		}
		ident := string(text[c:end])
		copy(text[k:end+2], string(text[k+1:c])+"(*"+ident+")")
	}
	return string(text)
}
