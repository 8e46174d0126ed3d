package reference

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"checkfence/lsl"
)

// litmusShapes are the tests of ../../../shared/litmus/tests written as
// shapes: threads separated by "|", instructions by ";". "W x 1" stores 1
// to x, "R EAX x" loads x into EAX, "MF", "SF", "LF" are MFENCE (full),
// SFENCE (store-store) and LFENCE (load-load). The condition is the
// litmus file's exists clause: "T:REG=n" and "loc=n" conjuncts.
var litmusShapes = []struct {
	name, threads, cond string
}{
	{"2+2W+mfence+po", "W x 2; MF; W y 1 | W y 2; W x 1", "x=2 y=2"},
	{"2+2W+mfences", "W x 2; MF; W y 1 | W y 2; MF; W x 1", "x=2 y=2"},
	{"2+2W+sfences", "W x 2; SF; W y 1 | W y 2; SF; W x 1", "x=2 y=2"},
	{"2+2W", "W x 2; W y 1 | W y 2; W x 1", "x=2 y=2"},
	{"CoRR", "W x 1 | R EAX x; R EBX x", "1:EAX=1 1:EBX=0"},
	{"CoRW2", "R EAX x; W x 1 | W x 2", "x=2 0:EAX=2"},
	{"CoRWR", "R EAX x; W x 1; R EBX x", "0:EAX=1 0:EBX=0"},
	{"CoWR", "W x 1; R EAX x | W x 2", "x=1 0:EAX=2"},
	{"CoWW", "W x 1; W x 2", "x=1"},
	{"IRIW+lfences", "R EAX y; LF; R EBX x | W x 1 | R EAX x; LF; R EBX y | W y 1", "0:EAX=1 0:EBX=0 2:EAX=1 2:EBX=0"},
	{"IRIW+mfences", "R EAX y; MF; R EBX x | W x 1 | R EAX x; MF; R EBX y | W y 1", "0:EAX=1 0:EBX=0 2:EAX=1 2:EBX=0"},
	{"IRIW", "R EAX y; R EBX x | W x 1 | R EAX x; R EBX y | W y 1", "0:EAX=1 0:EBX=0 2:EAX=1 2:EBX=0"},
	{"ISA2+mfences", "W x 1; MF; W y 1 | R EAX y; MF; W z 1 | R EAX z; MF; R EBX x", "1:EAX=1 2:EAX=1 2:EBX=0"},
	{"ISA2", "W x 1; W y 1 | R EAX y; W z 1 | R EAX z; R EBX x", "1:EAX=1 2:EAX=1 2:EBX=0"},
	{"LB+lfences", "R EAX x; LF; W y 1 | R EAX y; LF; W x 1", "0:EAX=1 1:EAX=1"},
	{"LB+mfence+po", "R EAX x; MF; W y 1 | R EAX y; W x 1", "0:EAX=1 1:EAX=1"},
	{"LB+mfences", "R EAX x; MF; W y 1 | R EAX y; MF; W x 1", "0:EAX=1 1:EAX=1"},
	{"LB", "R EAX x; W y 1 | R EAX y; W x 1", "0:EAX=1 1:EAX=1"},
	{"MP+mfence+po", "W x 1; MF; W y 1 | R EAX y; R EBX x", "1:EAX=1 1:EBX=0"},
	{"MP+mfences", "W x 1; MF; W y 1 | R EAX y; MF; R EBX x", "1:EAX=1 1:EBX=0"},
	{"MP+po+lfence", "W x 1; W y 1 | R EAX y; LF; R EBX x", "1:EAX=1 1:EBX=0"},
	{"MP+po+mfence", "W x 1; W y 1 | R EAX y; MF; R EBX x", "1:EAX=1 1:EBX=0"},
	{"MP+sfence+lfence", "W x 1; SF; W y 1 | R EAX y; LF; R EBX x", "1:EAX=1 1:EBX=0"},
	{"MP+sfence+po", "W x 1; SF; W y 1 | R EAX y; R EBX x", "1:EAX=1 1:EBX=0"},
	{"MP", "W x 1; W y 1 | R EAX y; R EBX x", "1:EAX=1 1:EBX=0"},
	{"R+mfence+po", "W x 1; MF; W y 1 | W y 2; R EAX x", "y=2 1:EAX=0"},
	{"R+mfence+rfi-po", "W x 1; MF; W y 1 | W y 2; R EAX y; R EBX x", "y=2 1:EAX=2 1:EBX=0"},
	{"R+mfences", "W x 1; MF; W y 1 | W y 2; MF; R EAX x", "y=2 1:EAX=0"},
	{"R+po+mfence", "W x 1; W y 1 | W y 2; MF; R EAX x", "y=2 1:EAX=0"},
	{"R", "W x 1; W y 1 | W y 2; R EAX x", "y=2 1:EAX=0"},
	{"RWC+mfences", "W x 1 | R EAX x; MF; R EBX y | W y 1; MF; R EAX x", "1:EAX=1 1:EBX=0 2:EAX=0"},
	{"RWC", "W x 1 | R EAX x; R EBX y | W y 1; R EAX x", "1:EAX=1 1:EBX=0 2:EAX=0"},
	{"S+mfence+po", "W x 2; MF; W y 1 | R EAX y; W x 1", "x=2 1:EAX=1"},
	{"S+mfences", "W x 2; MF; W y 1 | R EAX y; MF; W x 1", "x=2 1:EAX=1"},
	{"S+po+mfence", "W x 2; W y 1 | R EAX y; MF; W x 1", "x=2 1:EAX=1"},
	{"S+sfence+po", "W x 2; SF; W y 1 | R EAX y; W x 1", "x=2 1:EAX=1"},
	{"S", "W x 2; W y 1 | R EAX y; W x 1", "x=2 1:EAX=1"},
	{"SB+mfence+po", "W x 1; MF; R EAX y | W y 1; R EAX x", "0:EAX=0 1:EAX=0"},
	{"SB+mfences", "W x 1; MF; R EAX y | W y 1; MF; R EAX x", "0:EAX=0 1:EAX=0"},
	{"SB+rfi-pos", "W x 1; R EAX x; R EBX y | W y 1; R EAX y; R EBX x", "0:EAX=1 0:EBX=0 1:EAX=1 1:EBX=0"},
	{"SB+sfences", "W x 1; SF; R EAX y | W y 1; SF; R EAX x", "0:EAX=0 1:EAX=0"},
	{"SB", "W x 1; R EAX y | W y 1; R EAX x", "0:EAX=0 1:EAX=0"},
	{"WRC+mfence+lfence", "W x 1 | R EAX x; MF; W y 1 | R EAX y; LF; R EBX x", "1:EAX=1 2:EAX=1 2:EBX=0"},
	{"WRC+mfences", "W x 1 | R EAX x; MF; W y 1 | R EAX y; MF; R EBX x", "1:EAX=1 2:EAX=1 2:EBX=0"},
	{"WRC", "W x 1 | R EAX x; W y 1 | R EAX y; R EBX x", "1:EAX=1 2:EAX=1 2:EBX=0"},
}

