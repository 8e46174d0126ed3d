package encode

import (
	"bufio"
	"fmt"
	"math"
	"math/bits"
	"os"
	"strconv"
	"strings"
	"sync"

	"checkfence/lsl"
)

// The memory an encoding takes, in bytes per unit, meant as peak process
// memory (live data, Go's garbage-collection headroom, the slack of growing
// slices). Fitted on gini v1.0.4 to encodings of 0.3M-82M clauses (the
// bench generator, 4-8 threads, sc/tso/relaxed, chordal and pairwise): the
// estimate came to 1.3-1.7x the live heap they leave and 0.8-1.1x the
// peak heap in use while encoding; the builtin solver (internal/sat) holds
// less than gini for the same clauses. TestMemoryModel keeps an eye on it. The
// checks need the order of magnitude, not precision.
const (
	// a solver variable: gini's per-variable arrays (value, level,
	// reason, activity heap, two watch lists) and our Dom entries
	memPerVar = 200
	// a clause: gini's clause header and its two watches
	memPerClause = 56
	// a literal of a clause in gini's clause store
	memPerLit = 10
	// a memory-order pair: its adjacency bits and literal entry
	// (orderGraph; a map entry for the pairs of nodes past denseNodes),
	// with room to spare, and the literal itself, a variable
	memPerPair = 160 + memPerVar
	// a triangle of the chordal completion: its two transitivity clauses,
	// and its entry in the list of triangles while that is built
	memPerTriangle = 2*(memPerClause+3*memPerLit) + 2*24
)

// BudgetError reports an encoding that would not fit in the memory
// budget (Options.MaxMemory). It is raised from estimates, before the
// memory is allocated, so that a test too large for the machine stops with
// this message instead of being killed for running out of memory.
type BudgetError struct {
	Test     string // the test's name
	Model    string
	Phase    string // what the encoder was about to build
	Estimate int64  // bytes the encoding would need (at least)
	Budget   int64  // Options.MaxMemory, resolved

	// The sizes that made it big.
	Threads, Operations, Accesses int
	Nodes                         int   // memory-order nodes
	Pairs, Triangles              int64 // memory-order pairs and triangles, if known
	Vars, Clauses                 int64 // solver variables and clauses, if known
	Detail                        string
}

func (e *BudgetError) Error() string {
	return fmt.Sprintf("test %s is too large to encode within the memory budget of %s: %s, ~%s (%s, %s, %s, on %s); reduce the test or raise --max-memory",
		e.Test, FormatBytes(e.Budget), e.Detail, FormatBytes(e.Estimate),
		plural(e.Threads, "thread"), plural(e.Operations, "operation"), plural(e.Accesses, "access"), e.Model)
}

func plural(n int, noun string) string {
	switch {
	case n == 1:
		return "1 " + noun
	case strings.HasSuffix(noun, "s"):
		return fmt.Sprintf("%d %ses", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// FormatBytes writes n in binary units (12.0 GiB, 512.0 MiB).
func FormatBytes(n int64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB"}
	f := float64(n)
	u := 0
	for f >= 1024 && u < len(units)-1 {
		f /= 1024
		u++
	}
	if u == 0 {
		return fmt.Sprintf("%d B", n)
	}
	return fmt.Sprintf("%.1f %s", f, units[u])
}

// DefaultMaxMemory is the budget when Options.MaxMemory is 0: half of the
// physical memory (or of the cgroup's limit, if lower), leaving room for
// the solver's learnt clauses and for the rest of the process; 8 GiB when
// neither can be read.
func DefaultMaxMemory() int64 {
	defaultOnce.Do(func() {
		total := memTotal()
		if lim := cgroupLimit(); lim > 0 && (total <= 0 || lim < total) {
			total = lim
		}
		if total <= 0 {
			defaultMax = 8 << 30
		} else {
			defaultMax = total / 2
		}
	})
	return defaultMax
}

var (
	defaultOnce sync.Once
	defaultMax  int64
)

// memTotal reads MemTotal from /proc/meminfo (0 if unknown).
func memTotal() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) >= 2 && fs[0] == "MemTotal:" {
			kb, err := strconv.ParseInt(fs[1], 10, 64)
			if err == nil {
				return kb << 10
			}
		}
	}
	return 0
}

