package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestGrow runs the two queue families of checkfence grow at small sizes.
// Their observation sets are known from the queue's semantics: with fixed
// values 1..k, the dequeuer observes any pattern of k successes and
// failures (the enqueuer can lag behind or keep ahead at each dequeue),
// each success returning the next value in order: 2^k observations; with
// chosen values, each pattern for each of the 2^k inputs: 4^k.
func TestGrow(t *testing.T) {
	code, out, errs := runCmd(t, "grow", "--model", "sc", "--family", "msn-fixed", "--family", "msn-chosen", "--max", "3", "--json", "../../algorithms")
	if code != exitPass {
		t.Fatalf("status %d: %s", code, errs)
	}
	type row struct {
		Family   string `json:"family"`
		K        int    `json:"k"`
		Verdict  string `json:"verdict"`
		SpecSize int    `json:"spec_size"`
		Stats    struct {
			Vars     int `json:"vars"`
			SatCalls int `json:"sat_calls"`
		} `json:"stats"`
	}
	var rows []row
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var r row
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		rows = append(rows, r)
	}
	if len(rows) != 4 {
		t.Fatalf("%d rows, want 4 (two families, k = 2 and 3):\n%s", len(rows), out)
	}
	base := map[string]int{"msn-fixed": 2, "msn-chosen": 4}
	for i, r := range rows {
		want := 1
		for range r.K {
			want *= base[r.Family]
		}
		if r.Verdict != "pass" || r.SpecSize != want || r.Stats.SatCalls == 0 {
			t.Errorf("%s k=%d: %s, %d observations (want pass, %d), %d SAT calls", r.Family, r.K, r.Verdict, r.SpecSize, want, r.Stats.SatCalls)
		}
		if i%2 == 1 && r.Stats.Vars <= rows[i-1].Stats.Vars {
			t.Errorf("%s: k=%d has %d variables, k=%d %d: the test did not grow", r.Family, r.K, r.Stats.Vars, rows[i-1].K, rows[i-1].Stats.Vars)
		}
	}
	// the text table has a header and a row per size
	_, text, _ := runCmd(t, "grow", "--model", "sc", "--family", "msn-fixed", "--max", "2", "../../algorithms")
	if !strings.Contains(text, "sat_calls") || !strings.Contains(text, "msn-fixed") {
		t.Errorf("no table:\n%s", text)
	}
	if code, _, _ := runCmd(t, "grow", "--family", "nosuch", "../../algorithms"); code != exitUsage {
		t.Errorf("an unknown family: status %d, want %d", code, exitUsage)
	}
}

// TestGrowMaxRefused: every family's sizes start at 2, so a --max below
// that (negative, zero or 1) would run nothing: it is refused, as a
// negative --timeout is, before any check.
func TestGrowMaxRefused(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--max", "-3"}, "--max -3: the sizes of msn-fixed start at 2"},
		{[]string{"--max", "0"}, "--max 0: the sizes of msn-fixed start at 2"},
		{[]string{"--max", "1", "--family", "lazylist-threads"}, "--max 1: the sizes of lazylist-threads start at 2"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, out, errs := runCmd(t, append(append([]string{"grow", "--model", "sc"}, tc.args...), "../../algorithms")...)
			if code != exitUsage || !strings.Contains(errs, tc.want) {
				t.Errorf("status %d, want %d; stderr %q lacks %q", code, exitUsage, errs, tc.want)
			}
			if out != "" {
				t.Errorf("printed %q", out)
			}
		})
	}
}

// TestBenchSkipsFoldersWithoutSuite: bench algorithms/* also matches
// algorithms/testdata and algorithms/grow, which are not suites.
func TestBenchSkipsFoldersWithoutSuite(t *testing.T) {
	code, out, errs := runCmd(t, "bench", "--quick", "--test", "T0", "../../algorithms/grow", "../../algorithms/testdata", "../../algorithms/msn")
	if code != exitPass {
		t.Fatalf("status %d: %s", code, errs)
	}
	if !strings.Contains(out, "msn-fenced.c") || strings.Contains(out, "grow") {
		t.Errorf("want msn's T0 row only:\n%s", out)
	}
}

// A folder that does not exist is bad input (status 2), not an empty
// table; and --timeout 0s means no limit, as for check, not a timeout at
// once.
func TestBenchArguments(t *testing.T) {
	code, _, errs := runCmd(t, "bench", "--quick", "../../algorithms/no-such-suite")
	if code != exitUsage || !strings.Contains(errs, "no-such-suite") {
		t.Errorf("a missing folder: status %d, stderr %q", code, errs)
	}
	code, out, errs := runCmd(t, "bench", "--quick", "--timeout", "0s", "--test", "T0", "../../algorithms/msn")
	if code != exitPass || !strings.Contains(out, " pass ") || strings.Contains(out, "timeout") {
		t.Errorf("--timeout 0s: status %d; %s\n%s", code, errs, out)
	}
	code, out, errs = runCmd(t, "grow", "--model", "sc", "--timeout", "0s", "--max", "3", "--family", "msn-fixed", "../../algorithms")
	if code != exitPass || strings.Contains(out, "timeout") {
		t.Errorf("grow --timeout 0s: status %d; %s\n%s", code, errs, out)
	}
}

