package cfront

import (
	"fmt"
	"math"
	"regexp"
	"strings"

	"modernc.org/cc/v4"

	"checkfence/lsl"
)

// syntaxErrors reports, on the parse tree and so before cc's type checker
// sees it, what the checker or the translator would get wrong:
//
//   - an operand that must be an lvalue and is not (++1, (x+1)--, 1 = 2,
//     &1): cc's checker reports most as "internal error" without a
//     position, and accepts &1;
//   - an _Atomic in a pointer's qualifier list, which markAtomic cannot
//     mark, and one markAtomic never saw (atomicMarks);
//   - the floating types cc's checker refuses without a position
//     (_Float16, __fp16, __bf16, _Float128x) and _Imaginary;
//   - the GNU attributes that change what the code does and that cc
//     parses and drops (attributeError).
func syntaxErrors(ast *cc.AST) ErrorList {
	var errs ErrorList
	add := func(t cc.Token, msg string) {
		errs = append(errs, &lsl.Error{Pos: tokPos(t), Msg: msg})
	}
	inner := map[*cc.DeclarationSpecifiers]bool{}
	innerSQ := map[*cc.SpecifierQualifierList]bool{}
	var marks atomicMarks
	walkNodes(ast.TranslationUnit, func(n any) {
		switch x := n.(type) {
		case *cc.AssignmentExpression:
			if x.Case != cc.AssignmentExpressionCond && notLvalue(x.UnaryExpression) {
				add(x.Token, "lvalue required as left operand of assignment")
			} else if x.Case != cc.AssignmentExpressionCond && isStringLiteral(x.UnaryExpression) {
				// an array, which cc's checker reports without a
				// position
				add(x.Token, "assignment to expression with array type")
			}
		case *cc.UnaryExpression:
			switch x.Case {
			case cc.UnaryExpressionInc:
				if notLvalue(x.UnaryExpression) || isStringLiteral(x.UnaryExpression) {
					add(x.Token, "lvalue required as increment operand")
				}
			case cc.UnaryExpressionDec:
				if notLvalue(x.UnaryExpression) || isStringLiteral(x.UnaryExpression) {
					add(x.Token, "lvalue required as decrement operand")
				}
			case cc.UnaryExpressionAddrof:
				if notLvalue(x.CastExpression) {
					add(x.Token, "lvalue required as unary '&' operand")
				}
			}
		case *cc.PostfixExpression:
			switch x.Case {
			case cc.PostfixExpressionInc:
				if notLvalue(x.PostfixExpression) || isStringLiteral(x.PostfixExpression) {
					add(x.Token, "lvalue required as increment operand")
				}
			case cc.PostfixExpressionDec:
				if notLvalue(x.PostfixExpression) || isStringLiteral(x.PostfixExpression) {
					add(x.Token, "lvalue required as decrement operand")
				}
			}
		case *cc.ConditionalExpression:
			// cc's checker dereferences the missing operand when the
			// condition is constant.
			if x.Case == cc.ConditionalExpressionCond && (x.ExpressionList == nil || isNilNode(x.ExpressionList)) {
				add(x.Token, "?: without a middle operand is not supported")
			}
		case *cc.PrimaryExpression:
			// cc's checker reports a malformed one (1e) without a
			// position.
			if x.Case == cc.PrimaryExpressionFloat && !validFloat(x.Token.SrcStr()) {
				add(x.Token, fmt.Sprintf("invalid floating constant %q", x.Token.SrcStr()))
			}
		case *cc.FunctionDefinition:
			// cc's checker reports a label defined twice without a
			// position
			labels := map[string]bool{}
			walkNodes(x.CompoundStatement, func(n any) {
				if ls, ok := n.(*cc.LabeledStatement); ok && ls.Case == cc.LabeledStatementLabel {
					name := ls.Token.SrcStr()
					if labels[name] {
						add(ls.Token, fmt.Sprintf("duplicate label %q", name))
					}
					labels[name] = true
				}
			})
		case *cc.TypeSpecifier:
			// cc's checker refuses these without a position ("not
			// supported on linux/amd64") or in its own words.
			switch x.Case {
			case cc.TypeSpecifierFloat16, cc.TypeSpecifierBFloat16, cc.TypeSpecifierFloat128x:
				add(x.Token, fmt.Sprintf("floating point (%s) is not supported", x.Token.SrcStr()))
			case cc.TypeSpecifierImaginary:
				add(x.Token, "imaginary type is not supported")
			}
		case *cc.AttributeSpecifier:
			// markAtomic's own list (__cf_atomic__, __weak__) is no
			// attribute of the program's.
			l := x.AttributeValueList
			if l != nil && l.AttributeValue != nil && l.AttributeValue.Token.SrcStr() == atomicAttr {
				marks.attr(x)
				break
			}
			for ; l != nil; l = l.AttributeValueList {
				if v := l.AttributeValue; v != nil {
					if msg := attributeError(v); msg != "" {
						add(v.Token, msg)
					}
				}
			}
		case *cc.DeclarationSpecifiers:
			// cc's checker crashes on two types in a parameter's
			// specifiers (void f(int char)) and reports them elsewhere in
			// its own words; a list is checked once, from its head.
			if !inner[x] {
				var ts []*cc.TypeSpecifier
				for l := x; l != nil; l = l.DeclarationSpecifiers {
					inner[l.DeclarationSpecifiers] = true
					if l.Case == cc.DeclarationSpecifiersTypeSpec && l.TypeSpecifier != nil {
						ts = append(ts, l.TypeSpecifier)
					}
				}
				if t, msg := specifierError(ts); msg != "" {
					add(t, msg)
				}
			}
		case *cc.SpecifierQualifierList:
			if !innerSQ[x] {
				var ts []*cc.TypeSpecifier
				for l := x; l != nil; l = l.SpecifierQualifierList {
					innerSQ[l.SpecifierQualifierList] = true
					if l.Case == cc.SpecifierQualifierListTypeSpec && l.TypeSpecifier != nil {
						ts = append(ts, l.TypeSpecifier)
					}
				}
				if t, msg := specifierError(ts); msg != "" {
					add(t, msg)
				}
			}
		case *cc.StructDeclaration:
			// A member without a type (struct s { int a; x; }): cc's
			// checker makes it an int. An empty one (an extra ';') is
			// dropped from the text (dropEmptyMembers).
			if x.Case == cc.StructDeclarationDecl && x.SpecifierQualifierList == nil && x.StructDeclaratorList != nil {
				if sd := x.StructDeclaratorList.StructDeclarator; sd != nil && sd.Declarator != nil && sd.Declarator.Name() != "" {
					add(sd.Declarator.NameTok(), fmt.Sprintf("member %s has no type (expected a type before it)", sd.Declarator.Name()))
				} else {
					add(x.Token, "member without a type")
				}
			}
		case *cc.InitDeclarator:
			// cc's checker reports an initialized function without a
			// position.
			if x.Case == cc.InitDeclaratorInit && x.Declarator != nil && declaresFunction(x.Declarator) {
				add(x.Declarator.NameTok(), fmt.Sprintf("function %s is initialized like a variable", x.Declarator.Name()))
			}
		case *cc.Pointer:
			// markAtomic leaves these unmarked (cc takes no attribute
			// there).
			for q := x.TypeQualifiers; q != nil; q = q.TypeQualifiers {
				if tq := q.TypeQualifier; tq != nil && tq.Case == cc.TypeQualifierAtomic {
					add(tq.Token, "an _Atomic pointer written T * _Atomic p is not supported: write _Atomic(T *) p")
					marks.refused(tq)
				}
			}
		case *cc.TypeQualifier:
			if x.Case == cc.TypeQualifierAtomic {
				marks.quals = append(marks.quals, x)
			}
		case *cc.AtomicTypeSpecifier:
			marks.specs = append(marks.specs, x)
		}
	})
	for _, t := range marks.unmarked() {
		add(t, "_Atomic formed by token pasting (##) or split by a line splice is not supported: write the keyword _Atomic itself")
	}
	return errs
}

