package cfront

import (
	"fmt"
	"slices"
	"strings"

	"modernc.org/cc/v4"

	"checkfence/lsl"
)

// --- which locals live in memory ----------------------------------------

// isLocal reports whether d is a parameter or an automatic variable.
func isLocal(d *cc.Declarator) bool {
	if d == nil || d.IsTypename() {
		return false
	}
	if d.IsParam() {
		return true
	}
	s := d.LexicalScope()
	return s != nil && s.Parent != nil && !d.IsExtern() && !d.IsStatic()
}

// objIsArray reports whether e designates an array object (one that
// decays when used as a value).
func objIsArray(e cc.ExpressionNode) bool {
	switch x := strip(e).(type) {
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionIdent:
			d, ok := x.ResolvedTo().(*cc.Declarator)
			return ok && !d.IsParam() && d.Type() != nil && d.Type().Kind() == cc.Array
		case cc.PrimaryExpressionGeneric:
			if g := x.GenericSelection; g != nil && g.Associated() != nil {
				return objIsArray(g.Associated().AssignmentExpression)
			}
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
			f := x.Field()
			return f != nil && f.Type() != nil && f.Type().Kind() == cc.Array
		case cc.PostfixExpressionIndex:
			return x.Type() != nil && x.Type().Undecay() != nil && x.Type().Undecay().Kind() == cc.Array
		case cc.PostfixExpressionPrimary:
			return objIsArray(x.PrimaryExpression)
		}
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionDeref:
			return x.Type() != nil && x.Type().Undecay() != nil && x.Type().Undecay().Kind() == cc.Array
		case cc.UnaryExpressionPostfix:
			return objIsArray(x.PostfixExpression)
		}
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionUnary {
			return objIsArray(x.UnaryExpression)
		}
	}
	return false
}

// storageRoot returns the expression naming the object whose storage e
// designates (through fields and constant or variable indexing of
// arrays): an identifier or a compound literal, else whatever e is.
func storageRoot(e cc.ExpressionNode) cc.ExpressionNode {
	switch x := strip(e).(type) {
	case *cc.PrimaryExpression:
		if x.Case == cc.PrimaryExpressionGeneric && x.GenericSelection != nil && x.GenericSelection.Associated() != nil {
			return storageRoot(x.GenericSelection.Associated().AssignmentExpression)
		}
		return x
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionSelect:
			return storageRoot(x.PostfixExpression)
		case cc.PostfixExpressionIndex:
			if objIsArray(x.PostfixExpression) {
				return storageRoot(x.PostfixExpression)
			}
		case cc.PostfixExpressionPrimary:
			return storageRoot(x.PrimaryExpression)
		}
		return x
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionPostfix {
			return storageRoot(x.PostfixExpression)
		}
		return x
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionUnary {
			return storageRoot(x.UnaryExpression)
		}
		return x
	default:
		return x
	}
}

// rootLocal returns the local variable whose storage e designates, or nil.
func rootLocal(e cc.ExpressionNode) *cc.Declarator {
	if x, ok := storageRoot(e).(*cc.PrimaryExpression); ok && x.Case == cc.PrimaryExpressionIdent {
		if d, ok := x.ResolvedTo().(*cc.Declarator); ok && isLocal(d) {
			return d
		}
	}
	return nil
}

// rootLiteral returns the compound literal whose storage e designates, or
// nil.
func rootLiteral(e cc.ExpressionNode) *cc.PostfixExpression {
	if x, ok := storageRoot(e).(*cc.PostfixExpression); ok && x.Case == cc.PostfixExpressionComplit {
		return x
	}
	return nil
}

// analyzeMemory decides which locals live in memory: those whose address
// is taken, arrays that decay to pointers, and arrays indexed by a
// non-constant.
func (fn *funcTr) analyzeMemory(cs *cc.CompoundStatement) {
	walkStmtExprs(cs, func(e cc.ExpressionNode) { fn.scan(e, false) })
}

