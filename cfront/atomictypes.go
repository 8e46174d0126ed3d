package cfront

import (
	"fmt"

	"modernc.org/cc/v4"

	"checkfence/lsl"
)

// atomicTypeErrors reports the _Atomic types C forbids, which cc accepts
// and which would otherwise be read as plain ones: the qualifier _Atomic
// on an array or function type (C11 6.7.3p3: typedef int A2[2]; _Atomic
// A2 z;), and _Atomic(T) of an array, function, atomic or qualified type
// (6.7.2.4p3: _Atomic(int[2]), _Atomic(const int), _Atomic(atomic_int)).
// An array of _Atomic elements is written _Atomic int z[2].
func atomicTypeErrors(ast *cc.AST) ErrorList {
	var errs ErrorList
	add := func(t cc.Token, msg string) {
		errs = append(errs, &lsl.Error{Pos: tokPos(t), Msg: msg})
	}
	atomicTD := atomicTypedefs(ast)
	qualTD := map[*cc.Declarator]bool{} // typedef names of qualified types
	specifiers := func(items []specItem) {
		var atomic *cc.TypeQualifier
		for _, it := range items {
			if it.q != nil && it.q.Case == cc.TypeQualifierAtomic && atomic == nil {
				atomic = it.q
			}
		}
		if atomic == nil {
			return
		}
		for _, it := range items {
			switch specKind(it.ts) {
			case cc.Array:
				add(atomic.Token, "_Atomic applied to an array type (C11 6.7.3): an array of atomic elements is written _Atomic T a[n]")
				return
			case cc.Function:
				add(atomic.Token, "_Atomic applied to a function type (C11 6.7.3)")
				return
			}
		}
	}
	walkNodes(ast.TranslationUnit, func(n any) {
		switch x := n.(type) {
		case *cc.Declaration:
			items := dsItems(x.DeclarationSpecifiers)
			specifiers(items)
			if x.DeclarationSpecifiers != nil && isTypedefDecl(x.DeclarationSpecifiers) {
				qual := qualifiedItems(items, qualTD)
				for l := x.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
					if l.InitDeclarator != nil && l.InitDeclarator.Declarator != nil {
						d := l.InitDeclarator.Declarator
						qualTD[d] = derivesNothing(d) && qual || outerPointerQualified(d.Pointer, d.DirectDeclarator)
					}
				}
			}
		case *cc.FunctionDefinition:
			specifiers(dsItems(x.DeclarationSpecifiers))
		case *cc.ParameterDeclaration:
			specifiers(dsItems(x.DeclarationSpecifiers))
		case *cc.StructDeclaration:
			specifiers(sqlItems(x.SpecifierQualifierList))
		case *cc.TypeName:
			specifiers(sqlItems(x.SpecifierQualifierList))
		case *cc.GenericSelection:
			if msg := genericMismatch(x, atomicTD); msg != "" {
				add(x.Token, msg)
			}
		case *cc.AtomicTypeSpecifier:
			tn := x.TypeName
			if tn == nil {
				return
			}
			switch k := tn.Type().Kind(); {
			case k == cc.Array:
				add(x.Token, "_Atomic(T) of an array type (C11 6.7.2.4): an array of atomic elements is written _Atomic(T) a[n]")
			case k == cc.Function:
				add(x.Token, "_Atomic(T) of a function type (C11 6.7.2.4)")
			case isAtomicType(tn.Type(), atomicTD):
				add(x.Token, "_Atomic(T) of an atomic type (C11 6.7.2.4): T is already atomic")
			case typeNameQualified(tn, qualTD):
				add(x.Token, "_Atomic(T) of a qualified type (C11 6.7.2.4): qualify the atomic type instead, as in const _Atomic(T)")
			}
		}
	})
	return errs
}

// specItem is a type qualifier or a type specifier of a list of
// declaration specifiers or of specifiers and qualifiers.
type specItem struct {
	q  *cc.TypeQualifier
	ts *cc.TypeSpecifier
}

func dsItems(ds *cc.DeclarationSpecifiers) []specItem {
	var out []specItem
	for ; ds != nil; ds = ds.DeclarationSpecifiers {
		switch {
		case ds.Case == cc.DeclarationSpecifiersTypeQual && ds.TypeQualifier != nil:
			out = append(out, specItem{q: ds.TypeQualifier})
		case ds.Case == cc.DeclarationSpecifiersTypeSpec && ds.TypeSpecifier != nil:
			out = append(out, specItem{ts: ds.TypeSpecifier})
		}
	}
	return out
}