// atomicMarks collects the _Atomic keywords of a parse tree and the
// attributes markAtomic puts beside them. markAtomic rewrites the keyword
// in the text before preprocessing, so an _Atomic that is not there
// literally (pasted by ##: #define CAT(a, b) a##b, CAT(_At, omic) int x;
// or split by a backslash-newline) reaches cc unmarked, and its object
// would be read as plain: unmarked finds those. A mark is the attribute
// right before the keyword (__cfQ__) or right after the closing
// parenthesis of _Atomic(T) (__cfS__), adjacent in cc's token sequence.
type atomicMarks struct {
	starts, ends map[int]bool // sequence numbers of the marks' first and last tokens
	quals        []*cc.TypeQualifier
	specs        []*cc.AtomicTypeSpecifier
	skip         map[*cc.TypeQualifier]bool // refused already
}

func (m *atomicMarks) attr(a *cc.AttributeSpecifier) {
	if m.starts == nil {
		m.starts, m.ends = map[int]bool{}, map[int]bool{}
	}
	m.starts[a.Token.Seq()] = true
	m.ends[a.Token5.Seq()] = true
}

func (m *atomicMarks) refused(q *cc.TypeQualifier) {
	if m.skip == nil {
		m.skip = map[*cc.TypeQualifier]bool{}
	}
	m.skip[q] = true
}

