package reference

import (
	"fmt"
	"reflect"
	"slices"

	"checkfence/lsl"
)

// instr is one statement of a thread's code after flattening. Blocks
// disappear: a Break becomes a forward jump to the index just after its
// block. Atomic blocks disappear too: every instruction records the atomic
// block it lies in, and a marker (s == nil) opens each atomic block so that
// an empty block still counts as entered.
type instr struct {
	s      lsl.Stmt
	atom   int   // atomic block id (1-based per thread), 0 outside
	inv    int   // invocation index within the thread
	target int   // for a Break: the instruction after its block
	base   int64 // for an Alloc: the base address of its block
}

// threadCode is the flattened code of one thread (index 0 is the init
// thread).
type threadCode struct {
	code     []instr
	invRange [][2]int       // [start, end) of each invocation in code
	atoms    map[int][2]int // [start, end) of each atomic block in code
	noFence  map[int]bool   // the atomic blocks marked nofence
}

// flattener turns invocation bodies into threadCode, checking that every
// statement is one the reference supports.
type flattener struct {
	nextBase int64 // base for the next Alloc statement
	accesses int   // static count of Load and Store statements
}

type openBlock struct {
	label   string
	pending []int // Break instructions waiting for the block's end
}

func (f *flattener) thread(invs []*lsl.Invocation) (*threadCode, error) {
	tc := &threadCode{atoms: map[int][2]int{}, noFence: map[int]bool{}}
	atomID := 0
	var walk func(body []lsl.Stmt, inv, atom int, blocks []*openBlock) error
	walk = func(body []lsl.Stmt, inv, atom int, blocks []*openBlock) error {
		for _, s := range body {
			if s == nil || reflect.ValueOf(s).Kind() == reflect.Pointer && reflect.ValueOf(s).IsNil() {
				return fmt.Errorf("nil statement")
			}
			switch s := s.(type) {
			case *lsl.Block:
				b := &openBlock{label: s.Label}
				if err := walk(s.Body, inv, atom, append(slices.Clip(blocks), b)); err != nil {
					return err
				}
				for _, i := range b.pending {
					tc.code[i].target = len(tc.code)
				}
			case *lsl.Atomic:
				a := atom
				if a == 0 { // a nested atomic block is part of the outer one
					atomID++
					a = atomID
				}
				start := len(tc.code)
				tc.code = append(tc.code, instr{atom: a, inv: inv})
				if err := walk(s.Body, inv, a, blocks); err != nil {
					return err
				}
				if atom == 0 {
					tc.atoms[a] = [2]int{start, len(tc.code)}
					tc.noFence[a] = s.NoFence
				}
			case *lsl.Break:
				var b *openBlock
				for i := len(blocks) - 1; i >= 0; i-- {
					if blocks[i].label == s.Label {
						b = blocks[i]
						break
					}
				}
				if b == nil {
					return lsl.Errorf(s.Pos, "break %s outside a block of that label", s.Label)
				}
				b.pending = append(b.pending, len(tc.code))
				tc.code = append(tc.code, instr{s: s, atom: atom, inv: inv})
			case *lsl.Prim:
				if s.Op.Typed() && !s.Type.Valid() {
					return lsl.Errorf(s.Pos, "invalid integer type %s", s.Type)
				}
				tc.code = append(tc.code, instr{s: s, atom: atom, inv: inv})
			case *lsl.Load, *lsl.Store:
				f.accesses++
				tc.code = append(tc.code, instr{s: s, atom: atom, inv: inv})
			case *lsl.Alloc:
				tc.code = append(tc.code, instr{s: s, atom: atom, inv: inv, base: f.nextBase})
				f.nextBase++
			case *lsl.Fence:
				if s.Kind == 0 || s.Kind&^lsl.Full != 0 {
					return lsl.Errorf(s.Pos, "invalid fence kind %s", s.Kind)
				}
				tc.code = append(tc.code, instr{s: s, atom: atom, inv: inv})
			case *lsl.Observe:
				if s.Kind > lsl.ObsLabel {
					return lsl.Errorf(s.Pos, "invalid observation kind %d", s.Kind)
				}
				tc.code = append(tc.code, instr{s: s, atom: atom, inv: inv})
			case *lsl.Const, *lsl.Assert, *lsl.Assume, *lsl.Choose, *lsl.Free, *lsl.BoundExceeded:
				tc.code = append(tc.code, instr{s: s, atom: atom, inv: inv})
			default:
				return lsl.Errorf(s.Position(), "unsupported statement %s", lsl.FormatStmt(s))
			}
		}
		return nil
	}
	for k, inv := range invs {
		if inv == nil {
			return nil, fmt.Errorf("nil invocation")
		}
		start := len(tc.code)
		if err := walk(inv.Body, k, 0, nil); err != nil {
			return nil, err
		}
		tc.invRange = append(tc.invRange, [2]int{start, len(tc.code)})
	}
	return tc, nil
}