func sqlItems(l *cc.SpecifierQualifierList) []specItem {
	var out []specItem
	for ; l != nil; l = l.SpecifierQualifierList {
		switch {
		case l.Case == cc.SpecifierQualifierListTypeQual && l.TypeQualifier != nil:
			out = append(out, specItem{q: l.TypeQualifier})
		case l.Case == cc.SpecifierQualifierListTypeSpec && l.TypeSpecifier != nil:
			out = append(out, specItem{ts: l.TypeSpecifier})
		}
	}
	return out
}

// specKind is the kind of the type a specifier names when it may be an
// array or a function: through a typedef name or typeof; else cc.InvalidKind.
func specKind(ts *cc.TypeSpecifier) cc.Kind {
	if ts == nil {
		return cc.InvalidKind
	}
	switch ts.Case {
	case cc.TypeSpecifierTypeName:
		if d := typedefOf(ts); d != nil {
			return d.Type().Kind()
		}
	case cc.TypeSpecifierTypeofType:
		if ts.TypeName != nil {
			return ts.TypeName.Type().Kind()
		}
	case cc.TypeSpecifierTypeofExpr:
		if ts.ExpressionList != nil {
			return ts.ExpressionList.Type().Kind()
		}
	}
	return cc.InvalidKind
}

// typedefOf returns the typedef a typedef name in specifiers names: the
// one of the innermost scope declared before it.
func typedefOf(ts *cc.TypeSpecifier) *cc.Declarator {
	name, seq := ts.Token.SrcStr(), ts.Token.Seq()
	for sc := ts.LexicalScope(); sc != nil; sc = sc.Parent {
		var last *cc.Declarator
		for _, n := range sc.Nodes[name] {
			if d, ok := n.(*cc.Declarator); ok && d.IsTypename() {
				if k := nameSeq(d); k < seq && (last == nil || k > nameSeq(last)) {
					last = d
				}
			}
		}
		if last != nil {
			return last
		}
	}
	return nil
}

func nameSeq(d *cc.Declarator) int {
	t := d.NameTok()
	return t.Seq()
}

// qualifiedItems reports whether specifiers name a qualified type: one of
// const, volatile, restrict or _Atomic, an _Atomic(T) specifier, or a
// typedef name of a qualified type (qualTD).
func qualifiedItems(items []specItem, qualTD map[*cc.Declarator]bool) bool {
	for _, it := range items {
		switch {
		case it.q != nil:
			switch it.q.Case {
			case cc.TypeQualifierConst, cc.TypeQualifierVolatile, cc.TypeQualifierRestrict, cc.TypeQualifierAtomic:
				return true
			}
		case it.ts.Case == cc.TypeSpecifierAtomic:
			return true
		case it.ts.Case == cc.TypeSpecifierTypeName:
			if d := typedefOf(it.ts); d != nil && qualTD[d] {
				return true
			}
		}
	}
	return false
}

// outerPointerQualified reports whether a declarator made of the pointer
// p and a direct declarator that derives nothing is a qualified pointer
// (int *const p): the last '*' carries the qualifiers of the outer type.
func outerPointerQualified(p *cc.Pointer, dd *cc.DirectDeclarator) bool {
	if p == nil {
		return false
	}
	for dd != nil && dd.Case == cc.DirectDeclaratorDecl && dd.Declarator != nil && dd.Declarator.Pointer == nil {
		dd = dd.Declarator.DirectDeclarator
	}
	if dd != nil && dd.Case != cc.DirectDeclaratorIdent {
		return false
	}
	return lastPointerQualified(p)
}

func lastPointerQualified(p *cc.Pointer) bool {
	for p.Pointer != nil {
		p = p.Pointer
	}
	for q := p.TypeQualifiers; q != nil; q = q.TypeQualifiers {
		if tq := q.TypeQualifier; tq != nil {
			switch tq.Case {
			case cc.TypeQualifierConst, cc.TypeQualifierVolatile, cc.TypeQualifierRestrict, cc.TypeQualifierAtomic:
				return true
			}
		}
	}
	return false
}

// typeNameQualified reports whether a type name names a qualified type:
// qualified specifiers with no declarator (const int), or a qualified
// pointer as its outer type (int *const).
func typeNameQualified(tn *cc.TypeName, qualTD map[*cc.Declarator]bool) bool {
	ad := tn.AbstractDeclarator
	if ad == nil {
		return qualifiedItems(sqlItems(tn.SpecifierQualifierList), qualTD)
	}
	return ad.DirectAbstractDeclarator == nil && ad.Pointer != nil && lastPointerQualified(ad.Pointer)
}

