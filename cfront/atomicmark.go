package cfront

import (
	"strings"

	"modernc.org/cc/v4"
)

// cc/v4 parses _Atomic but keeps no trace of it in types (only in the
// declarator that names it), so an access through a pointer to an _Atomic
// object, or to a field of _Atomic type, could not be told from a plain
// one. Every file's text is therefore rewritten before preprocessing: the
// keyword _Atomic becomes one of four macros of the same length (columns do
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
// The qualifier's attribute comes first, so that A int x and A(int) y
// both read right. But cc takes no attribute first in the type name of
// sizeof, _Alignof, typeof and _Alignas: there, and in a macro's argument
// that is a type name, the keyword moves after the specifiers it
// qualifies, sizeof(_Atomic long) -> sizeof(long __cfQ__)
// (parenTypeName). typeof and _Alignas do not take _Atomic(T) first
// either (cc reads only a type specifier first there, and _Atomic(T) is
// none to it): written in them, _Atomic(T) becomes __cfT__(T), the
// qualifier on __typeof__(T), which is the same type (C11 6.7.2.4p4)
// with a type specifier first: __typeof__(_Atomic(int)),
// _Alignas(_Atomic(long)).
//
// Where the text does not show the use, in a directive's body (#define A
// _Atomic, #define AI _Atomic int, and a -D value), the keyword becomes
// __cfD__, which puts the keyword itself before the marked one: the
// qualifier repeated means the same (C11 6.7.3p5), and sizeof(A int) and
// _Alignof(AI) parse as A int x and A(int) y do. __typeof__(A int) still
// does not, nor __typeof__(const int): typeNameFirst (input.go) refuses
// them by name, as it does int * A p, where cc takes no attribute after
// a qualifier of a pointer.
//
// An _Atomic in a pointer's qualifier list (int * _Atomic p), where cc
// accepts no attribute, is left alone and refused by syntaxErrors; so is
// an _Atomic the text does not spell, which only preprocessing forms
// (pasted by ##, or split by a line splice), and which this scan cannot
// see (atomicMarks).
const (
	atomicAttr        = "__cf_atomic__"
	atomicQualMacro   = "__cfQ__"
	atomicSpecMacro   = "__cfS__"
	atomicDirMacro    = "__cfD__"
	atomicTypeofMacro = "__cfT__"
	atomicMark        = "__attribute__((" + atomicAttr + ", __weak__))"
	atomicMacros      = "#define " + atomicQualMacro + " " + atomicMark + " _Atomic\n" +
		"#define " + atomicSpecMacro + "(...) _Atomic(__VA_ARGS__) " + atomicMark + "\n" +
		"#define " + atomicDirMacro + " _Atomic " + atomicMark + " _Atomic\n" +
		"#define " + atomicTypeofMacro + "(...) __typeof__(__VA_ARGS__) " + atomicMark + " _Atomic\n"
)

// markAtomic rewrites the _Atomic keywords of a C text as described above;
// everything else is unchanged, byte for byte.
func markAtomic(text string) string {
	if !strings.Contains(text, "_Atomic") {
		return text
	}
	var toks []markToken
	scanDirTokens(text, func(tok string, off, _, _, dir int) bool {
		toks = append(toks, markToken{tok, off, dir})
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
			if i+1 < len(toks) && toks[i+1].text == "(" {
				if i >= 2 && toks[i-1].text == "(" && typeSpecifierFirst[toks[i-2].text] &&
					toks[i-1].dir == t.dir && toks[i-2].dir == t.dir {
					copy(b[t.off:], atomicTypeofMacro)
				} else {
					copy(b[t.off:], atomicSpecMacro)
				}
				continue
			}
			if n := parenTypeName(toks, i); n > 0 {
				// sizeof(_Atomic long long) -> sizeof(long long __cfQ__);
				// the lines stay where they are, and a struct's _Atomic
				// fields where this loop rewrites them
				last := toks[i+n]
				body := text[toks[i+1].off : last.off+len(last.text)]
				gap := text[t.off+len("_Atomic") : toks[i+1].off]
				if !strings.ContainsAny(gap, "\r\n") && !strings.Contains(body, "_Atomic") {
					copy(b[t.off:], body+gap+atomicQualMacro)
					continue
				}
			}
			if t.dir != 0 {
				copy(b[t.off:], atomicDirMacro)
			} else {
				copy(b[t.off:], atomicQualMacro)
			}
		case "*":
			afterStar = true
		default:
			if qualifierKeywords[t.text] {
				continue
			}
			afterStar = false
		}
	}
	return string(b)
}

// markToken is a token of the text markAtomic rewrites: its text, byte
// offset and directive (see scanDirTokens).
type markToken struct {
	text     string
	off, dir int
}