// cgroupLimit reads the memory limit of the process's cgroup (v2, then
// v1); 0 if there is none.
func cgroupLimit() int64 {
	for _, p := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
		if err == nil && n > 0 && n < 1<<60 {
			return n
		}
	}
	return 0
}

// estimates turns the checks before each phase off, so that tests can show
// that the growth checks alone still stop an encoding.
var estimates = true

// estimating reports whether the checks before each phase run: not
// without a budget.
func (e *Encoding) estimating() bool { return estimates && e.budget.max < math.MaxInt64 }

// budget is an encoding's memory budget and the phase being built.
type budget struct {
	max   int64
	phase string
}

// resolveBudget returns the budget of opt.MaxMemory: the default for 0,
// none for a negative value.
func resolveBudget(max int64) int64 {
	switch {
	case max == 0:
		return DefaultMaxMemory()
	case max < 0:
		return math.MaxInt64
	}
	return max
}

// usage estimates the memory the encoding holds now.
func (e *Encoding) usage() int64 {
	u := int64(e.c.vars)*memPerVar + int64(e.c.clauses)*memPerClause + e.c.lits*memPerLit
	if e.mem != nil {
		u += e.mem.edges * (memPerPair - memPerVar) // their variables are counted as such
	}
	return u
}

// budgetError returns the error for an estimate of est bytes in phase,
// with the sizes known so far; detail says what made it big.
func (e *Encoding) budgetError(phase string, est int64, detail string) *BudgetError {
	be := &BudgetError{
		Test: e.Test.Name, Model: e.Model.Name, Phase: phase, Estimate: est, Budget: e.budget.max,
		Threads: len(e.Test.Threads), Accesses: len(e.Accesses), Detail: detail,
		Vars: int64(e.c.vars), Clauses: int64(e.c.clauses),
	}
	if e.mem == nil {
		// the thread formulae are still being built, and with them the
		// accesses: count the test's loads and stores instead
		be.Accesses = max(be.Accesses, loadsAndStores(e.Test))
	}
	be.Operations = len(e.Test.Init)
	for _, th := range e.Test.Threads {
		be.Operations += len(th)
	}
	if e.mem != nil {
		be.Nodes = len(e.mem.nodes)
		be.Pairs = e.mem.edges
	}
	return be
}

// loadsAndStores counts the load and store statements of t's invocations.
func loadsAndStores(t *lsl.Test) int {
	n := 0
	count := func(s lsl.Stmt) bool {
		switch s.(type) {
		case *lsl.Load, *lsl.Store:
			n++
		}
		return true
	}
	for _, inv := range t.Init {
		lsl.Walk(inv.Body, count)
	}
	for _, th := range t.Threads {
		for _, inv := range th {
			lsl.Walk(inv.Body, count)
		}
	}
	return n
}

// budgetAbort carries a BudgetError, or the error of the encoding's
// context once it ended, from a growth check deep in the encoder
// (cnf.add) to Encode, which returns it.
type budgetAbort struct{ err error }

// growthCheck is called by cnf every few thousand clauses: an estimate
// that was wrong (or a phase that has none) still stops the encoding once
// it reaches the budget, before it takes the machine's memory; and a
// cancelled encoding (--timeout, an interrupt) stops within a few
// thousand clauses, wherever they are added (the transitivity clauses of
// millions of triangles took half a minute past a timeout).
func (e *Encoding) growthCheck() {
	if err := e.ctx.Err(); err != nil {
		panic(budgetAbort{err})
	}
	if u := e.usage(); u > e.budget.max {
		panic(budgetAbort{e.budgetError(e.budget.phase, u,
			fmt.Sprintf("the %s grew to %d variables and %d clauses", e.budget.phase, e.c.vars, e.c.clauses))})
	}
}