// buildShape turns a shape into a test over globals x, y, z (all 0
// initially). Each thread observes every register it loads, in order.
func buildShape(t *testing.T, name, threads string) *lsl.Test {
	t.Helper()
	gs := scalars("x y z")
	test := &lsl.Test{Name: name, Globals: gs, Final: finals(gs)}
	for _, th := range strings.Split(threads, "|") {
		body := addrs(gs)
		var loaded []string
		for _, ins := range strings.Split(th, ";") {
			f := strings.Fields(ins)
			switch {
			case len(f) == 3 && f[0] == "W":
				n, err := strconv.ParseInt(f[2], 10, 64)
				if err != nil {
					t.Fatalf("%s: bad shape %q", name, ins)
				}
				body = append(body, cnst("$"+f[2], lsl.Int(n)), store("&"+f[1], "$"+f[2]))
			case len(f) == 3 && f[0] == "R":
				body = append(body, load(f[1], "&"+f[2]))
				loaded = append(loaded, f[1])
			case len(f) == 1 && f[0] == "MF":
				body = append(body, fence(lsl.Full))
			case len(f) == 1 && f[0] == "SF":
				body = append(body, fence(lsl.StoreStore))
			case len(f) == 1 && f[0] == "LF":
				body = append(body, fence(lsl.LoadLoad))
			default:
				t.Fatalf("%s: bad shape %q", name, ins)
			}
		}
		for _, r := range loaded {
			body = append(body, output(r))
		}
		test.Threads = append(test.Threads, []*lsl.Invocation{inv(body...)})
	}
	return test
}

