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
// not move), which put the keyword back beside a type attribute that cc
// carries through typedefs, pointers and struct fields:
//
//	_Atomic int x;        ->  __cfQ__ int x;        ->  __attribute__((__cf_atomic__, __weak__)) _Atomic int x;
//	_Atomic(node *) head; ->  __cfS__(node *) head; ->  _Atomic(node *) __attribute__((__cf_atomic__, __weak__)) head;
//
// __weak__ changes nothing we read, but cc copies it into a set of
// attributes of each declarator's own. Without it, a pointer declarator
// shares the attributes of the specifiers' type, whose custom ones cc then
// clears in place (Declarator.fixPointerAttr): the mark was gone from every
// later declarator (_Atomic int *pa, *pb; made *pb plain) and from an
// object whose type __typeof__ took (_Atomic int a; __typeof__(a) *t;).
//
// The qualifier's attribute comes first, so that an _Atomic whose use the
// text does not show (the body of #define A _Atomic, a -D value, which
// are rewritten too) reads right in both uses, A int x and A(int) y. An
// _Atomic in a pointer's qualifier list (int * _Atomic p), where cc
// accepts no attribute, is left alone and refused by syntaxErrors.
const (
	atomicAttr      = "__cf_atomic__"
	atomicQualMacro = "__cfQ__"
	atomicSpecMacro = "__cfS__"
	atomicMacros    = "#define " + atomicQualMacro + " __attribute__((" + atomicAttr + ", __weak__)) _Atomic\n" +
		"#define " + atomicSpecMacro + "(...) _Atomic(__VA_ARGS__) __attribute__((" + atomicAttr + ", __weak__))\n"
)

// markAtomic rewrites the _Atomic keywords of a C text as described above;
// everything else is unchanged, byte for byte.
func markAtomic(text string) string {
	if !strings.Contains(text, "_Atomic") {
		return text
	}
	type token struct {
		text     string
		off, dir int
	}
	var toks []token
	scanDirTokens(text, func(tok string, off, _, _, dir int) bool {
		toks = append(toks, token{tok, off, dir})
		return true
	})
	b := []byte(text)
	afterStar := false // the tokens since the last '*' are qualifiers
	for i, t := range toks {
		// A directive is a text of its own: a '*' that ends a macro's
		// body (#define NODE_PTR struct node *) qualifies nothing after
		// the directive, nor one before it anything in it.
		if i > 0 && t.dir != toks[i-1].dir {
			afterStar = false
		}
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
// typedef declarator that derives nothing (no pointer, array or function;
// parentheses allowed) from specifiers that say _Atomic, or that name such
// a typedef. A typedef name in the specifiers is the one C's scopes make
// visible there: the innermost declared before it (a block's typedef
// ends with its block).
func atomicTypedefs(ast *cc.AST) map[*cc.Declarator]bool {
	atomic := map[*cc.Declarator]bool{}
	seen := map[*cc.Declarator]int{} // typedefs in the order of the file
	visible := func(ts *cc.TypeSpecifier) *cc.Declarator {
		name := ts.Token.SrcStr()
		for sc := ts.LexicalScope(); sc != nil; sc = sc.Parent {
			var last *cc.Declarator
			for _, n := range sc.Nodes[name] {
				if d, ok := n.(*cc.Declarator); ok {
					if k, ok := seen[d]; ok && (last == nil || k > seen[last]) {
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
	walkNodes(ast.TranslationUnit, func(n any) {
		decl, ok := n.(*cc.Declaration)
		if !ok || decl.DeclarationSpecifiers == nil || !isTypedefDecl(decl.DeclarationSpecifiers) {
			return
		}
		named := false // the specifiers name an _Atomic typedef
		for ds := decl.DeclarationSpecifiers; ds != nil; ds = ds.DeclarationSpecifiers {
			if ds.Case == cc.DeclarationSpecifiersTypeSpec && ds.TypeSpecifier != nil &&
				ds.TypeSpecifier.Case == cc.TypeSpecifierTypeName && atomic[visible(ds.TypeSpecifier)] {
				named = true
			}
		}
		for l := decl.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
			if l.InitDeclarator == nil || l.InitDeclarator.Declarator == nil {
				continue
			}
			d := l.InitDeclarator.Declarator
			atomic[d] = derivesNothing(d) && (named || d.IsAtomic() || attrAtomic(d.Type()))
			seen[d] = len(seen)
		}
	})
	return atomic
}

// derivesNothing reports whether a declarator is its identifier, maybe in
// parentheses: no pointer, array or function.
func derivesNothing(d *cc.Declarator) bool {
	for d != nil && d.Pointer == nil && d.DirectDeclarator != nil {
		switch d.DirectDeclarator.Case {
		case cc.DirectDeclaratorIdent:
			return true
		case cc.DirectDeclaratorDecl:
			d = d.DirectDeclarator.Declarator
		default:
			return false
		}
	}
	return false
}

func attrAtomic(t cc.Type) bool {
	a := t.Attributes()
	return a != nil && a.IsAttrSet(atomicAttr)
}