// unmarked returns the tokens of the _Atomic keywords without a mark.
func (m *atomicMarks) unmarked() []cc.Token {
	var toks []cc.Token
	for _, q := range m.quals {
		// __cfD__ puts a marked _Atomic right after the first one.
		if !m.skip[q] && !m.ends[q.Token.Seq()-1] && !m.starts[q.Token.Seq()+1] {
			toks = append(toks, q.Token)
		}
	}
	for _, s := range m.specs {
		// A(T) with #define A _Atomic carries the qualifier's mark.
		if !m.starts[s.Token3.Seq()+1] && !m.ends[s.Token.Seq()-1] {
			toks = append(toks, s.Token)
		}
	}
	return toks
}

// refusedAttributes says why each GNU attribute that would change the
// program's behaviour, and that cc accepts and ignores, is refused; by its
// name without the underscores of the __name__ spelling.
var refusedAttributes = map[string]string{
	// gcc calls the function with the variable's address when its scope
	// ends
	"cleanup": "call the function where the variable's scope ends instead",
	// the type's width comes from the mode (QI: 8 bits, HI, SI, DI, word,
	// pointer …), not from the type written
	"mode": "write a type of the width wanted (int8_t, uint16_t, …)",
	// members, and the values of an enumeration, lose their alignment
	"packed": "members are laid out at their natural alignment here",
	// gcc runs the function before main, or after it returns
	"constructor": "call it from the test's init operation instead",
	"destructor":  "call it at the end of the test instead",
	// a strong definition in another file takes the weak one's place, and
	// a weak declaration never defined is a null address
	"weak": "define the object or function once, without weak",
	// the name is another of an object or function, or chosen at load time
	"alias":   "use the aliased name itself",
	"weakref": "use the referenced name itself",
	"ifunc":   "call the implementation itself",
}

// attributeError returns the error for an attribute that refusedAttributes
// lists, naming it as written, or "".
func attributeError(x *cc.AttributeValue) string {
	name := x.Token.SrcStr()
	bare := strings.TrimSuffix(strings.TrimPrefix(name, "__"), "__")
	if bare == "aligned" && x.Case == cc.AttributeValueIdent {
		// gcc's largest alignment; cc takes only aligned(N)
		return fmt.Sprintf("__attribute__((%s)) without an alignment is not supported: write %s(16), gcc's default", name, name)
	}
	why, ok := refusedAttributes[bare]
	if !ok {
		return ""
	}
	return fmt.Sprintf("__attribute__((%s)) is not supported: %s", name, why)
}

