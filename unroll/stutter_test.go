package unroll

import (
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"checkfence/internal/longtest"
	"checkfence/internal/reference"
	"checkfence/lsl"
	"checkfence/tests"
)

// TestStutterCriterion decides, for loops written to sit on either side of
// the register-flow condition, which registers the stutter reduction must
// compare: those the body assigns that are live at the loop's head (read,
// on some path from the head, before being assigned: by the next
// iteration, after an exit, or as a result), and whether the loop compares
// their values (a retry loop) or counts an assignment of one as a change
// ("assigns": any other loop, if some path to its continue assigns none).
// Each program defines op, with one loop labelled L, and get; p, q hold
// pointers.
func TestStutterCriterion(t *testing.T) {
	cases := []struct {
		name    string
		loop    string
		watched string
	}{
		{"CAS retry", `L: { v = load p; n = add.i32 v, one; atomic { w = load p; ok = eq w, v; A: { nok = lnot ok; break A if nok; store p, n } }; again = lnot ok; continue L if again }; observe output "old" v`, ""},
		{"store, observation, allocation, free, assertion", `L: { v = load p; store q, v; observe output "v" v; a = alloc 8; free a; assert v; continue L if v }`, ""},
		{"return from inside", `R: { L: { v = load p; res = mov v; break R if v; continue L } }`, ""},
		{"result assigned on a return inside and after the loop", `R: { L: { v = load p; res = mov v; break R if v; w = load q; break L if w; continue L }; res = 1 }`, ""},
		{"continue of an enclosing loop", `O: { w = load q; break O if w; L: { v = load p; continue O if v; continue L } }`, ""},
		{"nested loop", `L: { M: { v = load p; continue M if v }; w = load q; continue L if w }`, ""},
		{"nested loop carrying a counter set in each iteration", `L: { i = 0; v = load p; M: { i = add.i32 i, one; store q, i; continue M if v }; w = load q; continue L if w }`, ""},
		{"loop-invariant register", `L: { v = load p; z = eq v, one; store q, one; continue L if z }`, ""},

		// Registers carried to later code: a retry loop compares them, any
		// other loop is left alone ("-").
		{"counter", `i = 0; L: { i = add.i32 i, one; store p, i; continue L if i }`, "-"},
		{"value carried to the next iteration", `x = 0; L: { y = mov x; x = load p; continue L if y }`, "-"},
		{"assigned before an exit only, read after", `L: { v = load p; break L if v; w = load q; continue L if w }; observe output "w" w`, "-"},
		{"assigned before an exit only, a result", `L: { v = load p; break L if v; res = load q; continue L if res }`, "-"},
		{"return without the result", `R: { L: { v = load p; break R if v; res = load q; continue L } }`, "-"},
		{"result of an earlier iteration left by the exit", `R: { L: { w = load q; break L if w; v = load p; res = mov v; break R if v; continue L } }`, "-"},
		{"compare-exchange writing expected", `e = load p; L: { atomic { w = load q; ok = eq w, e; A: { nok = lnot ok; break A if nok; store q, one } }; F: { break F if ok; e = mov w }; again = lnot ok; continue L if again }; observe output "e" e`, "e"},
		{"retry loop with a counter", `i = 0; L: { i = add.i32 i, one; atomic { w = load q; store q, i }; continue L if w }; observe output "i" i`, "i"},

		// Any other loop whose iteration may reach the continue without
		// assigning them: an assignment of one is a change ("assigns").
		{"assigned on some paths, read after", `a = 0; L: { v = load p; B: { break B if v; a = load q }; continue L if v }; observe output "a" a`, "assigns a"},
		{"assigned on some paths, read by the next iteration", `a = 0; L: { break L if a; v = load p; B: { break B if v; a = mov one }; continue L }`, "assigns a"},
		{"a call's result on some paths", `a = 0; L: { v = load p; B: { break B if v; call get(q) -> (a) }; continue L if v }; observe output "a" a`, "assigns a"},
		{"assigned in a nested loop on some paths", `a = 0; L: { v = load p; B: { break B if v; M: { a = load q; continue M if a } }; continue L if v }; observe output "a" a`, "assigns a"},
		{"one of two assigned on every path", `a = 0; b = 0; L: { v = load p; B: { C: { break C if v; a = load q; break B }; b = load q }; continue L if v }; observe output "a" a; observe output "b" b`, "-"},
		{"assigned on every path, by a call on one", `a = 0; L: { v = load p; B: { C: { break C if v; call get(q) -> (a); break B }; a = mov one }; continue L if v }; observe output "a" a`, "-"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := "global x @1\nglobal y @2\nproc op() -> (res) {\n res = 0\n p = [1]\n q = [2]\n one = 1\n" +
				strings.ReplaceAll(c.loop, "; ", "\n") + "\n}\nproc get(p) -> (v) {\n v = load p\n}\n"
			r := unrollOp(t, src)
			for _, l := range loopsL(t, r) {
				var got []string
				if l.Assigns {
					got = append(got, "assigns")
				}
				for _, w := range l.Watched {
					got = append(got, string(w))
				}
				if c.watched == "-" && l.Stutter || c.watched != "-" && (!l.Stutter || strings.Join(got, " ") != c.watched) {
					t.Errorf("%s: stutter %v watching %q, want watching %q\n%s", l.ID, l.Stutter, got, c.watched, r.Test)
				}
			}
		})
	}
}

