package cfront

import (
	"sort"
	"strconv"
	"strings"

	"modernc.org/cc/v4"
	"modernc.org/token"

	"checkfence/lsl"
)

// linker collects the globals and procedures of all translation units into
// one program, resolving names with external linkage across files.
type linker struct {
	opts  Options
	slots int // fence slots marked so far
	// slotAt numbers each slot by its place in the source: an inline
	// function of a header that several files include is translated
	// once per file, and a fence placed there is in every copy
	slotAt map[slotKey]int
	// texts are the files read, by the name positions carry (sourceAt)
	texts    map[string]string
	names    fileNames
	prog     *lsl.Program
	errs     ErrorList
	files    []*fileTr
	tc       typeChecker
	nextBase int64

	globals     map[string]*globalInfo // by linkage key
	globalNames map[string]bool
	procs       map[string]*procInfo // by linkage key
	procNames   map[string]bool
	procList    []*procInfo
}

// globalInfo is one global object: a file-scope variable or a static
// local.
type globalInfo struct {
	g       *lsl.Global
	typ     cc.Type
	defined bool
	hasInit bool
	usePos  lsl.Pos // first use, for "never defined"
	used    bool
}

// procInfo is one C function definition.
type procInfo struct {
	name  string // LSL name
	cname string
	file  *fileTr
	def   *cc.FunctionDefinition
	typ   *cc.FunctionType
	proc  *lsl.Proc
	calls []callSite // direct calls in its body
}

type callSite struct {
	callee *procInfo
	pos    lsl.Pos
}

// sourceAt reports whether the text of pos's file has word at pos (a
// column counts bytes, as the C parser's do).
func (l *linker) sourceAt(pos lsl.Pos, word string) bool {
	text, ok := l.texts[pos.File]
	if !ok || pos.Line < 1 || pos.Col < 1 {
		return false
	}
	for line := 1; line < pos.Line; line++ {
		i := strings.IndexByte(text, '\n')
		if i < 0 {
			return false
		}
		text = text[i+1:]
	}
	return strings.HasPrefix(text[min(pos.Col-1, len(text)):], word)
}

func newLinker() *linker {
	return &linker{
		texts:       map[string]string{},
		prog:        &lsl.Program{},
		nextBase:    1,
		globals:     map[string]*globalInfo{},
		globalNames: map[string]bool{},
		procs:       map[string]*procInfo{},
		procNames:   map[string]bool{},
	}
}

func (l *linker) errorf(pos lsl.Pos, format string, args ...any) {
	l.errs = append(l.errs, lsl.Errorf(pos, format, args...))
}

// freshName returns base if no global (or proc, per the map) uses it,
// else base$2, base$3, … .
func freshName(used map[string]bool, base string) string {
	name := base
	for i := 2; used[name]; i++ {
		name = base + "$" + strconv.Itoa(i)
	}
	used[name] = true
	return name
}

// Homonyms returns the procedures of prog that C functions called name
// became: one, or several where a static function of that name is defined
// in more than one file, or beside an external one; freshName calls them
// name, name$2, … in the order of the files. A test that names such an
// operation is ambiguous.
func Homonyms(prog *lsl.Program, name string) []*lsl.Proc {
	var out []*lsl.Proc
	for _, p := range prog.Procs {
		if p == nil {
			continue
		}
		n, ok := strings.CutPrefix(p.Name, name)
		if ok && n != "" {
			k, err := strconv.Atoi(strings.TrimPrefix(n, "$"))
			ok = n[0] == '$' && err == nil && k >= 2 && strconv.Itoa(k) == n[1:]
		}
		if ok {
			out = append(out, p)
		}
	}
	return out
}

// global returns the global with the given linkage key, creating it (and
// giving it the next base address) on first sight.
func (l *linker) global(key, name string, pos lsl.Pos) *globalInfo {
	if gi, ok := l.globals[key]; ok {
		return gi
	}
	g := &lsl.Global{Pos: pos, Name: freshName(l.globalNames, name), Base: l.nextBase}
	l.nextBase++
	l.prog.Globals = append(l.prog.Globals, g)
	gi := &globalInfo{g: g}
	l.globals[key] = gi
	return gi
}