// notLvalue reports whether e is certainly not an lvalue: a constant, the
// result of an operator other than *, [], ->, or . on an lvalue, a cast, a
// call, or an enumeration constant. What it cannot tell (identifiers,
// string literals, generic selections) it leaves to the type checker.
func notLvalue(e cc.ExpressionNode) bool {
	// A loop, not recursion: the operand may be wrapped deeply.
	for e != nil && !isNilNode(e) {
		if inner, level, wraps := operand(e); level {
			if !wraps {
				return true // an operator's result
			}
			e = inner
			continue
		}
		switch x := e.(type) {
		case *cc.PrimaryExpression:
			switch x.Case {
			case cc.PrimaryExpressionInt, cc.PrimaryExpressionFloat, cc.PrimaryExpressionChar, cc.PrimaryExpressionLChar:
				return true
			case cc.PrimaryExpressionIdent:
				return isEnumerator(x)
			case cc.PrimaryExpressionExpr:
				e = x.ExpressionList
			default:
				return false
			}
		case *cc.ExpressionList:
			if x.ExpressionList != nil {
				return true // a comma expression
			}
			e = x.AssignmentExpression
		case *cc.ConstantExpression:
			e = x.ConditionalExpression
		case *cc.PostfixExpression:
			switch x.Case {
			case cc.PostfixExpressionPrimary:
				e = x.PrimaryExpression
			case cc.PostfixExpressionSelect:
				e = x.PostfixExpression // s.f is an lvalue if s is
			case cc.PostfixExpressionCall, cc.PostfixExpressionInc, cc.PostfixExpressionDec:
				return true
			default:
				return false
			}
		case *cc.UnaryExpression:
			switch x.Case {
			case cc.UnaryExpressionPostfix:
				e = x.PostfixExpression
			case cc.UnaryExpressionDeref:
				return false
			case cc.UnaryExpressionReal, cc.UnaryExpressionImag:
				e = x.UnaryExpression
			default:
				return true
			}
		default:
			return false
		}
	}
	return false
}

// operand tells whether e is a node of one of C's operator levels, from a
// cast up to an assignment (level), and whether it holds no operator but
// wraps the next level down (wraps), which is then inner.
func operand(e cc.ExpressionNode) (inner cc.ExpressionNode, level, wraps bool) {
	switch x := e.(type) {
	case *cc.CastExpression:
		return x.UnaryExpression, true, x.Case == cc.CastExpressionUnary
	case *cc.MultiplicativeExpression:
		return x.CastExpression, true, x.Case == cc.MultiplicativeExpressionCast
	case *cc.AdditiveExpression:
		return x.MultiplicativeExpression, true, x.Case == cc.AdditiveExpressionMul
	case *cc.ShiftExpression:
		return x.AdditiveExpression, true, x.Case == cc.ShiftExpressionAdd
	case *cc.RelationalExpression:
		return x.ShiftExpression, true, x.Case == cc.RelationalExpressionShift
	case *cc.EqualityExpression:
		return x.RelationalExpression, true, x.Case == cc.EqualityExpressionRel
	case *cc.AndExpression:
		return x.EqualityExpression, true, x.Case == cc.AndExpressionEq
	case *cc.ExclusiveOrExpression:
		return x.AndExpression, true, x.Case == cc.ExclusiveOrExpressionAnd
	case *cc.InclusiveOrExpression:
		return x.ExclusiveOrExpression, true, x.Case == cc.InclusiveOrExpressionXor
	case *cc.LogicalAndExpression:
		return x.InclusiveOrExpression, true, x.Case == cc.LogicalAndExpressionOr
	case *cc.LogicalOrExpression:
		return x.LogicalAndExpression, true, x.Case == cc.LogicalOrExpressionLAnd
	case *cc.ConditionalExpression:
		return x.LogicalOrExpression, true, x.Case == cc.ConditionalExpressionLOr
	case *cc.AssignmentExpression:
		return x.ConditionalExpression, true, x.Case == cc.AssignmentExpressionCond
	}
	return nil, false, false
}

// isStringLiteral reports whether e is a string literal, parenthesized
// or not.
func isStringLiteral(e cc.ExpressionNode) bool {
	for e != nil && !isNilNode(e) {
		if inner, level, wraps := operand(e); level {
			if !wraps {
				return false // an operator's result
			}
			e = inner
			continue
		}
		switch x := e.(type) {
		case *cc.PrimaryExpression:
			switch x.Case {
			case cc.PrimaryExpressionString, cc.PrimaryExpressionLString:
				return true
			case cc.PrimaryExpressionExpr:
				e = x.ExpressionList
			default:
				return false
			}
		case *cc.ExpressionList:
			if x.ExpressionList != nil {
				return false
			}
			e = x.AssignmentExpression
		case *cc.PostfixExpression:
			if x.Case != cc.PostfixExpressionPrimary {
				return false
			}
			e = x.PrimaryExpression
		case *cc.UnaryExpression:
			if x.Case != cc.UnaryExpressionPostfix {
				return false
			}
			e = x.PostfixExpression
		default:
			return false
		}
	}
	return false
}