func (fn *funcTr) markMem(e cc.ExpressionNode) {
	if d := rootLocal(e); d != nil {
		fn.mem[d] = true
	}
	if lit := rootLiteral(e); lit != nil {
		fn.memLit[lit] = true
	}
}

// compoundLiteral makes the unnamed object of a compound literal, (T){…},
// and initialises it as a local declared there would be: in a register,
// or in memory if it is an array or its address is taken.
func (fn *funcTr) compoundLiteral(x *cc.PostfixExpression, pos lsl.Pos) *lvalue {
	t := x.Type() // an array's decays; the type name's is the object's
	if x.TypeName != nil && x.TypeName.Type() != nil {
		t = x.TypeName.Type()
	}
	if msg := fn.f.l.tc.check(t); msg != "" {
		fn.errorAt(pos, "%s", msg)
		return nil
	}
	c, msg := classify(t)
	vla := false // (int[n]){...}, whose type cc completes from the braces
	if x.TypeName != nil {
		walkNodes(x.TypeName, func(n any) {
			if d, ok := n.(*cc.DirectAbstractDeclarator); ok && d.AssignmentExpression != nil && !isNilNode(d.AssignmentExpression) {
				if _, ok := intValue(d.AssignmentExpression); !ok {
					vla = true
				}
			}
		})
	}
	if vla {
		c, msg = clBad, "variable-length array is not supported"
	}
	if c == clBad {
		fn.errorAt(pos, "%s", msg)
		return nil
	}
	var lv *lvalue
	if c == clArray || fn.memLit[x] {
		// One object per literal, whose initialiser runs at each
		// evaluation (C11 6.5.2.5p16: a goto back to it, or a for
		// header, finds the same object); allocated at the function's
		// start, as a compiler puts it in the frame.
		a, ok := fn.litAddr[x]
		if !ok {
			a = lsl.Reg(fn.regFor("literal.addr"))
			if fn.litAddr == nil {
				fn.litAddr = map[*cc.PostfixExpression]lsl.Reg{}
			}
			fn.litAddr[x] = a
			fn.literals = append(fn.literals, &lsl.Alloc{Pos: pos, Dst: a, Size: t.Size(), Shape: fn.f.l.tc.shape(t), NoReuse: true, Local: true})
		}
		lv = &lvalue{typ: t, base: a}
	} else {
		lv = &lvalue{typ: t, reg: fn.regFor("literal")}
	}
	fn.initLocal(lv, &cc.Initializer{Case: cc.InitializerInitList, InitializerList: x.InitializerList}, pos)
	return lv
}

