package cfront

import (
	"strconv"
	"strings"

	"modernc.org/cc/v4"

	"checkfence/lsl"
)

// funcTr translates one function definition into an lsl.Proc.
type funcTr struct {
	f    *fileTr
	p    *procInfo
	proc *lsl.Proc

	// Register names: reserved holds every C name declared in the function,
	// so that temporaries avoid them; taken holds the names in use.
	reserved map[string]bool
	taken    map[string]bool
	labels   map[string]bool
	ntemp    int

	vars map[*cc.Declarator]*lvalue // locals and parameters
	mem  map[*cc.Declarator]bool    // locals that must live in memory
	// compound literals that must live in memory (their address is taken)
	memLit map[*cc.PostfixExpression]bool
	// literals: their allocations, made at the function's start
	literals []lsl.Stmt
	litAddr  map[*cc.PostfixExpression]lsl.Reg

	body *[]lsl.Stmt // where statements are emitted

	brk      *jump // target of break, nil outside loops and switches
	cont     *jump // target of continue, nil outside loops
	retReg   lsl.Reg
	retType  cc.Type
	finalRet *cc.JumpStatement // the return ending the body, if any
	bodyLbl  string
	bodyUsed bool

	gotos map[*cc.JumpStatement]*jump // resolved gotos

	// The labels split from lsl_atomic_begin(); and lsl_atomic_end();
	// (to the call's name) and the calls left bare (splitMarkers).
	markerLabels map[string]string
	splitMarker  map[*cc.BlockItem]bool

	// temps are the temporaries: each is assigned once, where created.
	temps map[lsl.Reg]bool

	// Inside an atomic block: the depth, and the labels opened inside it
	// (break and continue may not leave the block).
	atomic      int
	atomicLbls  map[string]bool
	lastSlot    lsl.Pos // the last fence slot marked (see fenceSlot)
	lastBodyEnd bool    // it ends a loop body or an if's branch without braces
	nerrsBefore int
}

// jump is where a break, continue or goto goes: break or continue of an
// LSL block.
type jump struct {
	label string
	cont  bool // continue (repeat) rather than break (leave)
}

func (f *fileTr) translateBodies() {
	for _, p := range f.funcs {
		fn := &funcTr{
			f:        f,
			p:        p,
			reserved: map[string]bool{},
			taken:    map[string]bool{},
			labels:   map[string]bool{},
			vars:     map[*cc.Declarator]*lvalue{},
			mem:      map[*cc.Declarator]bool{},
			memLit:   map[*cc.PostfixExpression]bool{},
			gotos:    map[*cc.JumpStatement]*jump{},
			temps:    map[lsl.Reg]bool{},
		}
		fn.translate()
	}
}

func (fn *funcTr) errorf(n cc.Node, format string, args ...any) {
	fn.f.errorf(n, format, args...)
}

func (fn *funcTr) errorAt(pos lsl.Pos, format string, args ...any) {
	fn.f.l.errorf(pos, format, args...)
}

// failed reports whether an error was recorded since the function's
// translation began; the caller may then stop early.
func (fn *funcTr) failed() bool { return len(fn.f.l.errs) > fn.nerrsBefore }

// --- names -------------------------------------------------------------

// regFor returns a register name for a C variable: its own name if free,
// else name#2, name#3, … (C names never contain '#').
func (fn *funcTr) regFor(name string) string {
	r := name
	for i := 2; fn.taken[r]; i++ {
		r = name + "#" + strconv.Itoa(i)
	}
	fn.taken[r] = true
	return r
}

// temp returns a fresh temporary register, t1, t2, …, skipping C names.
func (fn *funcTr) temp() lsl.Reg {
	for {
		fn.ntemp++
		r := "t" + strconv.Itoa(fn.ntemp)
		if !fn.reserved[r] && !fn.taken[r] {
			fn.taken[r] = true
			fn.temps[lsl.Reg(r)] = true
			return lsl.Reg(r)
		}
	}
}

