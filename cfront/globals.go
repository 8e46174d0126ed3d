package cfront

import (
	"sort"

	"modernc.org/cc/v4"

	"checkfence/lsl"
)

// staticInit computes the initial values of a global of type t: the
// locations that do not hold 0. Initializers of globals are constant
// expressions: integers and addresses of globals.
func (f *fileTr) staticInit(t cc.Type, in *cc.Initializer) []lsl.InitVal {
	items := initItems(t, in, func(n cc.Node, msg string) { f.errorf(n, "%s", msg) })
	at := map[string]int{}
	var out []lsl.InitVal
	for _, it := range items {
		if !isScalar(it.typ) {
			f.errorf(it.expr, "initializer of a global must be constant")
			continue
		}
		if pt, ok := pointee(it.typ); ok {
			if c, _ := classify(pt); c == clFunc {
				f.errorf(it.expr, "function pointer is not supported")
				continue
			}
		}
		nerr := len(f.l.errs)
		v, ok := f.constInit(it.expr, it.typ)
		if !ok {
			if len(f.l.errs) > nerr {
				continue // a part of it is refused, said where
			}
			if n, msg := unsupportedInInit(it.expr); n != nil {
				f.errorf(n, "%s", msg)
				continue
			}
			f.errorf(it.expr, "initializer of a global must be constant")
			continue
		}
		k := offsKey(it.offs)
		if i, ok := at[k]; ok {
			out[i].Val = v
			continue
		}
		at[k] = len(out)
		out = append(out, lsl.InitVal{Offsets: it.offs, Val: v})
	}
	// Zeros are the default; keep the list in layout order.
	w := 0
	for _, iv := range out {
		if iv.Val.IsInt() && iv.Val.IntVal() == 0 {
			continue
		}
		out[w] = iv
		w++
	}
	out = out[:w]
	sort.SliceStable(out, func(i, j int) bool { return lessOffs(out[i].Offsets, out[j].Offsets) })
	return out
}

func lessOffs(a, b []int64) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return len(a) < len(b)
}

// constInit evaluates a constant initializer of scalar type t.
func (f *fileTr) constInit(e cc.ExpressionNode, t cc.Type) (lsl.Value, bool) {
	if n, ok := intValue(e); ok && !hasSideEffects(e) {
		switch c, _ := classify(t); {
		case isBool(t):
			return lsl.Bool(n != 0), true
		case c == clInt:
			return lsl.Int(intType(t).Wrap(n)), true
		case c == clPtr:
			return lsl.Int(n), true
		}
	}
	if c, _ := classify(t); c == clPtr || (c == clInt && t.Size() == 8) {
		// the conversion as if by assignment, refused as in a function
		// body (convert)
		if msg := reinterprets(e.Type(), t); msg != "" {
			f.errorf(e, "%s", msg)
			return lsl.Value{}, false
		}
		return f.constAddr(e)
	}
	return lsl.Value{}, false
}