// declaresFunction reports whether d declares a function (int f(void),
// int *f(void)), not a pointer to one or an array: the derivation next to
// the identifier decides. A function type named by a typedef is not seen.
func declaresFunction(d *cc.Declarator) bool {
	var kind func(dd *cc.DirectDeclarator) string
	kind = func(dd *cc.DirectDeclarator) string {
		if dd == nil {
			return ""
		}
		switch dd.Case {
		case cc.DirectDeclaratorDecl:
			if dd.Declarator == nil {
				return ""
			}
			if k := kind(dd.Declarator.DirectDeclarator); k != "" {
				return k
			}
			if dd.Declarator.Pointer != nil {
				return "pointer"
			}
			return ""
		case cc.DirectDeclaratorFuncParam, cc.DirectDeclaratorFuncIdent:
			if k := kind(dd.DirectDeclarator); k != "" {
				return k
			}
			return "function"
		case cc.DirectDeclaratorIdent:
			return ""
		default: // arrays
			if k := kind(dd.DirectDeclarator); k != "" {
				return k
			}
			return "array"
		}
	}
	return kind(d.DirectDeclarator) == "function"
}

// specifierError checks the type specifiers of one declaration against
// C11 6.7.2's combinations: one type, to which short, long, long long,
// signed and unsigned may be added where C allows them. It returns the
// specifier that breaks them and gcc's words, or "".
func specifierError(ts []*cc.TypeSpecifier) (cc.Token, string) {
	var base *cc.TypeSpecifier
	var signed, unsigned, short, complex *cc.TypeSpecifier
	longs := 0
	var long *cc.TypeSpecifier
	both := func(t *cc.TypeSpecifier, other *cc.TypeSpecifier) string {
		return fmt.Sprintf("both '%s' and '%s' in declaration specifiers", other.Token.SrcStr(), t.Token.SrcStr())
	}
	for _, t := range ts {
		switch t.Case {
		case cc.TypeSpecifierSigned:
			if unsigned != nil {
				return t.Token, both(t, unsigned)
			}
			signed = t
		case cc.TypeSpecifierUnsigned:
			if signed != nil {
				return t.Token, both(t, signed)
			}
			unsigned = t
		case cc.TypeSpecifierShort:
			if long != nil {
				return t.Token, both(t, long)
			}
			if short != nil {
				return t.Token, "duplicate 'short'"
			}
			short = t
		case cc.TypeSpecifierLong:
			if short != nil {
				return t.Token, both(t, short)
			}
			if longs++; longs > 2 {
				return t.Token, "'long long long' is too long"
			}
			long = t
		case cc.TypeSpecifierComplex, cc.TypeSpecifierImaginary:
			complex = t
		default:
			if base != nil {
				return t.Token, "two or more data types in declaration specifiers"
			}
			base = t
		}
	}
	if base == nil {
		return cc.Token{}, ""
	}
	// the modifiers a type takes
	switch base.Case {
	case cc.TypeSpecifierInt:
		return cc.Token{}, ""
	case cc.TypeSpecifierChar, cc.TypeSpecifierInt128:
		if short != nil {
			return base.Token, both(base, short)
		}
		if long != nil {
			return base.Token, both(base, long)
		}
		return cc.Token{}, ""
	case cc.TypeSpecifierDouble:
		if short != nil {
			return base.Token, both(base, short)
		}
		if longs > 1 {
			return base.Token, "both 'long long' and 'double' in declaration specifiers"
		}
		if signed != nil {
			return base.Token, both(base, signed)
		}
		if unsigned != nil {
			return base.Token, both(base, unsigned)
		}
		return cc.Token{}, ""
	}
	_ = complex
	for _, m := range []*cc.TypeSpecifier{short, long, signed, unsigned} {
		if m != nil {
			return base.Token, both(base, m)
		}
	}
	return cc.Token{}, ""
}

// isEnumerator reports whether an identifier names an enumeration
// constant, resolving it as cc's type checker will: the innermost scope
// with a declaration of the name visible at the identifier wins. (cc's
// checker reports an enumeration constant used as an lvalue as an
// internal error without a position.)
func isEnumerator(x *cc.PrimaryExpression) bool {
	name := x.Token.SrcStr()
	seq := x.Token.Seq()
	for s := x.LexicalScope(); s != nil; s = s.Parent {
		var first cc.Node
		for _, n := range s.Nodes[name] {
			switch n.(type) {
			case *cc.Declarator, *cc.Enumerator, *cc.Parameter:
				if v, ok := n.(interface{ Visible() int }); ok && seq >= v.Visible() && first == nil {
					first = n
				}
			}
		}
		if first != nil {
			_, ok := first.(*cc.Enumerator)
			return ok
		}
	}
	return false
}