// named returns a fresh register called base (or base2, base3, …),
// avoiding C names.
func (fn *funcTr) named(base string) lsl.Reg {
	r := base
	for i := 2; fn.reserved[r] || fn.taken[r]; i++ {
		r = base + strconv.Itoa(i)
	}
	fn.taken[r] = true
	return lsl.Reg(r)
}

// label returns a fresh block label based on base.
func (fn *funcTr) label(base string) string {
	l := base
	for i := 2; fn.labels[l]; i++ {
		l = base + "$" + strconv.Itoa(i)
	}
	fn.labels[l] = true
	if fn.atomic > 0 {
		fn.atomicLbls[l] = true
	}
	return l
}

// counterLabel returns kind1, kind2, … .
func (fn *funcTr) counterLabel(kind string) string {
	for i := 1; ; i++ {
		l := kind + strconv.Itoa(i)
		if !fn.labels[l] {
			return fn.label(l)
		}
	}
}

// --- emission ----------------------------------------------------------

func (fn *funcTr) emit(s lsl.Stmt) { *fn.body = append(*fn.body, s) }

// nested runs gen with statements going to a new list and returns it.
func (fn *funcTr) nested(gen func()) []lsl.Stmt {
	saved := fn.body
	var body []lsl.Stmt
	fn.body = &body
	gen()
	fn.body = saved
	return body
}

// block emits "label: { gen() }".
func (fn *funcTr) block(label string, pos lsl.Pos, gen func()) {
	body := fn.nested(gen)
	fn.emit(&lsl.Block{Pos: pos, Label: label, Body: body})
}

// atomicBlock emits "atomic { gen() }"; inside another atomic block the
// statements join the outer one, which is atomic already.
func (fn *funcTr) atomicBlock(pos lsl.Pos, gen func()) { fn.atomicBlockOf(pos, false, gen) }

// accessBlock emits "atomic nofence { gen() }": the accesses of one
// multi-word atomic load or store, contiguous but, unlike a
// read-modify-write's locked instruction, no fence on tso.
func (fn *funcTr) accessBlock(pos lsl.Pos, gen func()) { fn.atomicBlockOf(pos, true, gen) }

func (fn *funcTr) atomicBlockOf(pos lsl.Pos, noFence bool, gen func()) {
	if fn.atomic > 0 {
		gen()
		return
	}
	fn.atomic++
	fn.atomicLbls = map[string]bool{}
	body := fn.nested(gen)
	fn.atomic--
	fn.emit(&lsl.Atomic{Pos: pos, Body: body, NoFence: noFence})
}

func (fn *funcTr) constReg(pos lsl.Pos, v lsl.Value) lsl.Reg {
	r := fn.temp()
	fn.emit(&lsl.Const{Pos: pos, Dst: r, Val: v})
	return r
}

func (fn *funcTr) intConst(pos lsl.Pos, n int64) lsl.Reg { return fn.constReg(pos, lsl.Int(n)) }

func (fn *funcTr) prim(pos lsl.Pos, op lsl.OpCode, t lsl.IntType, args ...lsl.Reg) lsl.Reg {
	r := fn.temp()
	fn.emit(&lsl.Prim{Pos: pos, Dst: r, Op: op, Type: t, Args: args})
	return r
}

// mov emits dst = src.
func (fn *funcTr) mov(pos lsl.Pos, dst, src lsl.Reg) {
	fn.emit(&lsl.Prim{Pos: pos, Dst: dst, Op: lsl.OpMov, Args: []lsl.Reg{src}})
}

// defReg returns the register a simple statement assigns, if any.
func defReg(s lsl.Stmt) *lsl.Reg {
	switch s := s.(type) {
	case *lsl.Const:
		return &s.Dst
	case *lsl.Prim:
		return &s.Dst
	case *lsl.Load:
		return &s.Dst
	case *lsl.Alloc:
		return &s.Dst
	case *lsl.Choose:
		return &s.Dst
	case *lsl.ThreadID:
		return &s.Dst
	case *lsl.Call:
		if len(s.Results) == 1 {
			return &s.Results[0]
		}
	}
	return nil
}

