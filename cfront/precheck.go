package cfront

import (
	"fmt"
	"reflect"
	"strings"
	"sync"

	"modernc.org/cc/v4"

	"checkfence/lsl"
)

// selfContaining reports structs that contain themselves by value
// (struct node { struct node next; }), directly, through typedefs or
// through other structs. cc's type checker does not reject them and
// recurses without end on a field lookup in such a struct, which no recover
// can catch; so they are found on the parse tree before type checking.
// The check follows tag and typedef names without scopes, which is exact
// for the programs the tool is meant for.
func selfContaining(ast *cc.AST) ErrorList {
	type edge struct {
		to  string
		pos lsl.Pos
	}
	graph := map[string][]edge{}
	typedefs := map[string]string{} // by-value typedef name -> node
	var anon int
	nodeOf := map[*cc.StructOrUnionSpecifier]string{}
	node := func(s *cc.StructOrUnionSpecifier) string {
		if n, ok := nodeOf[s]; ok {
			return n
		}
		n := s.Token.SrcStr()
		if n == "" {
			anon++
			n = fmt.Sprintf("{anonymous %d}", anon)
		} else {
			n = "struct " + n
		}
		nodeOf[s] = n
		return n
	}
	// target resolves a type specifier to the struct node it names.
	target := func(ts *cc.TypeSpecifier) string {
		if ts == nil {
			return ""
		}
		switch ts.Case {
		case cc.TypeSpecifierStructOrUnion:
			if ts.StructOrUnionSpecifier != nil {
				return node(ts.StructOrUnionSpecifier)
			}
		case cc.TypeSpecifierTypeName:
			return "typedef " + ts.Token.SrcStr()
		}
		return ""
	}
	var anonErrs ErrorList
	var typedefDecls, initDecls []*cc.Declaration
	var structDefs []*cc.StructOrUnionSpecifier
	walkNodes(ast.TranslationUnit, func(n any) {
		switch x := n.(type) {
		case *cc.Declaration:
			if x.DeclarationSpecifiers != nil && isTypedefDecl(x.DeclarationSpecifiers) {
				typedefDecls = append(typedefDecls, x)
			}
			for l := x.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
				if l.InitDeclarator != nil && l.InitDeclarator.Initializer != nil {
					initDecls = append(initDecls, x)
					break
				}
			}
		case *cc.StructOrUnionSpecifier:
			if x.Case == cc.StructOrUnionSpecifierDef {
				structDefs = append(structDefs, x)
			}
		}
	})
	for _, d := range typedefDecls {
		var to string
		for ds := d.DeclarationSpecifiers; ds != nil; ds = ds.DeclarationSpecifiers {
			if t := target(ds.TypeSpecifier); t != "" {
				to = t
			}
		}
		if to == "" {
			continue
		}
		for l := d.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
			if l.InitDeclarator != nil && byValue(l.InitDeclarator.Declarator) {
				name := "typedef " + l.InitDeclarator.Declarator.Name()
				typedefs[name] = to
				graph[name] = append(graph[name], edge{to: to})
			}
		}
	}
	defined := map[string]bool{}
	for _, sd := range structDefs {
		defined[node(sd)] = true
	}
	for _, s := range structDefs {
		from := node(s)
		for l := s.StructDeclarationList; l != nil; l = l.StructDeclarationList {
			sd := l.StructDeclaration
			if sd == nil || sd.SpecifierQualifierList == nil {
				continue
			}
			var to string
			for q := sd.SpecifierQualifierList; q != nil; q = q.SpecifierQualifierList {
				if t := target(q.TypeSpecifier); t != "" {
					to = t
				}
			}
			if to == "" && sd.StructDeclaratorList != nil {
				continue
			}
			if sd.StructDeclaratorList == nil {
				// An anonymous member: C11 allows only a struct or union
				// (cc prints debugging output for others).
				if !strings.HasPrefix(to, "struct ") && !strings.HasPrefix(to, "{anonymous") {
					anonErrs = append(anonErrs, lsl.Errorf(posOf(sd), "member without a name is not supported"))
					continue
				}
				if tag := taggedSpecifier(sd.SpecifierQualifierList); tag != "" {
					// gcc drops it ("declaration does not declare
					// anything"); cc would make it a hidden member
					anonErrs = append(anonErrs, lsl.Errorf(posOf(sd), "%s declares no member: only a struct or union without a tag can be a member without a name; name the member, or declare %s outside", tag, tag))
					continue
				}
				graph[from] = append(graph[from], edge{to: to, pos: posOf(sd)})
				continue
			}
			for dl := sd.StructDeclaratorList; dl != nil; dl = dl.StructDeclaratorList {
				if dl.StructDeclarator != nil && byValue(dl.StructDeclarator.Declarator) {
					mpos := posOf(dl.StructDeclarator.Declarator)
					res := to
					for i := 0; i < 100 && strings.HasPrefix(res, "typedef "); i++ {
						res = typedefs[res]
					}
					if strings.HasPrefix(res, "struct ") && !defined[res] {
						// A member of incomplete type (cc does not reject it).
						anonErrs = append(anonErrs, lsl.Errorf(mpos, "%s is not defined", res))
						continue
					}
					graph[from] = append(graph[from], edge{to: to, pos: mpos})
				}
			}
		}
	}
	if len(anonErrs) > 0 {
		return anonErrs
	}
	// An initialised object of a struct type never defined: cc's
	// initializer check does not end on one.
	for _, d := range initDecls {
		var to string
		for ds := d.DeclarationSpecifiers; ds != nil; ds = ds.DeclarationSpecifiers {
			if t := target(ds.TypeSpecifier); t != "" {
				to = t
			}
		}
		for i := 0; i < 100 && strings.HasPrefix(to, "typedef "); i++ {
			to = typedefs[to]
		}
		if strings.HasPrefix(to, "struct ") && !defined[to] {
			for l := d.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
				if id := l.InitDeclarator; id != nil && id.Initializer != nil {
					return ErrorList{lsl.Errorf(posOf(id.Declarator), "%s is not defined", to)}
				}
			}
		}
	}
	// Depth-first search for a cycle through struct nodes.
	state := map[string]int{}
	var errs ErrorList
	var visit func(n string) bool
	visit = func(n string) bool {
		state[n] = 1
		for _, e := range graph[n] {
			switch state[e.to] {
			case 1:
				pos := e.pos
				errs = append(errs, lsl.Errorf(pos, "%s contains itself", e.to))
				return true
			case 0:
				if visit(e.to) {
					return true
				}
			}
		}
		state[n] = 2
		return false
	}
	for _, s := range structDefs {
		if n := node(s); state[n] == 0 && visit(n) {
			break
		}
	}
	for i, e := range errs {
		if !e.Pos.IsValid() {
			errs[i].Pos = lsl.Pos{File: e.Pos.File}
		}
	}
	return errs
}

