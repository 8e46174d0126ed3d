package cfront

import (
	"modernc.org/cc/v4"
	"slices"

	"checkfence/lsl"
)

// Block items, gotos and atomic regions.
//
// LSL has no goto: control flow is nested labelled blocks left by break or
// repeated by continue. A goto to a label L at item k of a compound
// statement, from inside item j of the same compound statement, becomes
//   - for j < k (forward): break of a block spanning items j..k-1,
//   - for j >= k (backward): continue of a block spanning items k..j.
// Blocks may be widened (forward ones to start earlier, backward ones to
// end later) until they nest; when they cannot be made to nest the control
// flow is irreducible (a loop entered in its middle) and is rejected.
// A goto from outside the compound statement of its label jumps into a
// block, which is rejected too.
//
// lsl_atomic_begin(); … lsl_atomic_end(); in one item list bracket an
// atomic region, another kind of range; a label on either call labels an
// empty statement before it (splitMarkers), and no goto may cross the
// region's bounds (crossesAtomic).

type rangeKind uint8

const (
	rgForward rangeKind = iota
	rgBackward
	rgAtomic
)

type itemRange struct {
	start, end int // items [start, end)
	kind       rangeKind
	label      string
	pos        lsl.Pos
	used       bool
}

// labelChain returns the goto labels heading a block item (L1: L2: stmt).
func labelChain(bi *cc.BlockItem) []*cc.LabeledStatement {
	if bi == nil || bi.Case != cc.BlockItemStmt {
		return nil
	}
	var ls []*cc.LabeledStatement
	for s := bi.Statement; s != nil && s.Case == cc.StatementLabeled && s.LabeledStatement != nil &&
		s.LabeledStatement.Case == cc.LabeledStatementLabel; s = s.LabeledStatement.Statement {
		ls = append(ls, s.LabeledStatement)
	}
	return ls
}

// walkGotos calls f for every goto statement inside n.
func walkGotos(n cc.Node, f func(*cc.JumpStatement)) {
	switch n := n.(type) {
	case *cc.BlockItem:
		if n != nil && n.Case == cc.BlockItemStmt {
			walkGotos(n.Statement, f)
		}
	case *cc.CompoundStatement:
		for _, bi := range blockItems(n) {
			walkGotos(bi, f)
		}
	case *cc.Statement:
		if n == nil {
			return
		}
		switch n.Case {
		case cc.StatementLabeled:
			if n.LabeledStatement != nil {
				walkGotos(n.LabeledStatement.Statement, f)
			}
		case cc.StatementCompound:
			walkGotos(n.CompoundStatement, f)
		case cc.StatementSelection:
			if s := n.SelectionStatement; s != nil {
				walkGotos(s.Statement, f)
				walkGotos(s.Statement2, f)
			}
		case cc.StatementIteration:
			if s := n.IterationStatement; s != nil {
				walkGotos(s.Statement, f)
			}
		case cc.StatementJump:
			if j := n.JumpStatement; j != nil && j.Case == cc.JumpStatementGoto {
				f(j)
			}
		}
	}
}

// atomicMarker returns the name of the API function an item calls if it
// is the statement "lsl_atomic_begin();" or "lsl_atomic_end();".
func (fn *funcTr) atomicMarker(bi *cc.BlockItem) string {
	if bi == nil || bi.Case != cc.BlockItemStmt {
		return ""
	}
	return fn.markerStmt(bi.Statement)
}

func (fn *funcTr) markerStmt(st *cc.Statement) string {
	if st == nil || st.Case != cc.StatementExpr {
		return ""
	}
	es := st.ExpressionStatement
	if es == nil {
		return ""
	}
	call, ok := es.ExpressionList.(*cc.PostfixExpression)
	if !ok || call.Case != cc.PostfixExpressionCall {
		return ""
	}
	name := fn.apiName(call.PostfixExpression)
	if name == "lsl_atomic_begin" || name == "lsl_atomic_end" {
		return name
	}
	return ""
}