func (fn *funcTr) breakTo(pos lsl.Pos, j *jump, cond lsl.Reg) {
	if j.cont {
		fn.emit(&lsl.Continue{Pos: pos, Cond: cond, Label: j.label})
	} else {
		fn.emit(&lsl.Break{Pos: pos, Cond: cond, Label: j.label})
	}
}

// --- the function ------------------------------------------------------

func (fn *funcTr) translate() {
	fn.nerrsBefore = len(fn.f.l.errs)
	fd := fn.p.def
	pos := posOf(fd.Declarator)
	fn.proc = &lsl.Proc{Pos: pos, Name: fn.p.name}
	collectNames(fd.CompoundStatement, fn.reserved)
	fn.analyzeMemory(fd.CompoundStatement)

	var body []lsl.Stmt
	fn.body = &body

	// Parameters arrive in registers named after them; a struct in one
	// register per scalar leaf (v.a, v.b.0, …), as it is passed by value.
	for i, prm := range params(fn.p.typ) {
		t := prm.Type()
		if t != nil && t.Kind() == cc.Array {
			t = t.Decay() // a parameter declared as an array is a pointer
		}
		name := prm.Name()
		if name == "" {
			name = "arg" + strconv.Itoa(i+1)
		}
		switch c, msg := classify(t); c {
		case clInt, clPtr:
		case clStruct:
			if m := fn.f.l.tc.check(t); m != "" {
				fn.errorAt(paramPos(prm, pos), "%s", m)
				continue
			}
		case clBad:
			fn.errorAt(paramPos(prm, pos), "%s", msg)
			continue
		default:
			fn.errorAt(paramPos(prm, pos), "parameter of type %s is not supported", t)
			continue
		}
		reg := fn.regFor(name)
		ls, ok := leaves(t)
		if !ok {
			fn.errorAt(paramPos(prm, pos), "parameter too large")
			continue
		}
		for _, l := range ls {
			fn.proc.Params = append(fn.proc.Params, lsl.Reg(reg+l.suffix))
		}
		in := &lvalue{typ: t, reg: reg}
		d := prm.Declarator
		if d == nil {
			continue
		}
		if fn.mem[d] {
			// The address is taken: the parameter moves to memory.
			ppos := posOf(d)
			a := lsl.Reg(fn.regFor(name + ".addr"))
			fn.emit(&lsl.Alloc{Pos: ppos, Dst: a, Size: t.Size(), Shape: fn.f.l.tc.shape(t), NoReuse: true, Local: true})
			lv := &lvalue{typ: t, base: a}
			fn.copyObject(lv, in, ppos)
			fn.vars[d] = lv
		} else {
			fn.vars[d] = in
		}
	}

	rt := fn.p.typ.Result()
	switch c, msg := classify(rt); c {
	case clVoid:
	case clInt, clPtr, clStruct:
		if m := fn.f.l.tc.check(rt); m != "" {
			fn.errorf(fd.Declarator, "%s", m)
			break
		}
		ls, ok := leaves(rt)
		if !ok {
			fn.errorf(fd.Declarator, "return value too large")
			break
		}
		fn.retType = rt
		fn.retReg = fn.named("ret")
		for _, l := range ls {
			fn.proc.Results = append(fn.proc.Results, fn.retReg+lsl.Reg(l.suffix))
		}
	case clBad:
		fn.errorf(fd.Declarator, "%s", msg)
	default:
		fn.errorf(fd.Declarator, "return type %s is not supported", rt)
	}

	if fn.failed() {
		return // the body would only repeat the errors
	}
	fn.bodyLbl = fn.label("body")
	inner := fn.nested(func() { fn.compound(fd.CompoundStatement, true) })
	// the storage of the compound literals in memory, once per call
	*fn.body = append(*fn.body, fn.literals...)
	if fn.bodyUsed {
		fn.emit(&lsl.Block{Pos: posOf(fd.CompoundStatement), Label: fn.bodyLbl, Body: inner})
	} else {
		body = append(body, inner...)
	}
	fn.proc.Body = body
	fn.finish()
	fn.p.proc = fn.proc
}