// genericMismatch checks the association cc chose for a _Generic. cc
// compares types without _Atomic (which it does not know; see
// markAtomic), and takes any pointer for a pointer to a pointer, so it may
// choose an association whose type is not compatible with the controlling
// expression's (C11 6.5.1.1p2, 6.2.7): _Generic(&h, _Atomic int *: 1,
// default: 2) of an int h would be 1. The value and type of the whole
// follow cc's choice, which is therefore refused, not redone, when C
// chooses otherwise. C never chooses an association cc finds
// incompatible, so a default cc chose is C's.
func genericMismatch(g *cc.GenericSelection, atomicTD map[*cc.Declarator]bool) string {
	if msg := genericQualified(g); msg != "" {
		return msg
	}
	a := g.Associated()
	if a == nil || a.Case != cc.GenericAssociationType || a.TypeName == nil || g.AssignmentExpression == nil {
		return ""
	}
	ctrl, at := g.AssignmentExpression.Type(), a.TypeName.Type()
	if ctrl == nil || at == nil {
		return ""
	}
	if !ctrl.IsCompatible(at) {
		return fmt.Sprintf("_Generic: the C type checker would choose the association for %s for the controlling type %s, which is not compatible with it (C11 6.2.7): not supported",
			atomicTypeName(at, atomicTD, true), atomicTypeName(ctrl, atomicTD, false))
	}
	// The controlling type is that after lvalue conversion (C17
	// 6.5.1.1p2), unqualified: an _Atomic association type matches none.
	ok := !atomicLevel(at, atomicTD)
	for c, t := ctrl, at; ok; {
		ce, te := elemOf(c), elemOf(t)
		if ce == nil || te == nil {
			break
		}
		ok = atomicLevel(ce, atomicTD) == atomicLevel(te, atomicTD)
		c, t = ce, te
	}
	if ok {
		return ""
	}
	return fmt.Sprintf("_Generic: the C type checker, which does not tell _Atomic types apart, would choose the association for %s for the controlling type %s, which is not compatible with it (C11 6.2.7): not supported",
		atomicTypeName(at, atomicTD, true), atomicTypeName(ctrl, atomicTD, false))
}

// genericQualified refuses a _Generic whose controlling type, or one of
// whose association types, is a pointer type with const or volatile in
// it. C's compatibility asks for the same qualifiers at every level but
// the top (C11 6.7.6.1p2), but the type checker matches int * with
// const int *, drops const from an association's type name, and may keep
// an element's qualifier on the pointer to it, so its choice cannot be
// trusted there. A pointer qualified only at its top level, which C's
// choice ignores, is refused with them: the types do not say which it is.
func genericQualified(g *cc.GenericSelection) string {
	const msg = "_Generic over a pointer type with const or volatile in it (%s) is not supported: the C type checker does not tell such types from unqualified ones"
	if t := g.AssignmentExpression.Type(); t != nil && elemOf(t) != nil {
		// cc may keep an element's qualifier on the pointer to it
		for e := t; e != nil; e = elemOf(e) {
			if e.Attributes().IsConst() || e.Attributes().IsVolatile() {
				return fmt.Sprintf(msg, "the controlling expression's")
			}
		}
	}
	for l := g.GenericAssociationList; l != nil; l = l.GenericAssociationList {
		a := l.GenericAssociation
		if a == nil || a.TypeName == nil || a.TypeName.Type() == nil || elemOf(a.TypeName.Type()) == nil {
			continue
		}
		qualified := false
		walkNodes(a.TypeName, func(n any) {
			if q, ok := n.(*cc.TypeQualifier); ok && (q.Case == cc.TypeQualifierConst || q.Case == cc.TypeQualifierVolatile) {
				qualified = true
			}
		})
		if qualified {
			return fmt.Sprintf(msg, "an association's")
		}
	}
	return ""
}

// atomicLevel reports whether a level of a type is _Atomic. An array
// type is not, whatever cc attached to it: its elements are (C11 6.7.3p9).
func atomicLevel(t cc.Type, atomicTD map[*cc.Declarator]bool) bool {
	return t.Kind() != cc.Array && isAtomicType(t, atomicTD)
}

// elemOf is the element type of a pointer or array type, else nil.
func elemOf(t cc.Type) cc.Type {
	switch x := t.(type) {
	case *cc.PointerType:
		return x.Elem()
	case *cc.ArrayType:
		return x.Elem()
	}
	return nil
}

// atomicTypeName names a type in cc's words with _Atomic where it is, at
// the outer level only if outer is set.
func atomicTypeName(t cc.Type, atomicTD map[*cc.Declarator]bool, outer bool) string {
	if td := t.Typedef(); td != nil {
		return td.Name() // an _Atomic typedef says so itself
	}
	prefix := ""
	if outer && atomicLevel(t, atomicTD) {
		prefix = "_Atomic "
	}
	switch x := t.(type) {
	case *cc.PointerType:
		return prefix + "pointer to " + atomicTypeName(x.Elem(), atomicTD, true)
	case *cc.ArrayType:
		return prefix + fmt.Sprintf("array of %d ", x.Len()) + atomicTypeName(x.Elem(), atomicTD, true)
	}
	return prefix + shortTypeName(t)
}
