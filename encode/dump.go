package encode

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"
	"time"
)

// dumpSlowerThan is how long a question must take for Options.DumpDir to
// write it (a variable for the tests).
var dumpSlowerThan = 100 * time.Millisecond

// dumpedFiles numbers the files of a process (main and background
// encodings write side by side).
var dumpedFiles atomic.Int64

// dumpingSolver writes every question that takes dumpSlowerThan or more
// as a DIMACS file: the clauses so far, then the assumptions as unit
// clauses, and the answer and time in a comment, for comparing solvers
// on real questions (internal/sat/satbench).
type dumpingSolver struct {
	solver
	dir, name string
	clauses   [][]Lit
	vars      int
}

func (s *dumpingSolver) newVar() Lit {
	s.vars++
	return s.solver.newVar()
}

func (s *dumpingSolver) addClause(lits []Lit) {
	s.clauses = append(s.clauses, slices.Clone(lits))
	s.solver.addClause(lits)
}

func (s *dumpingSolver) solve(ctx context.Context, assumptions []Lit) int {
	t0 := time.Now()
	r := s.solver.solve(ctx, assumptions)
	if d := time.Since(t0); d >= dumpSlowerThan && r != 0 {
		s.write(assumptions, r, d)
	}
	return r
}

// write writes one question; a file that cannot be written is skipped
// (the check goes on, and says nothing: the dump is a measuring aid).
func (s *dumpingSolver) write(assumptions []Lit, answer int, d time.Duration) {
	n := dumpedFiles.Add(1)
	// the process id keeps two runs into one directory apart
	f, err := os.Create(filepath.Join(s.dir, fmt.Sprintf("%s-%d-%04d.cnf", s.name, os.Getpid(), n)))
	if err != nil {
		return
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	fmt.Fprintf(w, "c %s: answer %d in %v (the last %d unit clauses are the assumptions)\n", s.name, answer, d.Round(time.Millisecond), len(assumptions))
	fmt.Fprintf(w, "p cnf %d %d\n", s.vars, len(s.clauses)+len(assumptions))
	for _, c := range s.clauses {
		for _, l := range c {
			fmt.Fprintf(w, "%d ", l.Dimacs())
		}
		fmt.Fprintln(w, 0)
	}
	for _, a := range assumptions {
		fmt.Fprintf(w, "%d 0\n", a.Dimacs())
	}
	w.Flush()
}