// scan looks for the uses that force locals into memory; obj says e is
// used as an object (it does not decay).
func (fn *funcTr) scan(e cc.ExpressionNode, obj bool) {
	if e == nil || isNilNode(e) {
		return
	}
	switch x := e.(type) {
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionIdent:
			if !obj && objIsArray(x) {
				fn.markMem(x)
			}
			return
		case cc.PrimaryExpressionExpr:
			if l, ok := x.ExpressionList.(*cc.ExpressionList); ok && l.ExpressionList != nil {
				fn.scan(x.ExpressionList, false)
				return
			}
			fn.scan(x.ExpressionList, obj)
			return
		case cc.PrimaryExpressionGeneric:
			if g := x.GenericSelection; g != nil && g.Associated() != nil {
				fn.scan(g.Associated().AssignmentExpression, obj)
			}
			return
		}
		return
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionIndex:
			base, idx := x.PostfixExpression, x.ExpressionList
			if c, _ := classify(base.Type()); c == clInt {
				base, idx = idx, base
			}
			if objIsArray(base) {
				fn.scan(base, true)
				if _, ok := fn.constValue(idx); !ok {
					fn.markMem(base)
				}
			} else {
				fn.scan(base, false)
			}
			fn.scan(idx, false)
			return
		case cc.PostfixExpressionSelect:
			if !obj && objIsArray(x) {
				fn.markMem(x) // t.a decays to a pointer: t lives in memory
			}
			fn.scan(x.PostfixExpression, true)
			return
		case cc.PostfixExpressionInc, cc.PostfixExpressionDec:
			fn.scan(x.PostfixExpression, true)
			return
		case cc.PostfixExpressionPrimary:
			fn.scan(x.PrimaryExpression, obj)
			return
		case cc.PostfixExpressionCall:
			var name string
			if d := calleeDecl(x.PostfixExpression); d != nil {
				name = d.Name()
			}
			for i, a := range argList(x.ArgumentExpressionList) {
				if u, ok := strip(a).(*cc.UnaryExpression); ok && u.Case == cc.UnaryExpressionAddrof && isRefArg(name, i) {
					// builtin reads or writes the local itself
					fn.scan(u.CastExpression, true)
					continue
				}
				fn.scan(a, false)
			}
			return
		}
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionAddrof:
			fn.markMem(x.CastExpression)
			fn.scan(x.CastExpression, true)
			return
		case cc.UnaryExpressionInc, cc.UnaryExpressionDec:
			fn.scan(x.UnaryExpression, true)
			return
		case cc.UnaryExpressionSizeofExpr, cc.UnaryExpressionSizeofType, cc.UnaryExpressionAlignofExpr, cc.UnaryExpressionAlignofType:
			return // not evaluated
		case cc.UnaryExpressionPostfix:
			fn.scan(x.PostfixExpression, obj)
			return
		}
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionUnary {
			fn.scan(x.UnaryExpression, obj)
			return
		}
	case *cc.AssignmentExpression:
		if x.Case == cc.AssignmentExpressionCond {
			fn.scan(x.ConditionalExpression, obj)
			return
		}
		fn.scan(x.UnaryExpression, true)
		fn.scan(x.AssignmentExpression, false)
		return
	}
	for _, c := range children(e) {
		fn.scan(c, false)
	}
}

// walkStmtExprs calls f for every full expression in a statement tree,
// initializers included.
func walkStmtExprs(n cc.Node, f func(cc.ExpressionNode)) {
	expr := func(e cc.ExpressionNode) {
		if e != nil && !isNilNode(e) {
			f(e)
		}
	}
	switch n := n.(type) {
	case *cc.CompoundStatement:
		for _, bi := range blockItems(n) {
			switch bi.Case {
			case cc.BlockItemDecl:
				walkDeclExprs(bi.Declaration, f)
			case cc.BlockItemStmt:
				walkStmtExprs(bi.Statement, f)
			}
		}
	case *cc.Statement:
		if n == nil {
			return
		}
		switch n.Case {
		case cc.StatementLabeled:
			if n.LabeledStatement != nil {
				walkStmtExprs(n.LabeledStatement.Statement, f)
			}
		case cc.StatementCompound:
			walkStmtExprs(n.CompoundStatement, f)
		case cc.StatementExpr:
			if n.ExpressionStatement != nil {
				expr(n.ExpressionStatement.ExpressionList)
			}
		case cc.StatementSelection:
			if s := n.SelectionStatement; s != nil {
				expr(s.ExpressionList)
				walkStmtExprs(s.Statement, f)
				walkStmtExprs(s.Statement2, f)
			}
		case cc.StatementIteration:
			if s := n.IterationStatement; s != nil {
				walkDeclExprs(s.Declaration, f)
				expr(s.ExpressionList)
				expr(s.ExpressionList2)
				expr(s.ExpressionList3)
				walkStmtExprs(s.Statement, f)
			}
		case cc.StatementJump:
			if j := n.JumpStatement; j != nil {
				expr(j.ExpressionList)
			}
		}
	}
}

func walkDeclExprs(decl *cc.Declaration, f func(cc.ExpressionNode)) {
	if decl == nil {
		return
	}
	for idl := decl.InitDeclaratorList; idl != nil; idl = idl.InitDeclaratorList {
		if id := idl.InitDeclarator; id != nil && id.Declarator != nil && !id.Declarator.IsStatic() {
			walkInitExprs(id.Initializer, f)
		}
	}
}