// params returns the parameters of a function type; f(void) has none.
func params(ft *cc.FunctionType) []*cc.Parameter {
	ps := ft.Parameters()
	if len(ps) == 1 && ps[0].Type() != nil && ps[0].Type().Kind() == cc.Void && ps[0].Name() == "" {
		return nil
	}
	return ps
}

// paramPos is the position of a parameter, or of its function.
func paramPos(p *cc.Parameter, fpos lsl.Pos) lsl.Pos {
	if pos := convPos(p.Position()); pos.IsValid() {
		return pos
	}
	return fpos
}

// collectNames adds every identifier declared inside n to names.
func collectNames(n cc.Node, names map[string]bool) {
	walkDecls(n, func(decl *cc.Declaration) {
		if decl == nil {
			return
		}
		for idl := decl.InitDeclaratorList; idl != nil; idl = idl.InitDeclaratorList {
			if id := idl.InitDeclarator; id != nil && id.Declarator != nil {
				names[id.Declarator.Name()] = true
			}
		}
	})
}

// --- statements --------------------------------------------------------

func (fn *funcTr) stmt(s *cc.Statement) {
	if s == nil {
		return
	}
	switch s.Case {
	case cc.StatementLabeled:
		fn.labeled(s.LabeledStatement)
	case cc.StatementCompound:
		fn.compound(s.CompoundStatement, false)
	case cc.StatementExpr:
		if es := s.ExpressionStatement; es != nil && es.ExpressionList != nil {
			fn.discard(es.ExpressionList)
		}
	case cc.StatementSelection:
		fn.selection(s.SelectionStatement)
	case cc.StatementIteration:
		fn.iteration(s.IterationStatement)
	case cc.StatementJump:
		fn.jumpStmt(s.JumpStatement)
	case cc.StatementAsm:
		kinds, ok := asmFences(s.AsmStatement.Asm)
		if !ok {
			fn.errorf(s, "inline assembly is not supported (only a fence or spin-wait hint without operands, such as asm volatile(\"mfence\" ::: \"memory\"), or the empty compiler barrier)")
		}
		for _, k := range kinds {
			fn.emit(&lsl.Fence{Pos: posOf(s), Kind: k})
		}
	default:
		fn.errorf(s, "statement is not supported")
	}
}

func (fn *funcTr) labeled(ls *cc.LabeledStatement) {
	if ls == nil {
		return
	}
	switch ls.Case {
	case cc.LabeledStatementLabel:
		// Gotos to it were resolved where its compound statement was
		// translated; here it is just its statement.
	case cc.LabeledStatementCaseLabel, cc.LabeledStatementRange, cc.LabeledStatementDefault:
		fn.errorf(ls, "case label inside a nested statement is not supported")
		return
	}
	fn.stmt(ls.Statement)
}

// blockItems returns the items of a compound statement.
func blockItems(cs *cc.CompoundStatement) []*cc.BlockItem {
	if cs == nil {
		return nil
	}
	var items []*cc.BlockItem
	for l := cs.BlockItemList; l != nil; l = l.BlockItemList {
		if l.BlockItem != nil {
			items = append(items, l.BlockItem)
		}
	}
	return items
}

// compound translates a compound statement.
func (fn *funcTr) compound(cs *cc.CompoundStatement, isBody bool) {
	items := blockItems(cs)
	if isBody && len(items) > 0 && items[len(items)-1].Case == cc.BlockItemStmt {
		// The function body's final return needs no jump to the end.
		st := items[len(items)-1].Statement
		for st != nil && st.Case == cc.StatementLabeled && st.LabeledStatement != nil &&
			st.LabeledStatement.Case == cc.LabeledStatementLabel {
			st = st.LabeledStatement.Statement
		}
		if st != nil && st.Case == cc.StatementJump && st.JumpStatement != nil && st.JumpStatement.Case == cc.JumpStatementReturn {
			fn.finalRet = st.JumpStatement
		}
	}
	fn.items(items)
	if !isBody || fn.finalRet == nil {
		// (after a final return the slot would be dead in C but not
		// in LSL, whose return there is no jump)
		fn.fenceSlot(tokPos(cs.Token2))
	}
}