// genRetryProgram makes three operations, each a retry loop over the
// globals x, y, z of the kind concurrent data types have: loads, plain
// and compare-and-swap stores (some conditional), observations, fences,
// choices and exits, with registers assigned before they are read in each
// iteration; some loops also carry a register from one iteration to the
// next, or leave a register unassigned on an exit, so that the criterion
// rejects them. With carrying, some loops assign, on some paths only, a
// register a that the code after the loop or the next iteration reads:
// directly, by a call's result, or in a nested loop; a loop without an
// atomic block then changes something only on the paths that assign it.
func genRetryProgram(seed uint64, carrying bool) string {
	r := rand.New(rand.NewPCG(seed, 0x57))
	mark := rand.New(rand.NewPCG(seed, 0x58)) // apart, so r makes the programs it made before
	carry := rand.New(rand.NewPCG(seed, 0x59))
	var b strings.Builder
	b.WriteString("global x @1\nglobal y @2\nglobal z @3\n")
	ptr := func() string { return []string{"px", "py", "pz"}[r.IntN(3)] }
	for op := range 3 {
		fmt.Fprintf(&b, "proc op%d() -> () {\n px = [1]\n py = [2]\n pz = [3]\n one = 1\n zero = 0\n k = 0\n res = 0\n a = 0\n", op)
		regs := []string{"one", "zero"} // assigned in this iteration
		n := 0
		fresh := func(p string) string { n++; return fmt.Sprintf("%s%d", p, n) }
		pick := func() string { return regs[r.IntN(len(regs))] }
		// cond picks a register read or chosen in the iteration, if any.
		cond := func() string {
			if len(regs) == 2 {
				return pick()
			}
			return regs[2+r.IntN(len(regs)-2)]
		}
		var body []string
		accesses, expected := 0, false
		for range 2 + r.IntN(4) {
			if accesses < 2 && r.IntN(8) == 0 {
				switch {
				case r.IntN(2) == 0:
					// test-and-set: stores back what it read when the
					// location is already set
					v, p := fresh("t"), ptr()
					body = append(body, fmt.Sprintf("atomic { %s = load %s; store %s, one }", v, p, p))
					regs = append(regs, v)
				case !expected:
					// compare-and-swap whose failure writes the value read
					// to e, which the next iteration compares with: e is
					// live at the head
					expected = true
					u, ok, nok, l, f := fresh("u"), fresh("ok"), fresh("nok"), fresh("A"), fresh("F")
					p := ptr()
					body = append(body, fmt.Sprintf("atomic { %s = load %s; %s = eq %s, e; %s: { %s = lnot %s; break %s if %s; store %s, %s } }; %s: { break %s if %s; e = mov %s }",
						u, p, ok, u, l, nok, ok, l, nok, p, pick(), f, f, ok, u))
					regs = append(regs, ok)
				}
				accesses += 2
				continue
			}
			switch k := r.IntN(14); {
			case k < 4 && accesses < 3:
				v := fresh("a")
				body = append(body, fmt.Sprintf("%s = load %s", v, ptr()))
				regs = append(regs, v)
				accesses++
			case k < 7 && accesses < 2:
				// compare-and-swap: expects a register, stores another
				u, ok, nok, l := fresh("u"), fresh("ok"), fresh("nok"), fresh("A")
				p := ptr()
				body = append(body, fmt.Sprintf("atomic { %s = load %s; %s = eq %s, %s; %s: { %s = lnot %s; break %s if %s; store %s, %s } }",
					u, p, ok, u, pick(), l, nok, ok, l, nok, p, pick()))
				regs = append(regs, ok)
				accesses += 2
			case k < 9 && accesses < 3:
				// a conditional store
				l := fresh("B")
				body = append(body, fmt.Sprintf("%s: { break %s if %s; store %s, %s }", l, l, cond(), ptr(), pick()))
				accesses++
			case k < 10 && accesses < 3:
				body = append(body, fmt.Sprintf("store %s, %s", ptr(), pick()))
				accesses++
			case k < 11 && r.IntN(2) == 0:
				body = append(body, fmt.Sprintf("observe output \"o\" %s", pick()))
			case k < 12:
				c := fresh("c")
				body = append(body, fmt.Sprintf("%s = choose 0 1", c))
				regs = append(regs, c)
			case k < 13 && r.IntN(2) == 0:
				body = append(body, "break L if "+cond())
			case k < 13:
				// a return, with a result that the code after the
				// loop may or may not assign again
				body = append(body, "res = mov "+pick(), "break R if "+cond())
			default:
				body = append(body, "fence "+[]string{"full", "load-load", "store-store"}[r.IntN(3)])
			}
		}
		after := ""
		// a carried on some paths only; without k or late below, which
		// every iteration would assign
		carried := carrying
		switch r.IntN(5) {
		case 0:
			// carried: k counts iterations
			if !carried {
				body = append([]string{"k = add.i32 k, one"}, body...)
			}
		case 1:
			// a register assigned on the way to the continue only
			v, p := fresh("late"), ptr()
			if !carried {
				body = append(body, fmt.Sprintf("%s = load %s", v, p))
				after = fmt.Sprintf("observe output \"late\" %s", v)
			}
		}
		// The loop goes on as a value read or chosen in the iteration
		// says, as a retry loop does when its CAS fails.
		if len(regs) == 2 {
			c := fresh("c")
			body = append(body, fmt.Sprintf("%s = choose 0 1", c))
			regs = append(regs, c)
		}
		again := fresh("again")
		body = append(body, fmt.Sprintf("%s = lnot %s", again, regs[2+r.IntN(len(regs)-2)]), "continue L if "+again)
		if carried {
			// Without the plain stores and observations, an iteration
			// may change nothing but a.
			body = slices.DeleteFunc(body, func(s string) bool {
				return strings.HasPrefix(s, "store ") || strings.HasPrefix(s, "observe ")
			})
			// a, read after the loop, assigned where a value read or
			// chosen in the iteration says
			c, l, p := fresh("cc"), fresh("C"), []string{"px", "py", "pz"}[carry.IntN(3)]
			var assign string
			switch k := carry.IntN(8); {
			case k < 2:
				assign = "a = load " + p
			case k < 5:
				assign = "a = mov one"
			case k < 7:
				assign = fmt.Sprintf("call get(%s) -> (a)", p)
			default:
				m, mc := fresh("M"), fresh("mc")
				assign = fmt.Sprintf("%s: { a = load %s; %s = choose 0 1; continue %s if %s }", m, p, mc, m, mc)
			}
			src := "choose 0 1"
			if carry.IntN(3) == 0 {
				src = "load " + []string{"px", "py", "pz"}[carry.IntN(3)]
			}
			stmts := []string{fmt.Sprintf("%s = %s", c, src), fmt.Sprintf("%s: { break %s if %s; %s }", l, l, c, assign)}
			switch carry.IntN(4) {
			case 0, 1:
				// leaving only with the value of an earlier iteration
				stmts = append(stmts, "break L if "+c)
				body[len(body)-1] = "continue L"
			case 2:
				// the next iteration reads it too
				stmts = append([]string{"break L if a"}, stmts...)
			}
			at := carry.IntN(len(body) - 1)
			body = append(body[:at], append(stmts, body[at:]...)...)
		}
		if mark.IntN(2) == 0 {
			// The statements before the first break of L are the loop's
			// test (a while loop's, as the C front end marks it), which
			// the unroller copies after the last iteration, stores,
			// compare-and-swaps and observations too.
			for i, s := range body {
				if strings.HasPrefix(s, "break L if ") {
					body[i] += " looptest"
					break
				}
			}
		}
		if expected {
			fmt.Fprintf(&b, " e = load %s\n", ptr())
		}
		fmt.Fprintf(&b, " R: {\n L: {\n  %s\n }\n", strings.Join(body, "\n  "))
		if expected {
			b.WriteString(" observe output \"e\" e\n")
		}
		if r.IntN(4) == 0 {
			// a later load of a location the loop may have accessed:
			// where the store-back reduction needs its model
			fmt.Fprintf(&b, " lt = load %s\n observe output \"later\" lt\n", ptr())
		}
		if after == "" && len(regs) > 2 {
			after = fmt.Sprintf("observe output \"v\" %s", regs[2])
		}
		if after != "" {
			fmt.Fprintf(&b, " %s\n", after)
		}
		if r.IntN(2) == 0 {
			b.WriteString(" res = mov one\n")
		}
		b.WriteString(" }\n")
		if carried {
			b.WriteString(" observe output \"a\" a\n")
		}
		b.WriteString(" observe output \"res\" res\n}\n")
	}
	b.WriteString("proc get(p) -> (v) {\n v = load p\n}\n")
	// w raises two flags, which a retry loop may wait for.
	fmt.Fprintf(&b, "proc w() -> () {\n px = [1]\n py = [2]\n pz = [3]\n one = 1\n store %s, one\n store %s, one\n}\n", ptr(), ptr())
	return strings.ReplaceAll(b.String(), "; ", "\n")
}