// estimateThreads checks the thread formulae against the budget before
// they are built: every primitive operation is a table over the product
// of its operands' value sets (capped by MaxCombinations), every loaded or
// computed value a one-hot domain over its set. The sets of the range
// analysis bound the encoder's domains, so this errs high.
func (e *Encoding) estimateThreads() error {
	if !e.estimating() {
		return nil
	}
	var vars, clauses, lits int64
	var bigRows int64
	var bigAt lsl.Pos
	universe := int64(0)
	if e.opt.NoRangeAnalysis {
		universe = int64(len(e.Range.Values()) + 1)
	}
	size := func(th int, r lsl.Reg) int64 {
		n := int64(e.Range.RegSize(th, r))
		if universe > 0 && n > 1 {
			n = universe
		}
		return max(n, 1)
	}
	walk := func(th int, invs []*lsl.Invocation) {
		for _, inv := range invs {
			lsl.Walk(inv.Body, func(s lsl.Stmt) bool {
				switch s := s.(type) {
				case *lsl.Prim:
					if s.Op == lsl.OpMov && len(s.Args) == 1 {
						return true
					}
					d := size(th, s.Dst)
					vars += d
					clauses += 3 * d
					lits += 6 * d
					if (s.Op == lsl.OpEq || s.Op == lsl.OpNe || s.Op == lsl.OpSame) && len(s.Args) == 2 {
						n := size(th, s.Args[0]) + size(th, s.Args[1])
						clauses += 2 * n
						lits += 6 * n
						return true
					}
					rows := int64(1)
					for _, a := range s.Args {
						rows = min(rows*size(th, a), int64(e.opt.MaxCombinations)+1)
					}
					clauses += rows
					lits += rows * int64(len(s.Args)+2)
					if rows > bigRows {
						bigRows, bigAt = rows, s.Pos
					}
				case *lsl.Load:
					d := size(th, s.Dst)
					vars += d
					clauses += 3 * d
					lits += 6 * d
				case *lsl.Choose:
					d := int64(min(s.Span(), math.MaxInt32)) + 1
					vars += d
					clauses += 3 * d
					lits += 6 * d
				}
				return true
			})
		}
	}
	walk(-1, e.Test.Init)
	for th, invs := range e.Test.Threads {
		walk(th, invs)
	}
	est := e.usage() + vars*memPerVar + clauses*memPerClause + lits*memPerLit
	if est <= e.budget.max {
		return nil
	}
	detail := fmt.Sprintf("the thread formulae need ~%d variables and ~%d clauses", vars, clauses)
	if bigRows > 1 {
		detail += fmt.Sprintf("; the largest operation table, at %s, has %d rows (the product of its operands' value sets)", bigAt, bigRows)
	}
	be := e.budgetError("thread formulae", est, detail)
	be.Vars, be.Clauses = vars, clauses
	return be
}

// checkPairs checks the memory order's pairs against the budget before
// they are built; pairs counts them (it is called only when a cheap bound
// does not fit).
func (e *Encoding) checkPairs(bound int64, pairs func() int64) error {
	if !e.estimating() {
		return nil
	}
	if float64(e.usage())+float64(bound)*memPerPair <= float64(e.budget.max) {
		return nil
	}
	n := pairs()
	if est := e.usage() + n*memPerPair; est > e.budget.max {
		be := e.budgetError("memory order", est, fmt.Sprintf("the memory order needs ~%d pairs", n))
		be.Pairs = n
		return be
	}
	return nil
}

// checkTriangles checks the transitivity constraints against the budget
// before the chordal completion is built: C(n, 3) bounds the triangles; if
// that does not fit, the elimination is simulated on bit sets (no
// allocation per triangle, n²/8 bytes) and stopped once it is over.
func (e *Encoding) checkTriangles(outside int) error {
	if !e.estimating() {
		return nil
	}
	m := e.mem
	n := int64(len(m.nodes))
	room := e.budget.max - e.usage()
	if float64(n)*float64(n-1)*float64(n-2)/6*(memPerTriangle+memPerVar) <= float64(room) {
		return nil
	}
	if n*n/8 > room/4 {
		return nil // too large to simulate: the growth checks will stop it
	}
	tris, fill, done := m.countTriangles(outside, room)
	if done && tris*memPerTriangle+fill*memPerPair <= room {
		return nil
	}
	if !done {
		// say how far over: count on (cheap next to the triangles) up to
		// 64 times the budget
		room = min(room, math.MaxInt64/64) * 64
		tris, fill, done = m.countTriangles(outside, room)
	}
	est := e.usage() + tris*memPerTriangle + fill*memPerPair
	count := fmt.Sprintf("~%d triangles", tris)
	if !done {
		count = fmt.Sprintf("more than %d triangles", tris)
	}
	be := e.budgetError("memory order", est,
		fmt.Sprintf("the memory order needs ~%d pairs and %s", m.edges+fill, count))
	be.Pairs, be.Triangles = m.edges+fill, tris
	return be
}