// splitMarkers returns the items with each labelled lsl_atomic_begin();
// or lsl_atomic_end(); split in two: its labels on an empty statement,
// then the bare call (marked in fn.splitMarker). In C the label comes
// before the call: on the begin call it is outside the atomic block (a
// goto to it enters the block at its start, a retry loop), on the end
// call inside the block, before its end (a goto to it from outside would
// enter the block in its middle). The labels are copies; gotos find them
// by name.
func (fn *funcTr) splitMarkers(items []*cc.BlockItem) []*cc.BlockItem {
	var out []*cc.BlockItem
	for i, bi := range items {
		ls := labelChain(bi)
		var name string
		if len(ls) > 0 {
			name = fn.markerStmt(ls[len(ls)-1].Statement)
		}
		if name == "" {
			if out != nil {
				out = append(out, bi)
			}
			continue
		}
		if out == nil {
			out = append([]*cc.BlockItem{}, items[:i]...)
			if fn.splitMarker == nil {
				fn.splitMarker = map[*cc.BlockItem]bool{}
				fn.markerLabels = map[string]string{}
			}
		}
		st := &cc.Statement{Case: cc.StatementExpr, ExpressionStatement: &cc.ExpressionStatement{}}
		for k := len(ls) - 1; k >= 0; k-- {
			c := *ls[k]
			c.Statement = st
			st = &cc.Statement{Case: cc.StatementLabeled, LabeledStatement: &c}
			fn.markerLabels[c.Token.SrcStr()] = name
		}
		marker := &cc.BlockItem{Case: cc.BlockItemStmt, Statement: ls[len(ls)-1].Statement}
		fn.splitMarker[marker] = true
		out = append(out, &cc.BlockItem{Case: cc.BlockItemStmt, Statement: st}, marker)
	}
	if out == nil {
		return items
	}
	return out
}

// items translates the items of a compound statement.
func (fn *funcTr) items(items []*cc.BlockItem) {
	var rs []*itemRange
	items = fn.splitMarkers(items)

	// Atomic regions.
	open := -1
	for i, bi := range items {
		switch fn.atomicMarker(bi) {
		case "lsl_atomic_begin":
			if open >= 0 {
				fn.errorf(bi, "nested lsl_atomic_begin is not supported")
				return
			}
			open = i
		case "lsl_atomic_end":
			if open < 0 {
				fn.errorf(bi, "lsl_atomic_end without lsl_atomic_begin in the same block")
				return
			}
			rs = append(rs, &itemRange{start: open, end: i + 1, kind: rgAtomic, pos: posOf(items[open])})
			open = -1
		}
	}
	if open >= 0 {
		fn.errorf(items[open], "lsl_atomic_begin without lsl_atomic_end in the same block")
		return
	}

	// Goto ranges.
	// by name: a switch's segments copy the labels among its cases
	labelAt := map[string]int{}
	for i, bi := range items {
		for _, ls := range labelChain(bi) {
			labelAt[ls.Token.SrcStr()] = i
		}
	}
	if len(labelAt) > 0 {
		type target struct {
			fwd, back   *itemRange
			fwdG, backG []*cc.JumpStatement
		}
		targets := map[int]*target{}
		var order []int
		bad := false // a goto into or out of an atomic block
		for j, bi := range items {
			walkGotos(bi, func(g *cc.JumpStatement) {
				ls, ok := g.Label().(*cc.LabeledStatement)
				if !ok {
					return
				}
				k, ok := labelAt[ls.Token.SrcStr()]
				if !ok {
					return
				}
				if msg := fn.crossesAtomic(rs, j, k, ls.Token.SrcStr()); msg != "" {
					if !bad {
						fn.errorAt(tokPos(g.Token), "%s", msg)
					}
					bad = true
					return
				}
				t := targets[k]
				if t == nil {
					t = &target{}
					targets[k] = t
					order = append(order, k)
				}
				name := labelChain(items[k])[0].Token.SrcStr()
				if j < k {
					if t.fwd == nil {
						t.fwd = &itemRange{start: j, end: k, kind: rgForward, label: name, pos: tokPos(g.Token)}
						rs = append(rs, t.fwd)
					}
					t.fwdG = append(t.fwdG, g)
				} else {
					if t.back == nil {
						t.back = &itemRange{start: k, end: j + 1, kind: rgBackward, label: name, pos: posOf(items[k])}
						rs = append(rs, t.back)
					}
					if j+1 > t.back.end {
						t.back.end = j + 1
					}
					t.backG = append(t.backG, g)
				}
			})
		}
		if bad || !fn.nestRanges(rs) {
			return
		}
		for _, k := range order {
			t := targets[k]
			if t.fwd != nil {
				t.fwd.label = fn.label(t.fwd.label)
				for _, g := range t.fwdG {
					fn.gotos[g] = &jump{label: t.fwd.label}
				}
			}
			if t.back != nil {
				t.back.label = fn.label(t.back.label)
				for _, g := range t.backG {
					fn.gotos[g] = &jump{label: t.back.label, cont: true}
				}
			}
		}
	}
	fn.emitItems(items, 0, len(items), rs)
}