// fenceSlot marks a fence slot at pos, the place in the source where a
// fence would be inserted: the start of a block item or the closing brace
// of a compound statement. A slot is a C statement boundary, so that a
// fence placed there means the same in the C text and in the LSL: none is
// marked inside an atomic block, before a labelled statement (a jump to
// the label would skip the fence in C), or where the position is not in
// the file that defines the function (code of an inline function defined
// elsewhere). A function defined in a header of the program has its
// slots there (the algorithm of a header-only structure); one of the
// headers checkfence ships has none.
//
// Slots are marked in source order, so each is after the last: one that
// is not lies in a macro's expansion (its statements all have the
// position of the macro's use), where the C text has no place for it. A
// slot after uses of macros that expand to nothing is at the first of
// them (beforeEmptyMacros).
func (fn *funcTr) fenceSlot(pos lsl.Pos) { fn.braceSlot(fn.beforeEmptyMacros(pos), lsl.Pos{}) }

// braceSlot is fenceSlot with lsl.Fence.Brace: the other end of the loop
// body or if branch without braces that the slot starts or ends.
func (fn *funcTr) braceSlot(pos, brace lsl.Pos) {
	if !fn.f.l.opts.FenceSlots || fn.atomic > 0 || pos.Line < 1 {
		return
	}
	def := posOf(fn.p.def).File
	if pos.File != def || strings.HasPrefix(def, includeDir+"/") {
		return
	}
	// The end of a body without braces may be where the next
	// statement starts (x = 1;y = 2;): there the slot inside the body
	// and the one after the loop are two, at one position.
	// So can the ends of nested bodies (for (;;) for (;;) x = 1;).
	last := fn.lastSlot
	afterBody := pos == last && fn.lastBodyEnd
	if (pos.Line < last.Line || pos.Line == last.Line && pos.Col <= last.Col) && !afterBody {
		return
	}
	fn.lastSlot = pos
	fn.lastBodyEnd = brace.Line > 0 && (brace.Line < pos.Line || brace.Line == pos.Line && brace.Col < pos.Col)
	l := fn.f.l
	key := slotKey{pos, brace}
	n, ok := l.slotAt[key]
	if !ok {
		if l.slotAt == nil {
			l.slotAt = map[slotKey]int{}
		}
		l.slots++
		n = l.slots
		l.slotAt[key] = n
	}
	fn.emit(&lsl.Fence{Pos: pos, Kind: lsl.Full, Slot: n, Brace: brace})
}

// loopBody translates the body of the loop whose keyword (for, while, do)
// is at kwPos, or a branch of an if (keyword if or else). One without
// braces has the slots of a loop body's start and end (SEMANTICS.md,
// "Fence placement") at its first token and after its last; a fence
// placed there comes with the braces (lsl.Fence.Brace). An if's branch
// has them by analogy: with braces it is a block, whose start and end
// are slots, and the reader's if (flag) d = data; needs a fence at its
// start. A body whose end cannot be told (one that ends in a macro's
// expansion, whose tokens all have the position of the macro's use) has
// none, nor has the body of a loop or if that comes from a macro (its
// keyword is not in the text where it seems to be): braces around its
// body, or around what looks like its end, would not be inside it in the
// C text.
func (fn *funcTr) loopBody(s *cc.Statement, kwPos lsl.Pos, kw string) {
	if s == nil || s.Case == cc.StatementCompound || !fn.f.l.sourceAt(kwPos, kw) {
		fn.stmt(s)
		return
	}
	start := posOf(s)
	end, ok := stmtEnd(s)
	empty := s.Case == cc.StatementExpr && s.ExpressionStatement != nil && s.ExpressionStatement.ExpressionList == nil
	fromMacro := end.Line == start.Line && end.Col <= start.Col+1 && !empty // its last token at its first
	if !ok || !start.IsValid() || end.File != start.File || end.Line < start.Line || fromMacro {
		fn.stmt(s)
		return
	}
	start = fn.beforeEmptyMacros(start)
	fn.braceSlot(start, end)
	fn.stmt(s)
	fn.braceSlot(end, start)
}