// effectfulTest reports whether a loop of prog has a marked test
// (lsl.Break.LoopTest) that stores or observes.
func effectfulTest(prog *lsl.Program) bool {
	found := false
	for _, p := range prog.Procs {
		lsl.Walk(p.Body, func(s lsl.Stmt) bool {
			b, ok := s.(*lsl.Block)
			if !ok {
				return true
			}
			effect := false
			for _, t := range b.Body {
				if br, ok := t.(*lsl.Break); ok && br.Label == b.Label && br.LoopTest {
					found = found || effect
					break
				}
				switch t.(type) {
				case *lsl.Store, *lsl.Atomic, *lsl.Observe:
					effect = true
				}
			}
			return true
		})
	}
	return found
}

// TestStutterReductionKeepsOutcomes checks the lemma the reduction rests
// on, with the brute-force reference of package reference on every model:
// for the same bounds, the outcomes (observations, final values of x, y,
// z, errors) of the executions that stay within the bounds are the same
// with and without the reduction. An execution with an iteration that
// changes nothing is the same, on every model, as the one without that
// iteration (its loads leave nothing behind, and dropping them drops no
// store any load reads, nor any order the others need), so only
// executions with a shorter twin are removed. Four wrong reductions must
// be caught: one that forgets that an observation changes something, one
// applied to every loop, whatever its registers carry, one that takes
// every read-modify-write for a store-back, and one that does not count
// the assignment of a carried register as a change (caught on the
// programs generated with carrying). rmo, whose
// reference search takes nearly as long as the five other models' together
// on these programs, is checked on every fourth program (on all of them in
// the long run).
func TestStutterReductionKeepsOutcomes(t *testing.T) {
	models := []string{"serial", "sc", "tso", "pso", "rmo", "relaxed"}
	var compared, reduced, mutantCaught, criterionNeeded, anyValueCaught, unrecordedCaught, tooBig, effectfulTests int
	n := *stutterSeeds
	if n <= 0 {
		n = longtest.N(120, 200)
	}
	// Then half as many programs carrying registers.
	for seed := uint64(1); seed <= uint64(n+n/2); seed++ {
		carrying := seed > uint64(n)
		src := genRetryProgram(seed, carrying)
		prog, err := lsl.Parse("retry.lsl", []byte(src))
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, src)
		}
		if err := lsl.Validate(prog); err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, src)
		}
		rr := rand.New(rand.NewPCG(seed, 3))
		ops := []string{"op0", "op1", "op2", "w", "w"}
		h := &tests.Test{Name: "r", Threads: [][]tests.OpCall{
			{{Name: fmt.Sprintf("op%d", rr.IntN(3))}},
			{{Name: ops[rr.IntN(len(ops))]}},
		}}
		bound := 2
		unrolled := func(noStutter bool) *Result {
			r, err := UnrollWith(prog, h, Options{DefaultBound: bound, NoStutterReduction: noStutter})
			if err != nil {
				t.Fatalf("seed %d: %v\n%s", seed, err, src)
			}
			for i, name := range []string{"x", "y", "z"} {
				r.Test.Final = append(r.Test.Final, lsl.FinalLoc{Name: name, Addr: lsl.Ptr(int64(i + 1))})
			}
			return r
		}
		with, without := unrolled(false), unrolled(true)
		if st := without.Stats; carrying && st.Loads+st.Stores > carriedAccesses {
			// The reference's search grows steeply with the accesses,
			// and the carried register's loads add to them.
			tooBig++
			continue
		}
		mutant := unrolled(false)
		forgetObservations(mutant.Test)
		stutterAnyLoop = true
		anyLoop := unrolled(false)
		stutterAnyLoop = false
		storeBackAnyValue = true
		anyValue := unrolled(false)
		storeBackAnyValue = false
		assignsUnrecorded = true
		unrecorded := unrolled(false)
		assignsUnrecorded = false
		for _, m := range models {
			if m == "rmo" && seed%4 != 1 && !longtest.Enabled() {
				continue
			}
			want, err := reference.Outcomes(without.Test, m)
			if errors.Is(err, reference.ErrTooBig) {
				tooBig++
				break
			}
			if err != nil {
				t.Fatalf("seed %d %s: %v", seed, m, err)
			}
			got, err := reference.Outcomes(with.Test, m)
			if err != nil {
				t.Fatalf("seed %d %s: reduced: %v", seed, m, err)
			}
			compared++
			if effectfulTest(prog) {
				effectfulTests++
			}
			wk, gk := lsl.OutcomeKeys(want), lsl.OutcomeKeys(got)
			if strings.Join(wk, "\n") != strings.Join(gk, "\n") {
				t.Fatalf("seed %d on %s, bound %d: outcomes differ\nwithout the reduction:\n  %s\nwith it:\n  %s\nprogram:\n%s\nreduced:\n%s",
					seed, m, bound, strings.Join(wk, "\n  "), strings.Join(gk, "\n  "), src, with.Test)
			}
			if mk, err := reference.Outcomes(mutant.Test, m); err == nil && strings.Join(lsl.OutcomeKeys(mk), "\n") != strings.Join(wk, "\n") {
				mutantCaught++
			}
			if ak, err := reference.Outcomes(anyLoop.Test, m); err == nil && strings.Join(lsl.OutcomeKeys(ak), "\n") != strings.Join(wk, "\n") {
				criterionNeeded++
			}
			if removes(t, unrolled(false).Test, m) {
				reduced++
			}
			if ak, err := reference.Outcomes(anyValue.Test, m); err == nil && strings.Join(lsl.OutcomeKeys(ak), "\n") != strings.Join(wk, "\n") {
				anyValueCaught++
			}
			if uk, err := reference.Outcomes(unrecorded.Test, m); err == nil && strings.Join(lsl.OutcomeKeys(uk), "\n") != strings.Join(wk, "\n") {
				unrecordedCaught++
			}
		}
	}
	t.Logf("%d comparisons (%d with a loop test that stores or observes, copied after the last iteration), %d with executions removed by the reduction; %d catching the reduction that forgets observations, %d the one that compares no registers, %d the one that takes any read-modify-write for a store-back, %d the one that forgets assignments; %d programs too big for the reference",
		compared, effectfulTests, reduced, mutantCaught, criterionNeeded, anyValueCaught, unrecordedCaught, tooBig)
	if compared < 100 || reduced < 20 || mutantCaught == 0 || criterionNeeded == 0 || anyValueCaught == 0 || unrecordedCaught == 0 || effectfulTests < 20 {
		t.Errorf("the generated programs do not exercise the reduction enough")
	}
}