// crossesAtomic returns why a goto from item j to the label name at item
// k cannot be translated, if it enters or leaves one of the atomic
// blocks among rs; else "". (Items strictly between a block's begin and
// end calls are inside it; the calls carry no labels, splitMarkers.)
func (fn *funcTr) crossesAtomic(rs []*itemRange, j, k int, name string) string {
	for _, r := range rs {
		if r.kind != rgAtomic {
			continue
		}
		in := func(i int) bool { return r.start < i && i < r.end-1 }
		switch {
		case in(k) && !in(j):
			if fn.markerLabels[name] == "lsl_atomic_end" {
				return "goto into an atomic block is not supported: the label " + name +
					" on lsl_atomic_end is inside the block, before its end"
			}
			return "goto into an atomic block is not supported"
		case in(j) && !in(k):
			if fn.markerLabels[name] == "lsl_atomic_begin" {
				return "goto out of an atomic block is not supported: the label " + name +
					" on lsl_atomic_begin is before the block"
			}
			return "goto out of an atomic block is not supported"
		}
	}
	return ""
}

// nestRanges widens goto ranges until all ranges nest, or reports why
// they cannot.
func (fn *funcTr) nestRanges(rs []*itemRange) bool {
	for changed := true; changed; {
		changed = false
		for _, a := range rs {
			for _, b := range rs {
				// a starts first and ends inside b: a partial overlap.
				if !(a.start < b.start && b.start < a.end && a.end < b.end) {
					continue
				}
				switch {
				case a.kind == rgAtomic || b.kind == rgAtomic:
					p := a.pos
					if a.kind == rgAtomic {
						p = b.pos
					}
					fn.errorAt(p, "goto into or out of an atomic block is not supported")
					return false
				case a.kind == rgForward && b.kind == rgForward:
					b.start = a.start
				case a.kind == rgBackward:
					a.end = b.end
				default: // a forward jump into the middle of the loop b
					fn.errorAt(a.pos, "irreducible goto is not supported")
					return false
				}
				changed = true
			}
		}
	}
	return true
}

// emitItems translates items[lo:hi], opening the ranges that start there.
func (fn *funcTr) emitItems(items []*cc.BlockItem, lo, hi int, rs []*itemRange) {
	for i := lo; i < hi; {
		var r *itemRange
		for _, x := range rs {
			if !x.used && x.start == i && x.end <= hi && (r == nil || x.end > r.end) {
				r = x
			}
		}
		labelOK := !slices.ContainsFunc(rs, func(x *itemRange) bool { return x.kind == rgForward && x.end == i })
		fn.slotBefore(items[i], labelOK) // before any block a range opens here
		if r == nil {
			fn.blockItem(items[i])
			i++
			continue
		}
		r.used = true
		switch r.kind {
		case rgAtomic:
			fn.atomicBlock(r.pos, func() { fn.emitItems(items, r.start+1, r.end-1, rs) })
		default:
			fn.block(r.label, r.pos, func() {
				fn.emitItems(items, r.start, r.end, rs)
				if r.kind == rgForward && r.end < len(items) {
					// the slot before the label a forward goto
					// reaches: inside the block the goto leaves, as
					// C's jump goes past a fence written there
					fn.slotBefore(items[r.end], true)
				}
			})
		}
		i = r.end
	}
}