// stmtEnd returns the position just after the last token of a statement
// (its ';' or '}'), false for a statement it does not know the end of.
func stmtEnd(s *cc.Statement) (lsl.Pos, bool) {
	if s == nil {
		return lsl.Pos{}, false
	}
	var last cc.Token
	switch s.Case {
	case cc.StatementExpr:
		if s.ExpressionStatement == nil {
			return lsl.Pos{}, false
		}
		last = s.ExpressionStatement.Token
	case cc.StatementCompound:
		if s.CompoundStatement == nil {
			return lsl.Pos{}, false
		}
		last = s.CompoundStatement.Token2
	case cc.StatementIteration:
		it := s.IterationStatement
		if it == nil {
			return lsl.Pos{}, false
		}
		if it.Case == cc.IterationStatementDo {
			last = it.Token5 // do ... while (...) ;
		} else {
			return stmtEnd(it.Statement)
		}
	case cc.StatementJump:
		j := s.JumpStatement
		if j == nil {
			return lsl.Pos{}, false
		}
		// its ';': the third token of a goto, the second of the others
		last = j.Token2
		if j.Case == cc.JumpStatementGoto || j.Case == cc.JumpStatementGotoExpr {
			last = j.Token3
		}
	case cc.StatementSelection:
		sel := s.SelectionStatement
		if sel == nil {
			return lsl.Pos{}, false
		}
		if sel.Case == cc.SelectionStatementIfElse {
			return stmtEnd(sel.Statement2)
		}
		return stmtEnd(sel.Statement)
	default:
		return lsl.Pos{}, false
	}
	p := tokPos(last)
	if !p.IsValid() {
		return lsl.Pos{}, false
	}
	return lsl.Pos{File: p.File, Line: p.Line, Col: p.Col + 1}, true
}

// slotBefore marks the fence slot before a block item. Before a labelled
// one only if labelOK: no forward goto lands there (C jumps past a fence
// written before the label, and the translation's jump would land before
// it, so that slot is marked inside the jump's block, emitItems); a
// backward goto continues the block that starts after the slot.
func (fn *funcTr) slotBefore(bi *cc.BlockItem, labelOK bool) {
	if fn.splitMarker[bi] {
		// between a label and its statement, not a place of the C text
		// where a statement starts
		return
	}
	if bi.Case == cc.BlockItemStmt && bi.Statement != nil && bi.Statement.Case == cc.StatementLabeled && !labelOK {
		return
	}
	if bi.Case == cc.BlockItemDecl && bi.Declaration != nil && bi.Declaration.InitDeclaratorList != nil {
		// the parser's implicit declaration of __func__, at the "{"
		if id := bi.Declaration.InitDeclaratorList.InitDeclarator; id != nil && id.Declarator != nil && id.Declarator.Name() == "__func__" {
			return
		}
	}
	fn.fenceSlot(posOf(bi))
}

// blockItem translates one item of a compound statement.
func (fn *funcTr) blockItem(bi *cc.BlockItem) {
	switch bi.Case {
	case cc.BlockItemDecl:
		fn.localDecl(bi.Declaration)
	case cc.BlockItemStmt:
		fn.stmt(bi.Statement)
	case cc.BlockItemLabel:
		fn.errorf(bi, "__label__ is not supported")
	case cc.BlockItemFuncDef:
		fn.errorf(bi, "nested function is not supported")
	}
}