// assignErrors reports, on the type-checked tree, assignments that cc's
// checker accepts but C does not: to an array (the array decays to a
// pointer before cc checks the assignment, and the translator would store
// the pointer into the first element), and to a const object.
func assignErrors(ast *cc.AST) ErrorList {
	var errs ErrorList
	check := func(op cc.Token, e cc.ExpressionNode, what string) {
		if e == nil || isNilNode(e) {
			return
		}
		t := e.Type()
		if t == nil {
			return
		}
		isArray := t.Kind() == cc.Array || t.Kind() == cc.Ptr && t.Undecay() != nil && t.Undecay().Kind() == cc.Array
		if pe, ok := strip(e).(*cc.PrimaryExpression); ok && pe.Case == cc.PrimaryExpressionIdent {
			// A parameter declared as an array is a pointer, which
			// remembers the array it was adjusted from.
			if d, ok := pe.ResolvedTo().(*cc.Declarator); ok {
				isArray = d.Type().Kind() == cc.Array
			}
		}
		if isArray {
			if what == "assignment" {
				errs = append(errs, &lsl.Error{Pos: tokPos(op), Msg: "assignment to expression with array type"})
			}
			return
		}
		if a := t.Attributes(); a != nil && a.IsConst() {
			errs = append(errs, &lsl.Error{Pos: tokPos(op), Msg: what + " of read-only location"})
		}
	}
	walkNodes(ast.TranslationUnit, func(n any) {
		switch x := n.(type) {
		case *cc.AssignmentExpression:
			if x.Case != cc.AssignmentExpressionCond {
				check(x.Token, x.UnaryExpression, "assignment")
			}
		case *cc.UnaryExpression:
			switch x.Case {
			case cc.UnaryExpressionInc:
				check(x.Token, x.UnaryExpression, "increment")
			case cc.UnaryExpressionDec:
				check(x.Token, x.UnaryExpression, "decrement")
			}
		case *cc.PostfixExpression:
			switch x.Case {
			case cc.PostfixExpressionInc:
				check(x.Token, x.PostfixExpression, "increment")
			case cc.PostfixExpressionDec:
				check(x.Token, x.PostfixExpression, "decrement")
			}
		}
	})
	return errs
}

// floatConst matches a C floating constant: its digits and exponent, then
// the suffixes gcc knows (f, l, f16 … f128x, bf16, df, dd, dl, w, q, and i
// or j for imaginary).
var floatConst = regexp.MustCompile(`^(?:(?:[0-9]*\.[0-9]+|[0-9]+\.?)(?:[eE][+-]?[0-9]+)?|0[xX](?:[0-9a-fA-F]*\.[0-9a-fA-F]+|[0-9a-fA-F]+\.?)[pP][+-]?[0-9]+)` +
	`(?i:[ij]?(?:f|l|f16|f32|f64|f128|f32x|f64x|bf16|df|dd|dl|w|q)?[ij]?)$`)

func validFloat(s string) bool { return floatConst.MatchString(s) }

// shiftErrors finds shifts by a constant amount outside the width of the
// promoted left operand, or negative: undefined in C. At run time such a
// shift is an error of the execution (lsl.FaultShift); a constant one is
// refused here rather than folded to whatever the checker computes.
func shiftErrors(ast *cc.AST) ErrorList {
	var errs ErrorList
	walkNodes(ast.TranslationUnit, func(n any) {
		var amount cc.ExpressionNode
		var t cc.Type
		var tok cc.Token
		switch x := n.(type) {
		case *cc.ShiftExpression:
			if x.Case == cc.ShiftExpressionAdd {
				return
			}
			amount, t, tok = x.AdditiveExpression, x.ShiftExpression.Type(), x.Token
		case *cc.AssignmentExpression: // x <<= k is x = x << k
			if x.Case != cc.AssignmentExpressionLsh && x.Case != cc.AssignmentExpressionRsh {
				return
			}
			amount, t, tok = x.AssignmentExpression, x.UnaryExpression.Type(), x.Token
		default:
			return
		}
		k, ok := intValue(amount)
		if !ok {
			return
		}
		if t == nil || !cc.IsIntegerType(t) {
			return
		}
		if c, _ := classify(t); c != clInt {
			return // __int128: the translation refuses the type by name
		}
		bits := promoteIt(intType(t)).Bits
		if k < 0 || k >= int64(bits) {
			errs = append(errs, &lsl.Error{Pos: tokPos(tok), Msg: fmt.Sprintf("shift by %d is out of range for a %d-bit %s (undefined in C)", k, bits, promotedName(t))})
		}
	})
	return errs
}