func walkInitExprs(in *cc.Initializer, f func(cc.ExpressionNode)) {
	if in == nil {
		return
	}
	switch in.Case {
	case cc.InitializerExpr:
		if in.AssignmentExpression != nil && !isNilNode(in.AssignmentExpression) {
			f(in.AssignmentExpression)
		}
	case cc.InitializerInitList:
		for l := in.InitializerList; l != nil; l = l.InitializerList {
			walkInitExprs(l.Initializer, f)
		}
	}
}

// --- local declarations ---------------------------------------------------

func (fn *funcTr) localDecl(decl *cc.Declaration) {
	if decl == nil {
		return
	}
	switch decl.Case {
	case cc.DeclarationDecl:
	case cc.DeclarationAuto:
		fn.errorf(decl, "__auto_type is not supported")
		return
	default:
		return // _Static_assert, checked by the parser
	}
	for idl := decl.InitDeclaratorList; idl != nil; idl = idl.InitDeclaratorList {
		id := idl.InitDeclarator
		if id == nil || id.Declarator == nil {
			continue
		}
		d := id.Declarator
		if d.IsTypename() || d.IsExtern() || d.IsStatic() || d.Name() == "__func__" {
			continue // typedefs, globals (declared already)
		}
		if id.Asm != nil {
			fn.errorf(id.Asm, "inline assembly is not supported")
			continue
		}
		t := d.Type()
		pos := posOf(d)
		if c, _ := classify(t); c == clFunc {
			continue // a prototype
		}
		if msg := fn.f.l.tc.check(t); msg != "" {
			fn.errorAt(pos, "%s", msg)
			continue
		}
		var lv *lvalue
		if fn.mem[d] {
			a := lsl.Reg(fn.regFor(d.Name() + ".addr"))
			fn.emit(&lsl.Alloc{Pos: pos, Dst: a, Size: t.Size(), Shape: fn.f.l.tc.shape(t), NoReuse: true, Local: true})
			lv = &lvalue{typ: t, base: a}
		} else {
			lv = &lvalue{typ: t, reg: fn.regFor(d.Name())}
		}
		fn.vars[d] = lv
		if id.Initializer != nil {
			fn.initLocal(lv, id.Initializer, pos)
		}
	}
}

// initItem is one initializer expression of an aggregate, placed.
type initItem struct {
	offs []int64
	typ  cc.Type
	expr cc.ExpressionNode
}

// initItems places the initializer expressions of an object of type t
// (with cc's byte offsets mapped to LSL offsets).
func initItems(t cc.Type, in *cc.Initializer, report func(cc.Node, string)) []initItem {
	var out []initItem
	// override drops the items a later initializer of the sub-object at
	// offs replaces (C11 6.7.9p19: the last initializer of a sub-object
	// wins, a brace list for it too, whose unnamed parts become 0; an
	// overridden initializer need not be evaluated). What remains
	// overlaps only as an aggregate and, after it, an initializer of a
	// part of it: in order, the later wins.
	override := func(offs []int64) {
		w := 0
		for _, it := range out {
			if !hasPrefix(it.offs, offs) {
				out[w] = it
				w++
			}
		}
		out = out[:w]
	}
	var walk func(in *cc.Initializer, top bool)
	walk = func(in *cc.Initializer, top bool) {
		if in == nil {
			return
		}
		switch in.Case {
		case cc.InitializerExpr:
			e := in.AssignmentExpression
			if pe, ok := strip(e).(*cc.PrimaryExpression); ok && (pe.Case == cc.PrimaryExpressionString || pe.Case == cc.PrimaryExpressionLString) {
				report(e, "string literal is not supported")
				return
			}
			it := in.Type()
			offs, lt, ok := pathAtByte(t, in.Offset(), it)
			if !ok {
				report(e, "initializer is not supported")
				return
			}
			n := in.Len()
			if n > 1 && len(offs) == 0 {
				report(e, "initializer is not supported")
				return
			}
			for k := int64(0); k < n && k < maxLeaves; k++ {
				o := appendOff(offs)
				if k > 0 {
					o[len(o)-1] += k
				}
				override(o)
				out = append(out, initItem{offs: o, typ: lt, expr: e})
			}
		case cc.InitializerInitList:
			if !top && in.Type() != nil {
				if offs, _, ok := pathAtByte(t, in.Offset(), in.Type()); ok {
					override(offs)
				}
			}
			for l := in.InitializerList; l != nil; l = l.InitializerList {
				walk(l.Initializer, false)
			}
		}
	}
	walk(in, true)
	return out
}