func (fn *funcTr) selection(s *cc.SelectionStatement) {
	if s == nil {
		return
	}
	pos := tokPos(s.Token)
	switch s.Case {
	case cc.SelectionStatementIf, cc.SelectionStatementIfElse:
		// the branches without braces have slots as loop bodies do
		then := func() { fn.loopBody(s.Statement, pos, "if") }
		els := func() { fn.loopBody(s.Statement2, tokPos(s.Token4), "else") }
		if v, ok := fn.constValue(s.ExpressionList); ok {
			// A constant condition: only the branch taken is code.
			if v.IntVal() != 0 || v.IsPtr() {
				then()
			} else if s.Case == cc.SelectionStatementIfElse {
				els()
			}
			return
		}
		l := fn.counterLabel("if")
		if s.Case == cc.SelectionStatementIf {
			fn.block(l, pos, func() {
				nc := fn.notCond(s.ExpressionList)
				fn.emit(&lsl.Break{Pos: pos, Cond: nc, Label: l})
				then()
			})
			return
		}
		lt := fn.label(l + ".then")
		fn.block(l, pos, func() {
			fn.block(lt, pos, func() {
				nc := fn.notCond(s.ExpressionList)
				fn.emit(&lsl.Break{Pos: pos, Cond: nc, Label: lt})
				then()
				fn.emit(&lsl.Break{Pos: pos, Label: l})
			})
			els()
		})
	case cc.SelectionStatementSwitch:
		fn.switchStmt(s)
	}
}

func (fn *funcTr) iteration(s *cc.IterationStatement) {
	if s == nil {
		return
	}
	pos := tokPos(s.Token)
	if fn.atomic > 0 {
		fn.errorAt(pos, "loop inside an atomic block is not supported")
		return
	}
	savedB, savedC := fn.brk, fn.cont
	defer func() { fn.brk, fn.cont = savedB, savedC }()
	switch s.Case {
	case cc.IterationStatementWhile:
		l := fn.counterLabel("while")
		fn.brk, fn.cont = &jump{label: l}, &jump{label: l, cont: true}
		fn.block(l, pos, func() {
			fn.loopTest(s.ExpressionList, l, pos)
			fn.loopBody(s.Statement, pos, "while")
			fn.emit(&lsl.Continue{Pos: pos, Label: l})
		})
	case cc.IterationStatementDo:
		l := fn.counterLabel("do")
		lb := fn.label(l + ".body")
		fn.brk, fn.cont = &jump{label: l}, &jump{label: lb}
		condPos := tokPos(s.Token2)
		fn.block(l, pos, func() {
			fn.bodyMaybeBlock(lb, pos, s.Statement, "do")
			if v, ok := fn.constValue(s.ExpressionList); ok {
				if v.IntVal() != 0 || v.IsPtr() {
					fn.emit(&lsl.Continue{Pos: condPos, Label: l})
				}
				return
			}
			c := fn.cond(s.ExpressionList)
			fn.emit(&lsl.Continue{Pos: condPos, Cond: c, Label: l})
		})
	case cc.IterationStatementFor, cc.IterationStatementForDecl:
		if s.Case == cc.IterationStatementFor {
			if s.ExpressionList != nil {
				fn.discard(s.ExpressionList)
			}
		} else {
			fn.localDecl(s.Declaration)
		}
		cond, step := s.ExpressionList2, s.ExpressionList3
		if s.Case == cc.IterationStatementForDecl {
			cond, step = s.ExpressionList, s.ExpressionList2
		}
		l := fn.counterLabel("for")
		lb := fn.label(l + ".body")
		fn.brk, fn.cont = &jump{label: l}, &jump{label: lb}
		fn.block(l, pos, func() {
			if cond != nil {
				fn.loopTest(cond, l, pos)
			}
			fn.bodyMaybeBlock(lb, pos, s.Statement, "for")
			if step != nil {
				fn.discard(step)
			}
			fn.emit(&lsl.Continue{Pos: pos, Label: l})
		})
	}
}