// carriedAccesses bounds the loads and stores of a program with a carried
// register that TestStutterReductionKeepsOutcomes gives the reference.
const carriedAccesses = 10

var stutterSeeds = flag.Int("stutter.n", 0, "number of generated programs in TestStutterReductionKeepsOutcomes (0: 120, or 200 with CHECKFENCE_LONG=1)")

// forgetObservations removes the records that an observation changed
// something: a wrong reduction, for TestStutterReductionKeepsOutcomes to
// catch.
func forgetObservations(t *lsl.Test) {
	var strip func(body []lsl.Stmt) []lsl.Stmt
	strip = func(body []lsl.Stmt) []lsl.Stmt {
		var out []lsl.Stmt
		afterObs := false
		for _, s := range body {
			if c, ok := s.(*lsl.Const); ok && afterObs && strings.HasSuffix(string(c.Dst), ".changed") {
				continue
			}
			_, afterObs = s.(*lsl.Observe)
			switch s := s.(type) {
			case *lsl.Block:
				s.Body = strip(s.Body)
			case *lsl.Atomic:
				s.Body = strip(s.Body)
			}
			out = append(out, s)
		}
		return out
	}
	for _, th := range t.Threads {
		for _, inv := range th {
			inv.Body = strip(inv.Body)
		}
	}
}

