package cfront

import (
	"strings"

	"modernc.org/cc/v4"
)

// cc/v4 parses _Atomic but keeps no trace of it in types (only in the
// declarator that names it), so an access through a pointer to an _Atomic
// object, or to a field of _Atomic type, could not be told from a plain
// one. Every file's text is therefore rewritten before preprocessing: the
// keyword _Atomic becomes one of two macros of the same length (columns do
// not move), which put the keyword back followed by a type attribute that
// cc carries through typedefs, pointers and struct fields:
//
//	_Atomic int x;        ->  __cfQ__ int x;        ->  _Atomic __attribute__((__cf_atomic__)) int x;
//	_Atomic(node *) head; ->  __cfS__(node *) head; ->  _Atomic(node *) __attribute__((__cf_atomic__)) head;
//
// An _Atomic in a pointer's qualifier list (int * _Atomic p), where cc
// accepts no attribute, is left alone and refused by syntaxErrors.
const (
	atomicAttr      = "__cf_atomic__"
	atomicQualMacro = "__cfQ__"
	atomicSpecMacro = "__cfS__"
	atomicMacros    = "#define " + atomicQualMacro + " _Atomic __attribute__((" + atomicAttr + "))\n" +
		"#define " + atomicSpecMacro + "(...) _Atomic(__VA_ARGS__) __attribute__((" + atomicAttr + "))\n"
)

// markAtomic rewrites the _Atomic keywords of a C text as described above;
// everything else is unchanged, byte for byte.
func markAtomic(text string) string {
	if !strings.Contains(text, "_Atomic") {
		return text
	}
	type token struct {
		text string
		off  int
	}
	var toks []token
	scanTokens(text, true, func(tok string, off, _, _ int) bool {
		toks = append(toks, token{tok, off})
		return true
	})
	b := []byte(text)
	afterStar := false // the tokens since the last '*' are qualifiers
	for i, t := range toks {
		switch t.text {
		case "_Atomic":
			if afterStar {
				continue
			}
			macro := atomicQualMacro
			if i+1 < len(toks) && toks[i+1].text == "(" {
				macro = atomicSpecMacro
			}
			copy(b[t.off:], macro)
		case "*":
			afterStar = true
		case "const", "volatile", "restrict", "__restrict", "__restrict__", "__const", "__volatile__":
		default:
			afterStar = false
		}
	}
	return string(b)
}

// isAtomicType reports whether t is an _Atomic type (see markAtomic);
// atomicTD holds the file's typedef names of _Atomic types (atomicTypedefs).
func isAtomicType(t cc.Type, atomicTD map[*cc.Declarator]bool) bool {
	if t == nil {
		return false
	}
	if a := t.Attributes(); a != nil && a.IsAttrSet(atomicAttr) {
		return true
	}
	// A typedef name loses the attribute where it names a field or an
	// element, and cc may drop it from a typedef of such a typedef once a
	// pointer to it is declared (typedef atomic_int counter_t; counter_t
	// *p;): the typedef's declaration still says _Atomic, directly or
	// through the typedef it names.
	d := t.Typedef()
	return d != nil && atomicTD[d]
}

// atomicTypedefs finds the typedef names of _Atomic types in a file: a
// typedef declarator that derives nothing (no pointer, array or function)
// from specifiers that say _Atomic, or that name such a typedef. Names
// are followed in the order of the file, without scopes, as
// selfContaining does.
func atomicTypedefs(ast *cc.AST) map[*cc.Declarator]bool {
	atomic := map[*cc.Declarator]bool{}
	byName := map[string]bool{} // the last typedef of each name
	walkNodes(ast.TranslationUnit, func(n any) {
		decl, ok := n.(*cc.Declaration)
		if !ok || decl.DeclarationSpecifiers == nil || !isTypedefDecl(decl.DeclarationSpecifiers) {
			return
		}
		named := false // the specifiers name an _Atomic typedef
		for ds := decl.DeclarationSpecifiers; ds != nil; ds = ds.DeclarationSpecifiers {
			if ds.Case == cc.DeclarationSpecifiersTypeSpec && ds.TypeSpecifier != nil &&
				ds.TypeSpecifier.Case == cc.TypeSpecifierTypeName && byName[ds.TypeSpecifier.Token.SrcStr()] {
				named = true
			}
		}
		for l := decl.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
			if l.InitDeclarator == nil || l.InitDeclarator.Declarator == nil {
				continue
			}
			d := l.InitDeclarator.Declarator
			a := d.Pointer == nil && d.DirectDeclarator != nil && d.DirectDeclarator.Case == cc.DirectDeclaratorIdent &&
				(named || d.IsAtomic() || attrAtomic(d.Type()))
			atomic[d] = a
			byName[d.Name()] = a
		}
	})
	return atomic
}

func attrAtomic(t cc.Type) bool {
	a := t.Attributes()
	return a != nil && a.IsAttrSet(atomicAttr)
}