// enumErrors finds enumerators whose value does not fit in int: ISO C
// forbids them, and gcc accepts them as an extension that widens the
// enum's type while its other constants stay int, which the C parser
// does not follow (it gives them all the wider type, so -1 < A was false
// for an A = 1 beside a 1u << 31). They are refused rather than given
// other types than gcc's.
func enumErrors(ast *cc.AST) ErrorList {
	var errs ErrorList
	walkNodes(ast.TranslationUnit, func(n any) {
		e, ok := n.(*cc.Enumerator)
		if !ok {
			return
		}
		var fits bool
		switch v := e.Value().(type) {
		case cc.Int64Value:
			fits = v >= math.MinInt32 && v <= math.MaxInt32
		case cc.UInt64Value:
			fits = v <= math.MaxInt32
		default:
			return // not a constant: the parser's own error
		}
		if !fits {
			errs = append(errs, &lsl.Error{Pos: tokPos(e.Token), Msg: fmt.Sprintf("enumerator %s = %v does not fit in int (a GNU extension, which changes the types of the enum's constants) is not supported", e.Token.SrcStr(), e.Value())})
		}
	})
	return errs
}

// duplicateMemberErrors finds a struct member declared twice by name
// (struct D { int a; int a; }): a constraint violation gcc rejects and
// the C parser accepts, reading the second.
func duplicateMemberErrors(ast *cc.AST) ErrorList {
	var errs ErrorList
	walkNodes(ast.TranslationUnit, func(n any) {
		x, ok := n.(*cc.StructOrUnionSpecifier)
		if !ok || x.Case != cc.StructOrUnionSpecifierDef {
			return
		}
		seen := map[string]bool{}
		for l := x.StructDeclarationList; l != nil; l = l.StructDeclarationList {
			if l.StructDeclaration == nil {
				continue
			}
			for dl := l.StructDeclaration.StructDeclaratorList; dl != nil; dl = dl.StructDeclaratorList {
				sd := dl.StructDeclarator
				if sd == nil || sd.Declarator == nil {
					continue
				}
				name := sd.Declarator.Name()
				if name == "" {
					continue
				}
				if seen[name] {
					errs = append(errs, &lsl.Error{Pos: tokPos(sd.Declarator.NameTok()), Msg: fmt.Sprintf("duplicate member %s", name)})
				}
				seen[name] = true
			}
		}
	})
	return errs
}

// promotedName names the type of an integer operand after promotion.
func promotedName(t cc.Type) string {
	if t.Size() < 4 {
		return "int"
	}
	return t.String()
}

// dropEmptyMembers blanks, in raw (the wrapped source of the main file),
// the ';' of each empty member declaration (struct s { int a; ; }), which
// gcc accepts and cc's checker would make an int member. One written
// elsewhere (in a header, by a macro) is refused.
func dropEmptyMembers(parsed *cc.AST, raw rawText) (string, ErrorList) {
	var errs ErrorList
	var text []byte
	walkNodes(parsed.TranslationUnit, func(n any) {
		x, ok := n.(*cc.StructDeclaration)
		if !ok || x.Case != cc.StructDeclarationDecl || x.SpecifierQualifierList != nil || x.StructDeclaratorList != nil {
			return
		}
		off, ok := raw.offset(x.Token)
		if !ok || raw.text[off] != ';' {
			errs = append(errs, &lsl.Error{Pos: tokPos(x.Token), Msg: "an empty member declaration (an extra ';' in a struct or union) is not supported here"})
			return
		}
		if text == nil {
			text = []byte(raw.text)
		}
		text[off] = ' '
	})
	if text == nil {
		return raw.text, errs
	}
	return string(text), errs
}