// parenTypeName returns, for the _Atomic toks[i] that starts a type name
// in parentheses cc parses only without an attribute first, how many
// tokens after it are the specifiers to move it over (typeNameSpecifiers);
// else 0. Such a type name follows a keyword of typeNameOps, or is a
// macro's argument (#define SZ(T) sizeof(T), SZ(_Atomic int)): after an
// identifier, a type name with no declarator but pointers (a prototype's
// unnamed parameter reads the same either way).
func parenTypeName(toks []markToken, i int) int {
	if i < 2 || toks[i-1].text != "(" || toks[i-1].dir != toks[i].dir || toks[i-2].dir != toks[i].dir {
		return 0
	}
	before := toks[i-2].text
	if !typeNameOps[before] && !(isCIdent(before) && !statementKeywords[before]) {
		return 0
	}
	n := typeNameSpecifiers(toks[i+1:])
	if n == 0 || typeNameOps[before] {
		return n
	}
	j := i + 1 + n
	for j < len(toks) && (toks[j].text == "*" || qualifierKeywords[toks[j].text]) {
		j++
	}
	if j < len(toks) && (toks[j].text == ")" || toks[j].text == ",") {
		return n
	}
	return 0
}

// statementKeywords are the keywords a parenthesised expression, not a
// type name, may follow.
var statementKeywords = map[string]bool{
	"if": true, "while": true, "for": true, "switch": true, "return": true, "case": true, "do": true, "else": true,
}

// typeNameOps are the keywords followed by a type name in parentheses
// that cc parses only when the name's first token is a type specifier
// (typeof, _Alignas) or qualifier (sizeof, _Alignof), not the attribute
// the mark puts first: there, _Atomic is moved after the type specifiers
// it qualifies (C11 6.7.2p2: the order of specifiers and qualifiers is
// free).
var typeNameOps = map[string]bool{
	"sizeof": true, "_Alignof": true, "__alignof": true, "__alignof__": true,
	"typeof": true, "__typeof": true, "__typeof__": true, "_Alignas": true,
}

// typeSpecifierFirst are the keywords of typeNameOps whose type name cc
// parses only when its first token is a type specifier, which _Atomic(T)
// is not to cc.
var typeSpecifierFirst = map[string]bool{
	"typeof": true, "__typeof": true, "__typeof__": true, "_Alignas": true,
}

// basicSpecifiers are the keywords that name a type together.
var basicSpecifiers = map[string]bool{
	"void": true, "char": true, "short": true, "int": true, "long": true,
	"float": true, "double": true, "signed": true, "__signed": true, "__signed__": true,
	"unsigned": true, "_Bool": true, "_Complex": true, "__int128": true,
}

// typeNameSpecifiers returns how many of the first tokens of a type name
// are its type specifiers and qualifiers: basic keywords, or a struct,
// union or enum (tag, body or both), or a typedef name (a type name
// declares no identifier, so an identifier before any specifier is one);
// 0 where they end in no such specifier.
func typeNameSpecifiers(toks []markToken) int {
	k, typed, basic := 0, false, false
	for k < len(toks) && toks[k].dir == toks[0].dir {
		t := toks[k].text
		switch {
		case qualifierKeywords[t]:
			k++
		case basicSpecifiers[t] && (basic || !typed):
			typed, basic = true, true
			k++
		case typed:
			return k
		case t == "struct" || t == "union" || t == "enum":
			j := k + 1
			tagged := j < len(toks) && isCIdent(toks[j].text) && !cKeywords[toks[j].text]
			if tagged {
				j++
			}
			switch {
			case j < len(toks) && toks[j].text == "{":
				depth := 0
				for ; j < len(toks) && toks[j].dir == toks[0].dir; j++ {
					if toks[j].text == "{" {
						depth++
					} else if toks[j].text == "}" {
						if depth--; depth == 0 {
							break
						}
					}
				}
				if j == len(toks) || toks[j].text != "}" || depth != 0 {
					return 0
				}
				j++
			case !tagged || j < len(toks) && toks[j].text == ":":
				return 0
			}
			typed = true
			k = j
		case isCIdent(t) && !cKeywords[t]:
			typed = true
			k++
		default:
			return 0
		}
	}
	if !typed {
		return 0
	}
	return k
}

// qualifierKeywords are gcc's spellings of the qualifiers but _Atomic.
var qualifierKeywords = map[string]bool{
	"const": true, "__const": true, "__const__": true, "volatile": true, "__volatile": true, "__volatile__": true,
	"restrict": true, "__restrict": true, "__restrict__": true,
}

// isCIdent reports whether a token is an identifier or keyword.
func isCIdent(t string) bool {
	if t == "" || t[0] >= '0' && t[0] <= '9' {
		return false
	}
	for i := 0; i < len(t); i++ {
		if !isIdentByte(t[i]) {
			return false
		}
	}
	return true
}

// cKeywords are the keywords that may follow _Atomic in a type name and
// that typeNameSpecifiers does not move it over.
var cKeywords = map[string]bool{
	"_Atomic": true, "__attribute__": true, "__attribute": true, "_Alignas": true,
	"typeof": true, "__typeof": true, "__typeof__": true, "__extension__": true,
	"struct": true, "union": true, "enum": true,
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