func offsKey(offs []int64) string { return fmt.Sprint(offs) }

// hasPrefix reports whether offs starts with prefix.
func hasPrefix(offs, prefix []int64) bool {
	if len(prefix) > len(offs) {
		return false
	}
	for i := range prefix {
		if offs[i] != prefix[i] {
			return false
		}
	}
	return true
}

// initLocal initialises a local: a scalar or struct from an expression, an
// aggregate from a brace list (the leaves it does not name become 0).
func (fn *funcTr) initLocal(lv *lvalue, in *cc.Initializer, pos lsl.Pos) {
	// Initialising an _Atomic object is no atomic operation (C11
	// 7.17.2.1p2, 6.7.9): plain stores, as atomic_init's, without the
	// fences of a seq store. A copy, as the variable's lvalue is kept.
	plain := *lv
	plain.plain = true
	lv = &plain
	t := lv.typ
	c, _ := classify(t)
	if in.Case == cc.InitializerExpr && (c == clInt || c == clPtr) {
		r := fn.exprTo(in.AssignmentExpression, t)
		fn.store(lv, r, pos)
		return
	}
	if in.Case == cc.InitializerExpr && c == clStruct {
		src := fn.structObject(in.AssignmentExpression)
		if src != nil {
			fn.copyObject(lv, src, pos)
		}
		return
	}
	items := initItems(t, in, func(n cc.Node, msg string) { fn.errorf(n, "%s", msg) })
	ls, ok := leaves(t)
	if !ok {
		fn.errorAt(pos, "object too large to initialise")
		return
	}
	// The leaves no initializer names are 0; the initializers then run
	// in order (initItems left only overlaps the later of which wins).
	for _, l := range ls {
		if !slices.ContainsFunc(items, func(it initItem) bool { return hasPrefix(l.offs, it.offs) }) {
			// A constant per location: a register may take over the
			// temporary's definition (see mov).
			fn.store(lv.leaf(l), fn.intConst(pos, 0), pos)
		}
	}
	for _, it := range items {
		if isScalar(it.typ) {
			for _, l := range ls {
				if slices.Equal(l.offs, it.offs) {
					r := fn.exprTo(it.expr, l.typ)
					fn.store(lv.leaf(l), r, posOf(it.expr))
				}
			}
			continue
		}
		src := fn.structObject(it.expr)
		if src == nil {
			return
		}
		dst := lv
		for _, o := range it.offs {
			dst = dst.sub(o, itoa(int(o)), nil)
		}
		dst.typ = it.typ
		if dst.isReg() {
			// Register names use field names, not indices.
			dst = &lvalue{typ: it.typ, reg: lv.reg + suffixOf(ls, it.offs)}
		}
		fn.copyObject(dst, src, posOf(it.expr))
	}
}

// suffixOf returns the register-name suffix of the sub-object at offs,
// taken from a leaf inside it.
func suffixOf(ls []leaf, offs []int64) string {
	for _, l := range ls {
		if hasPrefix(l.offs, offs) {
			parts := strings.Split(l.suffix, ".")[1:]
			return "." + strings.Join(parts[:len(offs)], ".")
		}
	}
	return ""
}