func isTypedefDecl(ds *cc.DeclarationSpecifiers) bool {
	for ; ds != nil; ds = ds.DeclarationSpecifiers {
		if ds.Case == cc.DeclarationSpecifiersStorage && ds.StorageClassSpecifier != nil &&
			ds.StorageClassSpecifier.Case == cc.StorageClassSpecifierTypedef {
			return true
		}
	}
	return false
}

// taggedSpecifier names the struct or union with a tag (struct b) that l
// specifies, "" if none.
func taggedSpecifier(l *cc.SpecifierQualifierList) string {
	for ; l != nil; l = l.SpecifierQualifierList {
		if ts := l.TypeSpecifier; ts != nil && ts.Case == cc.TypeSpecifierStructOrUnion {
			if s := ts.StructOrUnionSpecifier; s != nil && s.StructOrUnion != nil && s.Token.SrcStr() != "" {
				return s.StructOrUnion.Token.SrcStr() + " " + s.Token.SrcStr()
			}
		}
	}
	return ""
}

// byValue reports whether a declarator declares an object of its base
// type or an array of it (not a pointer or a function).
func byValue(d *cc.Declarator) bool {
	for depth := 0; d != nil && depth < 1000; depth++ {
		if d.Pointer != nil {
			return false
		}
		dd := d.DirectDeclarator
		for dd != nil {
			switch dd.Case {
			case cc.DirectDeclaratorIdent:
				return true
			case cc.DirectDeclaratorDecl:
				d = dd.Declarator
				dd = nil
			case cc.DirectDeclaratorFuncParam, cc.DirectDeclaratorFuncIdent:
				return false
			default: // arrays
				dd = dd.DirectDeclarator
			}
		}
	}
	return false
}

// walkNodes calls f for every AST node reachable from n, parents before
// children and children in field order. It keeps its own stack: cc's lists
// (declarations, statements, initializers) are linked through one field
// each, so a recursive walk would be as deep as the longest list, and a
// Go stack overflow is fatal.
func walkNodes(n any, f func(any)) {
	seen := map[uintptr]bool{}
	stack := []reflect.Value{reflect.ValueOf(n)}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for v.Kind() == reflect.Interface && !v.IsNil() {
			v = v.Elem()
		}
		if v.Kind() != reflect.Ptr || v.IsNil() || seen[v.Pointer()] {
			continue
		}
		seen[v.Pointer()] = true
		e := v.Elem()
		if e.Kind() != reflect.Struct {
			continue
		}
		f(v.Interface())
		fields := childFields(e.Type())
		for i := len(fields) - 1; i >= 0; i-- {
			stack = append(stack, e.FieldByIndex(fields[i]))
		}
	}
}

// childFieldsCache holds childFields by struct type.
var childFieldsCache sync.Map // reflect.Type -> [][]int

// childFields lists the exported fields of a struct type, in order, that
// can hold a node: pointers and interfaces, also inside embedded struct
// values (as index paths for FieldByIndex). Tokens are not nodes.
func childFields(t reflect.Type) [][]int {
	if c, ok := childFieldsCache.Load(t); ok {
		return c.([][]int)
	}
	var out [][]int
	var add func(t reflect.Type, prefix []int)
	add = func(t reflect.Type, prefix []int) {
		for i := 0; i < t.NumField(); i++ {
			ft := t.Field(i)
			if !ft.IsExported() || ft.Type == reflect.TypeOf(cc.Token{}) {
				continue
			}
			idx := append(append([]int{}, prefix...), i)
			switch ft.Type.Kind() {
			case reflect.Ptr, reflect.Interface:
				out = append(out, idx)
			case reflect.Struct:
				add(ft.Type, idx)
			}
		}
	}
	add(t, nil)
	childFieldsCache.Store(t, out)
	return out
}