// removes reports whether the reduction removes an execution of the
// reduced test r on model m: with its assumptions turned into
// observations, some execution observes one false.
func removes(t *testing.T, r *lsl.Test, m string) bool {
	t.Helper()
	var reveal func(body []lsl.Stmt)
	reveal = func(body []lsl.Stmt) {
		for i, s := range body {
			switch s := s.(type) {
			case *lsl.Assume:
				if strings.Contains(string(s.Cond), ".changed") {
					body[i] = &lsl.Observe{Pos: s.Pos, Kind: lsl.ObsOutput, Name: "stutter", Val: s.Cond}
				}
			case *lsl.Block:
				reveal(s.Body)
			case *lsl.Atomic:
				reveal(s.Body)
			}
		}
	}
	for _, th := range r.Threads {
		for _, inv := range th {
			reveal(inv.Body)
		}
	}
	os, err := reference.Outcomes(r, m)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range os {
		for _, th := range o.Threads {
			for _, inv := range th {
				for _, it := range inv {
					if it.Name == "stutter" && it.Val == lsl.Int(0) {
						return true
					}
				}
			}
		}
	}
	return false
}

// TestStoreBackForwardedLoad checks the store-back reduction on the case
// its argument (package documentation) treats last: t's loop sets x to 2
// with a read-modify-write (the second one stores back what it read);
// after the loop, t reads x again, and on rmo and relaxed that load may
// be placed before the removed read-modify-write and read its store by
// forwarding.
// The twin places the load just after the store the read-modify-write
// read, which everything ordered after the load allows (it is ordered
// after the read-modify-write as well): the outcomes do not change, here
// (with w's stores to y and x around a fence) on every model.
func TestStoreBackForwardedLoad(t *testing.T) {
	src := `global x @1
global y @2
proc t() -> () {
 px = [1]
 py = [2]
 two = 2
 L: {
  c = choose 0 1
  B: {
   break B if c
   atomic {
    v = load px
    store px, two
   }
  }
  again = lnot c
  continue L if again
 }
 lt = load px
 fence full
 ly = load py
 observe output "lt" lt
 observe output "ly" ly
}
proc w() -> () {
 px = [1]
 py = [2]
 one = 1
 store py, one
 fence full
 store px, one
}
`
	prog, err := lsl.Parse("storeback.lsl", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	h := &tests.Test{Name: "sb", Threads: [][]tests.OpCall{{{Name: "t"}}, {{Name: "w"}}}}
	outcomes := func(opts Options, m string) string {
		opts.DefaultBound = 3
		r, err := UnrollWith(prog, h, opts)
		if err != nil {
			t.Fatal(err)
		}
		os, err := reference.Outcomes(r.Test, m)
		if err != nil {
			t.Fatal(err)
		}
		return strings.Join(lsl.OutcomeKeys(os), "\n")
	}
	for _, m := range []string{"sc", "tso", "pso", "rmo", "relaxed"} {
		want := outcomes(Options{NoStutterReduction: true}, m)
		if got := outcomes(Options{}, m); got != want {
			t.Errorf("%s: the store-back reduction changes the outcomes:\n%s\nwant\n%s", m, got, want)
		}
		storeBackAnyValue = true
		wrong := outcomes(Options{}, m)
		storeBackAnyValue = false
		if wrong == want {
			t.Errorf("%s: a wrong reduction changes nothing here either; the program does not test the reduction", m)
		}
		r, err := UnrollWith(prog, h, Options{DefaultBound: 3})
		if err != nil {
			t.Fatal(err)
		}
		if !removes(t, r.Test, m) {
			t.Errorf("%s: the reduction removes no execution here", m)
		}
	}
}