// switchStmt translates a switch. Its body's case labels must be items of
// its compound statement (no Duff's device). With segments 1..n starting
// at the case labels, the translation is
//
//	switch1: { switch1.c3: { switch1.c2: { switch1.c1: { dispatch } seg1 } seg2 } seg3 }
//
// where the dispatch breaks to the block that ends where the matching
// segment starts, and segments fall through into the next one.
func (fn *funcTr) switchStmt(s *cc.SelectionStatement) {
	pos := tokPos(s.Token)
	if s.Statement == nil {
		return
	}
	ct := s.ExpressionList.Type()
	if c, msg := classify(ct); c != clInt {
		if c == clBad {
			fn.errorAt(pos, "%s", msg)
		} else {
			fn.errorAt(pos, "switch on a non-integer is not supported")
		}
		return
	}
	it := promoteIt(scalOf(ct).it)
	pt := fn.ccInt(it)

	var items []*cc.BlockItem
	if s.Statement.Case == cc.StatementCompound {
		items = blockItems(s.Statement.CompoundStatement)
	} else {
		items = []*cc.BlockItem{{Case: cc.BlockItemStmt, Statement: s.Statement}}
	}

	type segment struct {
		cases []*cc.LabeledStatement
		items []*cc.BlockItem
	}
	segs := []*segment{{}} // segs[0]: items before the first case (dead code)
	found := map[*cc.LabeledStatement]bool{}
	for _, bi := range items {
		var cases []*cc.LabeledStatement
		st := bi.Statement
		var labels []*cc.LabeledStatement // ordinary ones among the cases
		if bi.Case == cc.BlockItemStmt {
			for st != nil && st.Case == cc.StatementLabeled && st.LabeledStatement != nil {
				ls := st.LabeledStatement
				if ls.Case != cc.LabeledStatementLabel {
					cases = append(cases, ls)
					found[ls] = true
				} else {
					labels = append(labels, ls)
				}
				st = ls.Statement
			}
		}
		if len(cases) > 0 {
			segs = append(segs, &segment{cases: cases})
			// the ordinary labels stay on the segment's first item
			// (copies: gotos find their label by name)
			for i := len(labels) - 1; i >= 0; i-- {
				c := *labels[i]
				c.Statement = st
				st = &cc.Statement{Case: cc.StatementLabeled, LabeledStatement: &c}
			}
			bi = &cc.BlockItem{Case: cc.BlockItemStmt, Statement: st}
		}
		seg := segs[len(segs)-1]
		seg.items = append(seg.items, bi)
	}
	for _, ls := range s.LabeledStatements() {
		if ls.Case != cc.LabeledStatementLabel && ls.Switch() == s && !found[ls] {
			fn.errorf(ls, "case label inside a nested statement is not supported")
			return
		}
	}

	// A goto from one segment into another would cross the blocks that
	// start the segments.
	segOf := map[string]int{}
	for i, seg := range segs {
		for _, bi := range seg.items {
			walkNodes(bi, func(n any) {
				if ls, ok := n.(*cc.LabeledStatement); ok && ls.Case == cc.LabeledStatementLabel {
					segOf[ls.Token.SrcStr()] = i
				}
			})
		}
	}
	for i, seg := range segs {
		for _, bi := range seg.items {
			bad := false
			walkGotos(bi, func(g *cc.JumpStatement) {
				if ls, ok := g.Label().(*cc.LabeledStatement); ok && !bad {
					if k, ok := segOf[ls.Token.SrcStr()]; ok && k != i {
						fn.errorAt(tokPos(g.Token), "goto from one case of a switch to another is not supported")
						bad = true
					}
				}
			})
			if bad {
				return
			}
		}
	}

	sw := fn.counterLabel("switch")
	entries := make([]string, len(segs))
	for i := 1; i < len(segs); i++ {
		entries[i] = fn.label(sw + ".c" + itoa(i))
	}
	savedB := fn.brk
	defer func() { fn.brk = savedB }()

	var level func(i int)
	level = func(i int) {
		if i == 0 {
			// Dispatch.
			v := fn.expr(s.ExpressionList)
			x := fn.convert(v, pt, pos)
			deflt := ""
			seen := map[lsl.Value]bool{} // C: case values differ, one default
			for k := 1; k < len(segs); k++ {
				for _, ls := range segs[k].cases {
					lpos := posOf(ls)
					switch ls.Case {
					case cc.LabeledStatementDefault:
						if deflt != "" {
							fn.errorAt(lpos, "multiple default labels in one switch")
						}
						deflt = entries[k]
					case cc.LabeledStatementCaseLabel:
						kv := fn.caseValue(ls.ConstantExpression, it)
						if seen[kv] {
							fn.errorAt(lpos, "duplicate case value %s", kv)
						}
						seen[kv] = true
						c := fn.prim(lpos, lsl.OpEq, lsl.IntType{}, x, fn.constReg(lpos, kv))
						fn.emit(&lsl.Break{Pos: lpos, Cond: c, Label: entries[k]})
					case cc.LabeledStatementRange:
						lo := fn.caseValue(ls.ConstantExpression, it)
						hi := fn.caseValue(ls.ConstantExpression2, it)
						c1 := fn.prim(lpos, lsl.OpGe, it, x, fn.constReg(lpos, lo))
						c2 := fn.prim(lpos, lsl.OpLe, it, x, fn.constReg(lpos, hi))
						c := fn.prim(lpos, lsl.OpAnd, lsl.I32, c1, c2)
						fn.emit(&lsl.Break{Pos: lpos, Cond: c, Label: entries[k]})
					}
				}
			}
			if deflt != "" {
				fn.emit(&lsl.Break{Pos: pos, Label: deflt})
			} else {
				fn.emit(&lsl.Break{Pos: pos, Label: sw})
			}
			// Declarations before the first case still declare.
			fn.brk = &jump{label: sw}
			fn.items(segs[0].items)
			return
		}
		fn.block(entries[i], posOf(segs[i].cases[0]), func() { level(i - 1) })
		fn.brk = &jump{label: sw}
		fn.items(segs[i].items)
	}
	fn.block(sw, pos, func() { level(len(segs) - 1) })
}

// caseValue is the value of a case label converted to the promoted type of
// the controlling expression.
func (fn *funcTr) caseValue(e cc.ExpressionNode, it lsl.IntType) lsl.Value {
	v, ok := intValue(e)
	if !ok {
		fn.errorf(e, "case label is not an integer constant")
		return lsl.Int(0)
	}
	return lsl.Int(it.Wrap(v))
}