// constAddr evaluates an address constant: &x, &x.f[2], an array x,
// casts of these, and adding or subtracting integer constants.
func (f *fileTr) constAddr(e cc.ExpressionNode) (lsl.Value, bool) {
	switch x := strip(e).(type) {
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionCast {
			// refused as in a function body (convert)
			if msg := reinterprets(x.CastExpression.Type(), x.Type()); msg != "" {
				f.l.errorf(tokPos(x.Token), "%s", msg)
				return lsl.Value{}, false
			}
			return f.constAddr(x.CastExpression)
		}
		return f.constAddr(x.UnaryExpression)
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionAddrof:
			v, _, ok := f.constObj(x.CastExpression)
			return v, ok
		case cc.UnaryExpressionPostfix:
			return f.constAddr(x.PostfixExpression)
		}
	case *cc.AdditiveExpression:
		var p, i cc.ExpressionNode
		neg := false
		switch x.Case {
		case cc.AdditiveExpressionAdd:
			p, i = x.AdditiveExpression, x.MultiplicativeExpression
			if c, _ := classify(p.Type()); c != clPtr {
				p, i = i, p
			}
		case cc.AdditiveExpressionSub:
			p, i, neg = x.AdditiveExpression, x.MultiplicativeExpression, true
		default:
			return f.constAddr(x.MultiplicativeExpression)
		}
		v, ok := f.constAddr(p)
		n, ok2 := intValue(i)
		if !ok || !ok2 || !v.IsPtr() {
			return lsl.Value{}, false
		}
		if neg {
			n = -n
		}
		// as the program's pointer arithmetic: &x + 1 of an object that
		// is no array element is one past it (C11 6.5.6p7)
		r, fault := lsl.Eval(lsl.OpPAdd, lsl.I64, v, lsl.Int(n))
		if fault != lsl.NoFault {
			f.l.errorf(tokPos(x.Token), "pointer arithmetic to before its object or past one past it (undefined in C)")
			return lsl.Value{}, false
		}
		return r, true
	}
	if n, ok := intValue(e); ok && !hasSideEffects(e) {
		return lsl.Int(n), true
	}
	if objIsArray(e) {
		v, t, ok := f.constObj(e)
		if ok && t.Kind() == cc.Array {
			return v.WithOffset(0), true
		}
	}
	return lsl.Value{}, false
}

// constObj evaluates the address of a global object designated by e.
func (f *fileTr) constObj(e cc.ExpressionNode) (lsl.Value, cc.Type, bool) {
	switch x := strip(e).(type) {
	case *cc.PrimaryExpression:
		if x.Case != cc.PrimaryExpressionIdent {
			return lsl.Value{}, nil, false
		}
		d, ok := x.ResolvedTo().(*cc.Declarator)
		if !ok || isLocal(d) {
			return lsl.Value{}, nil, false
		}
		if c, _ := classify(d.Type()); c == clFunc {
			return lsl.Value{}, nil, false
		}
		gi := f.statics[d]
		if gi == nil {
			gi = f.l.global(f.linkKey(d), d.Name(), posOf(d))
		}
		if !gi.used {
			gi.used, gi.usePos = true, posOf(x)
		}
		t := gi.typ
		if t == nil {
			t = d.Type()
		}
		return lsl.Ptr(gi.g.Base), t, true
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionPrimary:
			return f.constObj(x.PrimaryExpression)
		case cc.PostfixExpressionSelect:
			v, t, ok := f.constObj(x.PostfixExpression)
			if !ok || x.Field() == nil || t.Kind() != cc.Struct {
				return lsl.Value{}, nil, false
			}
			offs, _, types, ok := findField(t, x.Field().Name())
			if !ok {
				return lsl.Value{}, nil, false
			}
			for _, o := range offs {
				v = v.WithOffset(o)
			}
			return v, types[len(types)-1], true
		case cc.PostfixExpressionIndex:
			n, ok := intValue(x.ExpressionList)
			if !ok {
				return lsl.Value{}, nil, false
			}
			v, t, ok := f.constObj(x.PostfixExpression)
			if !ok {
				return lsl.Value{}, nil, false
			}
			at, isArr := t.(*cc.ArrayType)
			if !isArr {
				return lsl.Value{}, nil, false
			}
			return v.WithOffset(n), at.Elem(), true
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionPostfix {
			return f.constObj(x.PostfixExpression)
		}
	}
	return lsl.Value{}, nil, false
}

// unsupportedInInit finds, in a global's initializer that is not
// constant here, a construct the front end refuses anyway, to name it.
func unsupportedInInit(e cc.ExpressionNode) (n cc.Node, msg string) {
	walkNodes(e, func(x any) {
		if n != nil {
			return
		}
		switch x := x.(type) {
		case *cc.PrimaryExpression:
			if x.Case == cc.PrimaryExpressionFloat {
				n, msg = x, "floating point is not supported"
			}
		case *cc.PostfixExpression:
			if x.Case == cc.PostfixExpressionComplit {
				n, msg = x, "compound literal at file scope is not supported"
			}
		}
	})
	return n, msg
}