// TestBenchRefusesBadInput: a --test that no suite's expected.tsv names,
// and a --paper table without the impl, test and total_s columns it is
// read by (or with a total_s that is no number), are refused with status
// 2 before any check, instead of an empty table or a column of "-".
func TestBenchRefusesBadInput(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name  string
		paper string // the --paper table, if any
		args  []string
		want  string // in stderr, with D for the directory
	}{
		{"unknown test", "", []string{"--test", "NOPE"}, `no test named "NOPE"`},
		{"unknown among known", "", []string{"--test", "T0", "--test", "T9x"}, `no test named "T9x"`},
		{"no impl column", "garbage\n", nil, "D/p.tsv:1: the header has no impl column"},
		{"no test column", "# a comment\nimpl\ttotal_s\nmsn\t1\n", nil, "D/p.tsv:2: the header has no test column"},
		{"no total_s column", "impl\ttest\tsolve_s\nmsn\tT0\t1\n", nil, "D/p.tsv:1: the header has no total_s column"},
		{"no header", "# only a comment\n", nil, "D/p.tsv:1: no header"},
		{"total_s not a number", "impl\ttest\ttotal_s\nmsn\tT0\tfast\n", nil, `D/p.tsv:2:8: total_s "fast" is not a number`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := []string{"bench", "--quick", "--test", "T0"}
			if tc.paper != "" {
				f := filepath.Join(dir, "p.tsv")
				if err := os.WriteFile(f, []byte(tc.paper), 0o644); err != nil {
					t.Fatal(err)
				}
				args = append(args, "--paper", f)
			}
			args = append(append(args, tc.args...), "../../algorithms/msn")
			code, out, errs := runCmd(t, args...)
			if want := strings.ReplaceAll(tc.want, "D/", dir+"/"); code != exitUsage || !strings.Contains(errs, want) {
				t.Errorf("status %d, want %d; stderr %q lacks %q", code, exitUsage, errs, want)
			}
			if out != "" {
				t.Errorf("printed %q", out)
			}
		})
	}
	// a table with the three columns, in any order, is read
	f := filepath.Join(dir, "ok.tsv")
	if err := os.WriteFile(f, []byte("total_s\ttest\timpl\n<0.1\tT0\tmsn\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCmd(t, "bench", "--quick", "--test", "T0", "--paper", f, "../../algorithms/msn")
	if code != exitPass || !strings.Contains(out, "<0.1") {
		t.Errorf("a good table: status %d; %s\n%s", code, errs, out)
	}
}

// bench and grow read C, so they take -D and -I as check does (CLI.md),
// attached or apart. testdata/benchsuites/mpdef's code needs both (its
// fences' header and its message), and so does testdata/growinc's
// msn-fixed family (the queue's code and the first value): without them
// it cannot be compiled (status 2); with them mpdef's T0 passes, and the
// queue with values 1..k observes 2^k outcomes (see TestGrow).
func TestBenchGrowCompilerFlags(t *testing.T) {
	const (
		suite = "testdata/benchsuites/mpdef"
		grow  = "testdata/growinc"
	)
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string // in stdout for status 0, else in stderr
	}{
		{"bench apart", []string{"bench", "--quick", "-I", "testdata/benchinc", "-D", "VALUE=42", suite}, exitPass, "  pass  "},
		{"bench attached", []string{"bench", "--quick", "--model", "sc", "-Itestdata/benchinc", "-DVALUE=42", suite}, exitPass, "  pass  "},
		{"bench without -D", []string{"bench", "--quick", "-I", "testdata/benchinc", suite}, exitUsage, "mpdef-fenced.c:13:12: undefined: VALUE"},
		{"bench without -I", []string{"bench", "--quick", "-D", "VALUE=42", suite}, exitUsage, `include file not found: "mpfences.h"`},
		{"grow", []string{"grow", "--model", "sc", "--family", "msn-fixed", "--max", "3", "--json", "-I", "../../algorithms/msn", "-DFIRST=1", grow}, exitPass, `"spec_size":8,`},
		{"grow without -D", []string{"grow", "--model", "sc", "--family", "msn-fixed", "--max", "2", "-I", "../../algorithms/msn", grow}, exitUsage, "undefined: FIRST"},
		{"grow without -I", []string{"grow", "--model", "sc", "--family", "msn-fixed", "--max", "2", "-D", "FIRST=1", grow}, exitUsage, `include file not found: "msn-fenced.c"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runCmd(t, tc.args...)
			got := errs
			if tc.code == exitPass {
				got = out
			}
			if code != tc.code || !strings.Contains(got, tc.want) {
				t.Errorf("status %d, want %d; %q lacks %q (stderr %q)", code, tc.code, got, tc.want, errs)
			}
		})
	}
}

// bench given no suite folder (one with an expected.tsv) is bad usage,
// status 2, not an empty table and status 0: a folder of suites (named
// with the glob that gives them), a folder without one, an empty folder,
// a file. Beside a suite, such arguments are skipped (see
// TestBenchSkipsFoldersWithoutSuite).
func TestBenchNoSuite(t *testing.T) {
	empty := t.TempDir()
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"folder of suites", []string{"testdata/benchsuites"},
			"bench: no suite in testdata/benchsuites: a suite is a folder with an expected.tsv, as algorithms/msn; testdata/benchsuites holds suites: give testdata/benchsuites/*"},
		{"folder without suites", []string{"testdata/benchinc"}, "bench: no suite in testdata/benchinc: "},
		{"empty folder", []string{empty}, "bench: no suite in " + empty + ": "},
		{"C file", []string{"testdata/benchsuites/mpdef/mpdef-fenced.c"}, "bench: no suite in testdata/benchsuites/mpdef/mpdef-fenced.c: "},
		{"several", []string{"testdata/benchinc", "testdata/divptr.c"}, "bench: no suite in testdata/benchinc, testdata/divptr.c: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runCmd(t, append([]string{"bench", "--quick"}, tc.args...)...)
			if code != exitUsage || !strings.Contains(errs, tc.want) {
				t.Errorf("status %d, want %d; stderr %q lacks %q", code, exitUsage, errs, tc.want)
			}
			if out != "" {
				t.Errorf("printed %q", out)
			}
		})
	}
}

// An interrupt stops bench and grow at once with status 130, whether it
// comes before the first check or during a long one (msn's Tpc6 takes
// seconds, as do grow's msn-chosen sizes past 4): the checks it stopped
// or kept from running are not reported, as timeouts or otherwise. The
// interrupt is the context's cause, as the signal handler sets it.
func TestBenchGrowInterrupt(t *testing.T) {
	bench := []string{"bench", "--timeout", "30s", "--test", "T0", "--test", "Tpc6", "../../algorithms/msn"}
	grow := []string{"grow", "--model", "sc", "--timeout", "30s", "--family", "msn-chosen", "../../algorithms"}
	for _, tc := range []struct {
		name  string
		args  []string
		after time.Duration // when the interrupt comes; 0: before the run
	}{
		{"bench before", bench, 0},
		{"bench during", bench, 300 * time.Millisecond},
		{"grow before", grow, 0},
		{"grow during", grow, 300 * time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancelCause(context.Background())
			defer cancel(nil)
			sent := make(chan time.Time, 1)
			if tc.after == 0 {
				cancel(errInterrupted)
			} else {
				time.AfterFunc(tc.after, func() { sent <- time.Now(); cancel(errInterrupted) })
			}
			var stdout, stderr bytes.Buffer
			code := runContext(ctx, append([]string{"checkfence"}, tc.args...), &stdout, &stderr)
			if tc.after > 0 {
				select {
				case at := <-sent:
					if d := time.Since(at); d > stopGrace {
						t.Errorf("stopped %v after the interrupt", d)
					}
				default:
					t.Fatalf("ended before the interrupt: status %d\n%s", code, stdout.String())
				}
			}
			if code != exitInterrupted || !strings.Contains(stderr.String(), "checkfence: interrupted") {
				t.Errorf("status %d, want %d; stderr %q", code, exitInterrupted, stderr.String())
			}
			out := stdout.String()
			for _, bad := range []string{"timeout", "inconclusive", "Tpc6", "!="} {
				if strings.Contains(out, bad) {
					t.Errorf("stdout has %q:\n%s", bad, out)
				}
			}
		})
	}
}

// A check that bench's --timeout stops is an inconclusive row, which
// differs from no verdict of the suite's table: status 3 (CLI.md), not 1
// (a counterexample), with the limit on standard error and in the JSON
// record. --timeout 1ns stops testdata/benchsuites/mpdef's T0 at once.
func TestBenchTimeout(t *testing.T) {
	args := []string{"bench", "--quick", "--timeout", "1ns", "-I", "testdata/benchinc", "-D", "VALUE=42"}
	const suite = "testdata/benchsuites/mpdef"
	for _, tc := range []struct {
		name string
		args []string
		want string // in stdout
	}{
		{"text", nil, "  T0  mpdef-fenced.c  inconclusive  "},
		{"without the range analysis too", []string{"--range-analysis", "both"}, "  T0  mpdef-fenced.c  inconclusive  "},
		{"json", []string{"--json"}, `"reason":"timeout"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runCmd(t, append(append(args, tc.args...), suite)...)
			if code != exitInconclusive {
				t.Errorf("status %d, want %d", code, exitInconclusive)
			}
			if !strings.Contains(out, tc.want) || strings.Contains(out, "!=") || strings.Contains(out, "RA-changes-result") {
				t.Errorf("stdout lacks %q or has a mismatch:\n%s", tc.want, out)
			}
			if tc.name == "json" && (!strings.Contains(out, `"verdict":"inconclusive"`) || !strings.Contains(out, `"detail":"not decided within 1ns"`)) {
				t.Errorf("JSON record: %s", out)
			}
			if want := "checkfence: mpdef mpdef-fenced.c T0 on relaxed is inconclusive: not decided within 1ns"; !strings.Contains(errs, want) {
				t.Errorf("stderr lacks %q: %s", want, errs)
			}
		})
	}
}