// loopTest emits the test at the top of a loop: leave l if c is false.
// The break is marked as ending the loop's test (lsl.Break.LoopTest), so
// that the unroller evaluates the test once more after the last
// iteration, as C does, whatever the test does (a call, a store, an
// atomic access).
func (fn *funcTr) loopTest(c cc.ExpressionNode, l string, pos lsl.Pos) {
	if v, ok := fn.constValue(c); ok {
		if v.IntVal() == 0 && !v.IsPtr() {
			fn.emit(&lsl.Break{Pos: pos, Label: l})
		}
		return
	}
	nc := fn.notCond(c)
	fn.emit(&lsl.Break{Pos: pos, Cond: nc, Label: l, LoopTest: true})
}

// bodyMaybeBlock translates a loop body inside block lb, which continue
// leaves; the block is dropped if no continue uses it.
func (fn *funcTr) bodyMaybeBlock(lb string, pos lsl.Pos, s *cc.Statement, kw string) {
	used := false
	body := fn.nested(func() { fn.loopBody(s, pos, kw) })
	lsl.Walk(body, func(st lsl.Stmt) bool {
		if b, ok := st.(*lsl.Break); ok && b.Label == lb {
			used = true
		}
		return true
	})
	if used {
		fn.emit(&lsl.Block{Pos: pos, Label: lb, Body: body})
	} else {
		*fn.body = append(*fn.body, body...)
	}
}

func (fn *funcTr) jumpStmt(j *cc.JumpStatement) {
	if j == nil {
		return
	}
	pos := tokPos(j.Token)
	switch j.Case {
	case cc.JumpStatementGoto:
		if fn.atomic > 0 {
			fn.errorAt(pos, "goto inside an atomic block is not supported")
			return
		}
		t := fn.gotos[j]
		if t == nil {
			fn.errorAt(pos, "goto into a block is not supported")
			return
		}
		fn.breakTo(pos, t, "")
	case cc.JumpStatementGotoExpr:
		fn.errorAt(pos, "computed goto is not supported")
	case cc.JumpStatementBreak:
		fn.loopJump(pos, fn.brk, "break")
	case cc.JumpStatementContinue:
		fn.loopJump(pos, fn.cont, "continue")
	case cc.JumpStatementReturn:
		fn.ret(j, j != fn.finalRet)
	}
}

func (fn *funcTr) loopJump(pos lsl.Pos, j *jump, what string) {
	if j == nil {
		fn.errorAt(pos, "%s outside a loop", what)
		return
	}
	if fn.atomic > 0 && !fn.atomicLbls[j.label] {
		fn.errorAt(pos, "%s out of an atomic block is not supported", what)
		return
	}
	fn.breakTo(pos, j, "")
}

// ret translates a return statement; jump is false for the final
// statement of the body, which needs no jump.
func (fn *funcTr) ret(j *cc.JumpStatement, jump bool) {
	pos := tokPos(j.Token)
	if fn.atomic > 0 {
		fn.errorAt(pos, "return inside an atomic block is not supported")
		return
	}
	if j.ExpressionList != nil {
		if c, _ := classify(fn.retType); c == clStruct {
			if src := fn.structObject(j.ExpressionList); src != nil {
				fn.copyObject(&lvalue{typ: fn.retType, reg: string(fn.retReg)}, src, pos)
			}
		} else if fn.retReg != "" {
			r := fn.exprTo(j.ExpressionList, fn.retType)
			fn.mov(pos, fn.retReg, r)
		} else if t := j.ExpressionList.Type(); t != nil && t.Kind() != cc.Void {
			// C11 6.8.6.4: no value in a function returning void (a
			// void expression, as GNU C allows, is evaluated)
			fn.errorAt(pos, "return with a value in a function returning void")
		} else {
			fn.discard(j.ExpressionList)
		}
	}
	if jump {
		fn.bodyUsed = true
		fn.emit(&lsl.Break{Pos: pos, Label: fn.bodyLbl})
	}
}