// satisfies reports whether outcome o meets a litmus condition.
func satisfies(t *testing.T, test *lsl.Test, o lsl.Outcome, cond string) bool {
	t.Helper()
	if o.Fault != lsl.NoFault {
		return false
	}
	for _, c := range strings.Fields(cond) {
		lhs, rhs, ok := strings.Cut(c, "=")
		n, err := strconv.ParseInt(rhs, 10, 64)
		if !ok || err != nil {
			t.Fatalf("bad condition %q", c)
		}
		want := lsl.Int(n)
		if th, r, ok := strings.Cut(lhs, ":"); ok {
			i, err := strconv.Atoi(th)
			if err != nil {
				t.Fatalf("bad condition %q", c)
			}
			if v, ok := obsValue(o, i, r); !ok || v != want {
				return false
			}
			continue
		}
		found := false
		for i, f := range test.Final {
			if f.Name == lhs {
				found = true
				if o.Final[i] != want {
					return false
				}
			}
		}
		if !found {
			t.Fatalf("bad condition %q", c)
		}
	}
	return true
}

func readExpected(t *testing.T) map[string]map[string]string {
	t.Helper()
	f, err := os.Open("../../../shared/litmus/expected.tsv")
	if os.IsNotExist(err) {
		t.Skip("../shared/litmus/expected.tsv not present")
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	var header []string
	exp := map[string]map[string]string{}
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if header == nil {
			header = fields
			continue
		}
		if len(fields) != len(header) {
			continue
		}
		row := map[string]string{}
		for i := 1; i < len(fields); i++ {
			row[header[i]] = fields[i]
		}
		exp[fields[0]] = row
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return exp
}

func TestLitmus(t *testing.T) {
	exp := readExpected(t)
	covered := map[string]bool{}
	for _, sh := range litmusShapes {
		row, ok := exp[sh.name]
		if !ok {
			t.Errorf("%s: not in expected.tsv", sh.name)
			continue
		}
		covered[sh.name] = true
		test := buildShape(t, sh.name, sh.threads)
		t.Run(sh.name, func(t *testing.T) {
			t.Parallel()
			for _, m := range []string{"sc", "tso", "pso", "rmo", "relaxed"} {
				want, ok := row[m]
				if !ok {
					t.Fatalf("expected.tsv has no column %s", m)
				}
				reached := false
				for _, o := range outcomes(t, test, m) {
					if o.Fault != lsl.NoFault {
						t.Errorf("%s: unexpected error execution (%v)", m, o.Fault)
					}
					reached = reached || satisfies(t, test, o, sh.cond)
				}
				got := "forbidden"
				if reached {
					got = "allowed"
				}
				if got != want {
					t.Errorf("%s: condition %s is %s, want %s", m, sh.cond, got, want)
				}
			}
			// serial is stronger than sc.
			if row["sc"] != "forbidden" {
				return
			}
			for _, o := range outcomes(t, test, "serial") {
				if satisfies(t, test, o, sh.cond) {
					t.Errorf("serial: condition %s reachable", sh.cond)
				}
			}
		})
	}
	for name := range exp {
		if !covered[name] {
			t.Errorf("%s: in expected.tsv but has no shape", name)
		}
	}
}
