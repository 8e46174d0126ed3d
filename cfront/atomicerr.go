package cfront

import (
	"modernc.org/cc/v4"

	"checkfence/lsl"
)

// atomicTypeErrors refuses the _Atomic types C forbids (C11 6.7.2.4p3,
// 6.7.3p3): cc accepts them, and an _Atomic array or an _Atomic(T) of a
// qualified or atomic T would be compiled as plain accesses.
func atomicTypeErrors(ast *cc.AST) ErrorList {
	var errs ErrorList
	add := func(t cc.Token, msg string) {
		errs = append(errs, &lsl.Error{Pos: tokPos(t), Msg: msg})
	}
	td := atomicTypedefs(ast)
	// qualifier reports the _Atomic qualifier of a specifier list.
	qualifier := func(tq *cc.TypeQualifier) bool {
		return tq != nil && tq.Case == cc.TypeQualifierAtomic
	}
	checkQualified := func(tok cc.Token, t cc.Type) {
		switch t.(type) {
		case *cc.ArrayType:
			add(tok, "_Atomic applied to an array type")
		case *cc.FunctionType:
			add(tok, "_Atomic applied to a function type")
		}
	}
	walkNodes(ast.TranslationUnit, func(n any) {
		switch x := n.(type) {
		case *cc.AtomicTypeSpecifier:
			if x.TypeName == nil {
				return
			}
			t := x.TypeName.Type()
			switch t.(type) {
			case *cc.ArrayType:
				add(x.Token, "_Atomic(type) of an array type")
				return
			case *cc.FunctionType:
				add(x.Token, "_Atomic(type) of a function type")
				return
			}
			qualified, atomic := false, isAtomicType(t, td)
			if a := t.Attributes(); a != nil && (a.IsConst() || a.IsVolatile()) {
				qualified = true
			}
			for l := x.TypeName.SpecifierQualifierList; l != nil; l = l.SpecifierQualifierList {
				if l.TypeQualifier != nil {
					if qualifier(l.TypeQualifier) {
						atomic = true
					} else {
						qualified = true
					}
				}
				if ts := l.TypeSpecifier; ts != nil && ts.Case == cc.TypeSpecifierAtomic {
					atomic = true
				}
			}
			if ad := x.TypeName.AbstractDeclarator; ad != nil && ad.Pointer != nil {
				// The qualifiers of the outermost pointer are the type's.
				p := ad.Pointer
				for p.Pointer != nil {
					p = p.Pointer
				}
				if p.TypeQualifiers != nil {
					qualified = true
				}
			}
			switch {
			case atomic:
				add(x.Token, "_Atomic(type) of an atomic type")
			case qualified:
				add(x.Token, "_Atomic(type) of a qualified type")
			}
		case *cc.DeclarationSpecifiers:
			var tok cc.Token
			found := false
			for ds := x; ds != nil; ds = ds.DeclarationSpecifiers {
				if ds.Case == cc.DeclarationSpecifiersTypeQual && qualifier(ds.TypeQualifier) {
					tok, found = ds.TypeQualifier.Token, true
					break
				}
			}
			if found && x.Type() != nil {
				checkQualified(tok, x.Type())
			}
		case *cc.StructDeclaration:
			var tok cc.Token
			found := false
			for l := x.SpecifierQualifierList; l != nil; l = l.SpecifierQualifierList {
				if qualifier(l.TypeQualifier) {
					tok, found = l.TypeQualifier.Token, true
					break
				}
			}
			if !found {
				return
			}
			for l := x.StructDeclaratorList; l != nil; l = l.StructDeclaratorList {
				if sd := l.StructDeclarator; sd != nil && sd.Declarator != nil && derivesNothing(sd.Declarator) {
					checkQualified(tok, sd.Declarator.Type())
					return
				}
			}
		case *cc.TypeName:
			if x.AbstractDeclarator != nil {
				return
			}
			for l := x.SpecifierQualifierList; l != nil; l = l.SpecifierQualifierList {
				if qualifier(l.TypeQualifier) {
					checkQualified(l.TypeQualifier.Token, x.Type())
					return
				}
			}
		}
	})
	return errs
}