// link checks what only the whole program shows: globals declared but
// never defined, and recursion.
func (l *linker) link() {
	for _, key := range sortedKeys(l.globals) {
		gi := l.globals[key]
		if !gi.defined && gi.used {
			l.errorf(gi.usePos, "%s is declared but never defined", gi.g.Name)
		}
	}
	l.checkRecursion()
	for _, p := range l.procList {
		if p.proc != nil {
			l.prog.Procs = append(l.prog.Procs, p.proc)
		}
	}
}

// checkRecursion reports one call on each cycle of the call graph.
func (l *linker) checkRecursion() {
	const (
		white = iota
		grey
		black
	)
	color := map[*procInfo]int{}
	var visit func(p *procInfo)
	visit = func(p *procInfo) {
		color[p] = grey
		for _, c := range p.calls {
			switch color[c.callee] {
			case grey:
				l.errorf(c.pos, "recursion is not supported")
			case white:
				visit(c.callee)
			}
		}
		color[p] = black
	}
	for _, p := range l.procList {
		if color[p] == white {
			visit(p)
		}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// fileTr translates one translation unit.
type fileTr struct {
	l    *linker
	name string
	ast  *cc.AST
	// statics maps the declarator of a static local to its global.
	statics map[*cc.Declarator]*globalInfo
	funcs   []*procInfo // definitions in this file, in order
	// atomicTD: the typedef names of _Atomic types (atomicTypedefs)
	atomicTD map[*cc.Declarator]bool
}

func newFileTr(l *linker, name string, ast *cc.AST) *fileTr {
	f := &fileTr{l: l, name: name, ast: ast, statics: map[*cc.Declarator]*globalInfo{}, atomicTD: atomicTypedefs(ast)}
	l.files = append(l.files, f)
	return f
}

func (f *fileTr) errorf(n cc.Node, format string, args ...any) {
	f.l.errorf(posOf(n), format, args...)
}

// posOf converts the position of a cc node.
func posOf(n cc.Node) lsl.Pos {
	if n == nil {
		return lsl.Pos{}
	}
	return convPos(n.Position())
}

func convPos(p token.Position) lsl.Pos {
	return lsl.Pos{File: shownName(p.Filename), Line: p.Line, Col: p.Column}
}

func tokPos(t cc.Token) lsl.Pos { return convPos(t.Position()) }

// linkKey is the key under which a file-scope name is linked: the name
// itself for external linkage, the name within its file for internal.
func (f *fileTr) linkKey(d *cc.Declarator) string {
	if d.Linkage() == cc.Internal {
		return f.name + "\x00" + d.Name()
	}
	return d.Name()
}

// declare registers the globals and function definitions of f, in source
// order (static locals in the order their functions appear), and
// computes the globals' shapes and initial values.
func (l *linker) declare(f *fileTr) {
	for tu := f.ast.TranslationUnit; tu != nil; tu = tu.TranslationUnit {
		ed := tu.ExternalDeclaration
		if ed == nil {
			continue
		}
		switch ed.Case {
		case cc.ExternalDeclarationFuncDef:
			f.declareFunc(ed.FunctionDefinition)
		case cc.ExternalDeclarationDecl:
			f.declareFileDecl(ed.Declaration)
		case cc.ExternalDeclarationAsmStmt:
			f.errorf(ed, "inline assembly is not supported")
		}
	}
}

func (f *fileTr) declareFunc(fd *cc.FunctionDefinition) {
	d := fd.Declarator
	if d == nil {
		return
	}
	ft, ok := d.Type().(*cc.FunctionType)
	if !ok {
		f.errorf(d, "invalid function definition")
		return
	}
	if ft.IsVariadic() {
		f.errorf(d, "variadic function definition is not supported")
		return
	}
	key := f.linkKey(d)
	if p, ok := f.l.procs[key]; ok {
		f.errorf(d, "%s is defined twice (also at %s)", d.Name(), posOf(p.def.Declarator))
		return
	}
	p := &procInfo{name: freshName(f.l.procNames, d.Name()), cname: d.Name(), file: f, def: fd, typ: ft}
	f.l.procs[key] = p
	f.l.procList = append(f.l.procList, p)
	f.funcs = append(f.funcs, p)
	// Static locals become globals now, so that base addresses follow the
	// source order.
	walkDecls(fd.CompoundStatement, func(decl *cc.Declaration) {
		for idl := decl.InitDeclaratorList; idl != nil; idl = idl.InitDeclaratorList {
			id := idl.InitDeclarator
			if id == nil || id.Declarator == nil {
				continue
			}
			ld := id.Declarator
			if !ld.IsStatic() || ld.IsTypename() || ld.Name() == "__func__" {
				continue
			}
			if _, isFn := ld.Type().(*cc.FunctionType); isFn {
				continue
			}
			gi := f.l.global("\x00static\x00"+strconv.Itoa(len(f.l.globals)), d.Name()+"."+ld.Name(), posOf(ld))
			gi.g.ThreadLocal = ld.IsThreadLocal()
			f.statics[ld] = gi
			f.defineGlobal(gi, ld, id.Initializer)
		}
	})
}

func (f *fileTr) declareFileDecl(decl *cc.Declaration) {
	if decl == nil || decl.Case != cc.DeclarationDecl {
		return
	}
	for idl := decl.InitDeclaratorList; idl != nil; idl = idl.InitDeclaratorList {
		id := idl.InitDeclarator
		if id == nil || id.Declarator == nil {
			continue
		}
		d := id.Declarator
		if d.IsTypename() || d.Name() == "__predefined_declarator" {
			continue
		}
		if id.Asm != nil {
			f.errorf(id.Asm, "inline assembly is not supported")
			continue
		}
		if _, isFn := d.Type().(*cc.FunctionType); isFn {
			continue // a prototype
		}
		gi := f.l.global(f.linkKey(d), d.Name(), posOf(d))
		if d.IsThreadLocal() {
			gi.g.ThreadLocal = true
		}
		if d.IsExtern() && id.Initializer == nil {
			if gi.typ == nil {
				gi.typ = d.Type()
			}
			continue
		}
		if gi.hasInit && id.Initializer != nil {
			f.errorf(d, "%s is initialised twice", d.Name())
			continue
		}
		f.defineGlobal(gi, d, id.Initializer)
	}
}

// defineGlobal records the definition of a global object: its type, shape
// and initial values.
func (f *fileTr) defineGlobal(gi *globalInfo, d *cc.Declarator, init *cc.Initializer) {
	t := d.Type()
	if gi.defined && gi.typ != nil && !gi.typ.IsCompatible(t) && init == nil {
		return // a tentative definition after the real one
	}
	if msg := f.l.tc.check(t); msg != "" {
		f.errorf(d, "%s", msg)
		return
	}
	gi.typ = t
	gi.defined = true
	gi.g.Pos = posOf(d)
	gi.g.Shape = f.l.tc.shape(t)
	if init != nil {
		gi.hasInit = true
		gi.g.Init = f.staticInit(t, init)
	}
}

// walkDecls calls fn for every declaration inside a function body, in
// source order.
func walkDecls(n cc.Node, fn func(*cc.Declaration)) {
	switch n := n.(type) {
	case *cc.CompoundStatement:
		if n == nil {
			return
		}
		for l := n.BlockItemList; l != nil; l = l.BlockItemList {
			bi := l.BlockItem
			if bi == nil {
				continue
			}
			switch bi.Case {
			case cc.BlockItemDecl:
				fn(bi.Declaration)
			case cc.BlockItemStmt:
				walkDecls(bi.Statement, fn)
			}
		}
	case *cc.Statement:
		if n == nil {
			return
		}
		switch n.Case {
		case cc.StatementLabeled:
			if n.LabeledStatement != nil {
				walkDecls(n.LabeledStatement.Statement, fn)
			}
		case cc.StatementCompound:
			walkDecls(n.CompoundStatement, fn)
		case cc.StatementSelection:
			if s := n.SelectionStatement; s != nil {
				walkDecls(s.Statement, fn)
				walkDecls(s.Statement2, fn)
			}
		case cc.StatementIteration:
			if s := n.IterationStatement; s != nil {
				if s.Declaration != nil {
					fn(s.Declaration)
				}
				walkDecls(s.Statement, fn)
			}
		}
	}
}

// slotKey is a fence slot's place: its position, and for a slot of a loop
// body or if branch without braces the body's other end
// (lsl.Fence.Brace): the end of such a body may be where the statement
// after the loop or if starts, or where an enclosing body without braces
// ends, each a slot of its own.
type slotKey struct {
	pos, brace lsl.Pos
}
