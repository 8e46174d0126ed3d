// Command satbench compares package sat with gini on DIMACS files:
//
//	go run ./internal/sat/satbench FILE...
//
// It prints, per file and solver, the answer, the solve time (parsing
// excluded), conflicts and propagations.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"checkfence/internal/sat"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"
)

func main() {
	skipGini := flag.Bool("nogini", false, "run only package sat")
	minisat := flag.String("minisat", "", "also run this MiniSat binary with -no-pre (its time includes parsing)")
	incr := flag.Bool("incremental", false, "ask the files as questions to one solver: the clauses common to all files, each file's other (unit) clauses as assumptions")
	cpuprof := flag.String("cpuprofile", "", "write a CPU profile of the package sat solves")
	flag.Parse()
	if *cpuprof != "" {
		pf, err := os.Create(*cpuprof)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		pprof.StartCPUProfile(pf)
		defer pprof.StopCPUProfile()
	}
	if *incr {
		incremental(flag.Args(), !*skipGini)
		return
	}
	fmt.Printf("%-14s %-7s %6s %9s %9s %11s %8s\n", "file", "solver", "answer", "time", "conflicts", "props", "Mprops/s")
	var tot [3]time.Duration
	for _, path := range flag.Args() {
		f, err := os.Open(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		nv, cls, err := sat.ReadDIMACS(f)
		f.Close()
		if err != nil {
			fmt.Fprintln(os.Stderr, path, err)
			os.Exit(1)
		}
		name := path
		if i := strings.LastIndexByte(name, '/'); i >= 0 {
			name = name[i+1:]
		}
		if !*skipGini {
			g := gini.New()
			for _, c := range cls {
				for _, l := range c {
					g.Add(l)
				}
				g.Add(0)
			}
			t0 := time.Now()
			r := g.Solve()
			d := time.Since(t0)
			tot[0] += d
			row(name, "gini", r, d, -1, -1)
		}
		if *minisat != "" {
			tot[2] += runMinisat(*minisat, path, name)
		}
		s := sat.New()
		for i := 0; i < nv; i++ {
			s.NewVar()
		}
		for _, c := range cls {
			s.AddClause(c...)
		}
		t0 := time.Now()
		r := s.Solve(context.Background())
		d := time.Since(t0)
		tot[1] += d
		st := s.Stats()
		if r == 1 {
			for _, c := range cls {
				ok := false
				for _, l := range c {
					ok = ok || s.Value(l)
				}
				if !ok {
					fmt.Fprintln(os.Stderr, path, "model violates a clause")
					os.Exit(1)
				}
			}
		}
		row(name, "sat", r, d, st.Conflicts, st.Propagations)
	}
	fmt.Printf("total: gini %.2fs  minisat %.2fs  sat %.2fs\n", tot[0].Seconds(), tot[2].Seconds(), tot[1].Seconds())
}

func row(name, solver string, r int, d time.Duration, confl, props int64) {
	if confl < 0 { // gini does not export its counters
		fmt.Printf("%-14s %-7s %6d %8.3fs %9s %11s %8s\n", name, solver, r, d.Seconds(), "-", "-", "-")
		return
	}
	mps := float64(props) / d.Seconds() / 1e6
	fmt.Printf("%-14s %-7s %6d %8.3fs %9d %11d %8.2f\n", name, solver, r, d.Seconds(), confl, props, mps)
}

// runMinisat runs MiniSat on path and prints its row from the statistics
// it reports.
func runMinisat(bin, path, name string) time.Duration {
	out, _ := exec.Command(bin, "-no-pre", path).Output() // exits 10 or 20
	var confl, props int64
	var secs float64
	r := 0
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) >= 3 && f[0] == "conflicts":
			confl, _ = strconv.ParseInt(f[2], 10, 64)
		case len(f) >= 3 && f[0] == "propagations":
			props, _ = strconv.ParseInt(f[2], 10, 64)
		case len(f) >= 4 && f[0] == "CPU" && f[1] == "time":
			secs, _ = strconv.ParseFloat(f[3], 64)
		case line == "SATISFIABLE":
			r = 1
		case line == "UNSATISFIABLE":
			r = -1
		}
	}
	d := time.Duration(secs * float64(time.Second))
	row(name, "minisat", r, d, confl, props)
	return d
}

// incremental asks one solver, and one gini, the questions of files that
// share all clauses but units; the units of a file not in every file are
// its assumptions.
func incremental(paths []string, withGini bool) {
	var sets [][][]z.Lit
	nv := 0
	count := map[string]int{}
	key := func(c []z.Lit) string { return fmt.Sprint(c) }
	for _, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		n, cls, err := sat.ReadDIMACS(f)
		f.Close()
		if err != nil {
			fmt.Fprintln(os.Stderr, path, err)
			os.Exit(1)
		}
		nv = max(nv, n)
		sets = append(sets, cls)
		seen := map[string]bool{}
		for _, c := range cls {
			if k := key(c); !seen[k] {
				seen[k] = true
				count[k]++
			}
		}
	}
	common := map[string]bool{}
	var base [][]z.Lit
	for _, c := range sets[0] {
		if k := key(c); count[k] == len(paths) && !common[k] {
			common[k] = true
			base = append(base, c)
		}
	}
	var qs [][]z.Lit
	for i, cls := range sets {
		var as []z.Lit
		for _, c := range cls {
			if common[key(c)] {
				continue
			}
			if len(c) != 1 {
				fmt.Fprintln(os.Stderr, paths[i], "differs from the others by a clause that is not a unit")
				os.Exit(1)
			}
			as = append(as, c[0])
		}
		qs = append(qs, as)
	}
	fmt.Printf("%d common clauses, %d questions\n", len(base), len(qs))
	fmt.Printf("%-14s %-7s %6s %9s %9s %11s %8s\n", "question", "solver", "answer", "time", "conflicts", "props", "Mprops/s")
	var tg, ts time.Duration
	var g *gini.Gini
	if withGini {
		g = gini.New()
		for _, c := range base {
			for _, l := range c {
				g.Add(l)
			}
			g.Add(0)
		}
	}
	s := sat.New()
	for i := 0; i < nv; i++ {
		s.NewVar()
	}
	for _, c := range base {
		s.AddClause(c...)
	}
	for i, as := range qs {
		name := paths[i]
		if j := strings.LastIndexByte(name, '/'); j >= 0 {
			name = name[j+1:]
		}
		if withGini {
			g.Assume(as...)
			t0 := time.Now()
			r := g.Solve()
			d := time.Since(t0)
			tg += d
			row(name, "gini", r, d, -1, -1)
		}
		st0 := s.Stats()
		t0 := time.Now()
		r := s.Solve(context.Background(), as...)
		d := time.Since(t0)
		ts += d
		st := s.Stats()
		row(name, "sat", r, d, st.Conflicts-st0.Conflicts, st.Propagations-st0.Propagations)
	}
	fmt.Printf("total: gini %.2fs  sat %.2fs\n", tg.Seconds(), ts.Seconds())
}