// countTriangles simulates chordalTriangles' elimination (same order, the
// node outside left out as there) on bit sets and returns the number of
// triangles and fill-in edges; it stops early (not done) once their
// estimated memory exceeds limit.
func (m *memEncoding) countTriangles(outside int, limit int64) (tris, fill int64, done bool) {
	n := len(m.nodes)
	w := (n + 63) / 64
	rows := make([]uint64, n*w)
	deg := make([]int, n)
	for v := range n {
		copy(rows[v*w:(v+1)*w], m.graph.rows[v])
		deg[v] = m.graph.deg[v]
	}
	removed := make([]bool, n)
	steps := n
	if outside >= 0 {
		removed[outside] = true
		for _, u := range m.graph.neighbours(outside, nil) {
			rows[u*w+outside/64] &^= 1 << (outside % 64)
			deg[u]--
		}
		steps--
	}
	var nb []int
	for step := 0; step < steps; step++ {
		v := -1
		for u := 0; u < n; u++ {
			if !removed[u] && (v < 0 || deg[u] < deg[v]) {
				v = u
			}
		}
		d := int64(deg[v])
		tris += d * (d - 1) / 2
		if tris*memPerTriangle+fill/2*memPerPair > limit {
			return tris, fill / 2, false
		}
		rv := rows[v*w : (v+1)*w]
		nb = nb[:0]
		for i, x := range rv {
			for x != 0 {
				nb = append(nb, i*64+bits.TrailingZeros64(x))
				x &= x - 1
			}
		}
		for _, a := range nb {
			ra := rows[a*w : (a+1)*w]
			added := 0
			for i := range ra {
				x := ra[i] | rv[i]
				added += bits.OnesCount64(x ^ ra[i])
				ra[i] = x
			}
			ra[a/64] &^= 1 << (a % 64) // a itself came with v's row
			added--
			ra[v/64] &^= 1 << (v % 64)
			deg[a] += added - 1
			fill += int64(added)
		}
		removed[v] = true
	}
	return tris, fill / 2, true
}

// checkAxioms checks the value axioms against the budget before they are
// built: a load with c candidate stores needs about c² clauses (each flow
// excludes the other visible stores).
func (e *Encoding) checkAxioms(loads, stores []*Access) error {
	if !e.estimating() {
		return nil
	}
	room := e.budget.max - e.usage()
	perClause := int64(memPerClause + 5*memPerLit)
	s := float64(len(stores))
	if float64(len(loads))*(s*s+4*s)*float64(perClause) <= float64(room) {
		return nil
	}
	var clauses, most int64
	count := "~"
	for i, l := range loads {
		c := int64(0)
		for _, st := range stores {
			if mayAlias(st, l) {
				c++
			}
		}
		clauses += c*c + 4*c
		most = max(most, c)
		if clauses > 64*(room/perClause) && i < len(loads)-1 {
			count = "more than " // enough to say how far over (and no overflow)
			break
		}
	}
	if est := e.usage() + clauses*perClause; est > e.budget.max {
		be := e.budgetError("value axioms", est,
			fmt.Sprintf("the value axioms need %s%d clauses (%d loads, up to %d stores each may read)", count, clauses, len(loads), most))
		be.Clauses = int64(e.c.clauses) + clauses
		return be
	}
	return nil
}

// triangleCheck is chordalTriangles' growth check: the triangles listed so
// far and the fill-in edges will each need their clauses and variables.
func (e *Encoding) triangleCheck(tris, fill int64) error {
	if err := e.ctx.Err(); err != nil {
		return err
	}
	est := e.usage() + tris*memPerTriangle + fill*memPerVar
	if est <= e.budget.max {
		return nil
	}
	be := e.budgetError("memory order", est,
		fmt.Sprintf("the memory order needs ~%d pairs and more than %d triangles", e.mem.edges, tris))
	be.Triangles = tris
	return be
}
