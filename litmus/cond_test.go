package litmus

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"checkfence/lsl"
)

// obs is an output observation of an integer.
func obs(name string, v int64) lsl.ObsItem {
	return lsl.ObsItem{Kind: lsl.ObsOutput, Name: name, Val: lsl.Int(v)}
}

// outcome builds an outcome with one invocation per thread and the given
// final values (in Test.Final order).
func outcome(final []int64, threads ...[]lsl.ObsItem) lsl.Outcome {
	var o lsl.Outcome
	for _, items := range threads {
		o.Threads = append(o.Threads, [][]lsl.ObsItem{items})
	}
	for _, v := range final {
		o.Final = append(o.Final, lsl.Int(v))
	}
	return o
}

// translate parses src and translates it.
func translate(t *testing.T, src string) (*File, *lsl.Test) {
	t.Helper()
	f, err := Parse("c.litmus", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	lt, err := f.Test()
	if err != nil {
		t.Fatal(err)
	}
	return f, lt
}

// TestHolds evaluates conditions of a two-thread test on outcomes built by
// hand. The test's final locations are x and y, in that order, whenever
// the condition reads both.
func TestHolds(t *testing.T) {
	const table = "X86 C\n{}\n P0 | P1 ;\n MOV EAX,[x] | MOV EBX,[y] ;\n"
	tests := []struct {
		name string
		cond string
		o    lsl.Outcome
		want bool
	}{
		{"both registers", `exists (0:EAX=1 /\ 1:EBX=0)`, outcome(nil, []lsl.ObsItem{obs("EAX", 1)}, []lsl.ObsItem{obs("EBX", 0)}), true},
		{"one register differs", `exists (0:EAX=1 /\ 1:EBX=0)`, outcome(nil, []lsl.ObsItem{obs("EAX", 1)}, []lsl.ObsItem{obs("EBX", 1)}), false},
		{"negative value", `exists (0:EAX=-1)`, outcome(nil, []lsl.ObsItem{obs("EAX", -1)}, nil), true},
		{"locations in Final order", `exists (y=2 /\ x=1)`, outcome([]int64{1, 2}, nil, nil), true},
		{"locations swapped", `exists (y=2 /\ x=1)`, outcome([]int64{2, 1}, nil, nil), false},
		// /\ binds tighter than \/: A \/ (B /\ C) holds with A alone.
		{"and before or", `exists (0:EAX=1 \/ x=2 /\ y=2)`, outcome([]int64{0, 0}, []lsl.ObsItem{obs("EAX", 1)}, nil), true},
		{"or needs a side", `exists (0:EAX=1 \/ x=2 /\ y=2)`, outcome([]int64{2, 0}, []lsl.ObsItem{obs("EAX", 0)}, nil), false},
		// ~ binds tighter than /\: (~A) /\ B is false when B is.
		{"not before and", `exists (~0:EAX=1 /\ x=1)`, outcome([]int64{0}, []lsl.ObsItem{obs("EAX", 1)}, nil), false},
		{"not holds", `exists (~0:EAX=1 /\ x=1)`, outcome([]int64{1}, []lsl.ObsItem{obs("EAX", 0)}, nil), true},
		{"grouped not", `exists (~(0:EAX=1 /\ x=1))`, outcome([]int64{0}, []lsl.ObsItem{obs("EAX", 1)}, nil), true},
		{"true", `exists (true)`, outcome(nil, nil, nil), true},
		{"false", `exists (false \/ ~true)`, outcome(nil, nil, nil), false},
		{"undefined is not 0", `exists (0:EAX=0)`, outcome(nil, []lsl.ObsItem{{Kind: lsl.ObsOutput, Name: "EAX", Val: lsl.Undefined}}, nil), false},
		{"a pointer is not 1", `exists (x=1)`, lsl.Outcome{Threads: [][][]lsl.ObsItem{{nil}, {nil}}, Final: []lsl.Value{lsl.Ptr(1)}}, false},
		{"inputs and labels are not registers", `exists (0:EAX=1)`, outcome(nil, []lsl.ObsItem{
			{Kind: lsl.ObsInput, Name: "EAX", Val: lsl.Int(0)}, obs("EAX", 1), {Kind: lsl.ObsLabel, Name: "EAX"}}, nil), true},
		{"the last observation counts", `exists (0:EAX=1)`, outcome(nil, []lsl.ObsItem{obs("EAX", 0), obs("EAX", 1)}, nil), true},
		{"the thread's own observation", `exists (1:EAX=1)`, outcome(nil, []lsl.ObsItem{obs("EAX", 1)}, []lsl.ObsItem{obs("EAX", 0)}), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, lt := translate(t, table+tt.cond)
			got, err := f.Cond.Prop.Holds(lt, tt.o)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("%s on %s: %v, want %v", f.Cond, tt.o.Key(), got, tt.want)
			}
		})
	}
}

// TestHoldsErrors checks that an outcome or test lacking a value the
// condition reads is an error, not a silent false.
func TestHoldsErrors(t *testing.T) {
	f, lt := translate(t, "X86 C\n{}\n P0 | P1 ;\nexists (1:EBX=1 /\\ y=1)")
	_, other := translate(t, "X86 D\n{}\n P0 | P1 ;\nexists (z=1)")
	tests := []struct {
		name string
		t    *lsl.Test
		o    lsl.Outcome
		want string
	}{
		{"no thread", lt, outcome([]int64{1}, []lsl.ObsItem{obs("EBX", 1)}), "c.litmus:4:9: the outcome has no thread 1"},
		{"not observed", lt, outcome([]int64{1}, nil, []lsl.ObsItem{obs("EAX", 1)}), "c.litmus:4:9: the outcome does not observe 1:EBX"},
		{"no invocation", lt, lsl.Outcome{Threads: [][][]lsl.ObsItem{nil, nil}, Final: []lsl.Value{lsl.Int(1)}}, "c.litmus:4:9: the outcome does not observe 1:EBX"},
		{"no final value", lt, outcome(nil, nil, []lsl.ObsItem{obs("EBX", 1)}), "c.litmus:4:20: the outcome lacks the final value of y"},
		{"another test", other, outcome([]int64{1}, nil, []lsl.ObsItem{obs("EBX", 1)}), "c.litmus:4:20: the test has no final value of y"},
		{"no test", nil, outcome([]int64{1}, nil, []lsl.ObsItem{obs("EBX", 1)}), "c.litmus:4:20: no test to find the final value of y in"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := f.Cond.Prop.Holds(tt.t, tt.o)
			if err == nil || err.Error() != tt.want {
				t.Errorf("error %v, want %s", err, tt.want)
			}
			if _, err := f.Allowed(tt.t, []lsl.Outcome{tt.o}); err == nil {
				t.Errorf("Allowed did not report the error")
			}
			if _, err := f.Validated(tt.t, []lsl.Outcome{tt.o}); err == nil {
				t.Errorf("Validated did not report the error")
			}
		})
	}
}

// sbOutcomes returns SB's outcomes (0:EAX, 1:EAX) for each pair given.
func sbOutcomes(pairs ...[2]int64) []lsl.Outcome {
	var os []lsl.Outcome
	for _, p := range pairs {
		os = append(os, outcome(nil, []lsl.ObsItem{obs("EAX", p[0])}, []lsl.ObsItem{obs("EAX", p[1])}))
	}
	return os
}

// TestAllowed checks Allowed and Validated for each quantifier on the
// outcome sets of store buffering worked out from SEMANTICS.md: under sc
// one of the loads follows the other thread's store, so (0,0) is missing;
// under tso both stores may sit in the buffers.
func TestAllowed(t *testing.T) {
	const table = "X86 SB\n{}\n P0 | P1 ;\n MOV [x],$1 | MOV [y],$1 ;\n MOV EAX,[y] | MOV EAX,[x] ;\n"
	sc := sbOutcomes([2]int64{0, 1}, [2]int64{1, 0}, [2]int64{1, 1})
	tso := append(sbOutcomes([2]int64{0, 0}), sc...)
	faulty := sbOutcomes([2]int64{0, 0})
	faulty[0].Fault = lsl.FaultAssert
	withFault := append(faulty, sc...)
	tests := []struct {
		name               string
		cond               string
		outcomes           []lsl.Outcome
		allowed, validated bool
		witnesses          int
	}{
		{"exists, sc", `exists (0:EAX=0 /\ 1:EAX=0)`, sc, false, false, 0},
		{"exists, tso", `exists (0:EAX=0 /\ 1:EAX=0)`, tso, true, true, 1},
		{"exists, fault ignored", `exists (0:EAX=0 /\ 1:EAX=0)`, withFault, false, false, 0},
		{"exists, no outcome", `exists (0:EAX=0 /\ 1:EAX=0)`, nil, false, false, 0},
		{"exists, several witnesses", `exists (0:EAX=1)`, tso, true, true, 2},
		{"not exists, sc", `~exists (0:EAX=0 /\ 1:EAX=0)`, sc, false, true, 0},
		{"not exists, tso", `~exists (0:EAX=0 /\ 1:EAX=0)`, tso, true, false, 1},
		{"not exists, no outcome", `~exists (0:EAX=0 /\ 1:EAX=0)`, nil, false, true, 0},
		{"forall, sc", `forall (0:EAX=1 \/ 1:EAX=1)`, sc, false, true, 0},
		{"forall, tso", `forall (0:EAX=1 \/ 1:EAX=1)`, tso, true, false, 1},
		{"forall, fault ignored", `forall (0:EAX=1 \/ 1:EAX=1)`, withFault, false, true, 0},
		{"forall, no outcome", `forall (0:EAX=1 \/ 1:EAX=1)`, nil, false, true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, lt := translate(t, table+tt.cond)
			allowed, err := f.Allowed(lt, tt.outcomes)
			if err != nil {
				t.Fatal(err)
			}
			validated, err := f.Validated(lt, tt.outcomes)
			if err != nil {
				t.Fatal(err)
			}
			ws, err := f.Cond.Witnesses(lt, tt.outcomes)
			if err != nil {
				t.Fatal(err)
			}
			if allowed != tt.allowed || validated != tt.validated || len(ws) != tt.witnesses {
				t.Errorf("allowed %v, validated %v, %d witnesses; want %v, %v, %d",
					allowed, validated, len(ws), tt.allowed, tt.validated, tt.witnesses)
			}
		})
	}
}

// TestAllowedMatchesCorpus decides two corpus tests on outcome sets worked
// out by hand from SEMANTICS.md and compares with expected.tsv.
func TestAllowedMatchesCorpus(t *testing.T) {
	files := corpus(t)
	verdicts := readExpected(t)
	// 2+2W: P0 writes x=2 then y=1, P1 y=2 then x=1. Under sc and tso the
	// stores of each thread stay in order, so x=2 and y=2 at the end would
	// make a cycle; pso may reorder them.
	final := func(x, y int64) lsl.Outcome { return outcome([]int64{x, y}, nil, nil) }
	w22sc := []lsl.Outcome{final(1, 1), final(1, 2), final(2, 1)}
	sbSC := sbOutcomes([2]int64{0, 1}, [2]int64{1, 0}, [2]int64{1, 1})
	// CoRR: P1 reads x twice while P0 writes 1 to it. rmo keeps the two
	// loads of x in order, so P1 never reads 1 and then 0; relaxed may
	// reorder them.
	corr := func(pairs ...[2]int64) []lsl.Outcome {
		var os []lsl.Outcome
		for _, p := range pairs {
			os = append(os, outcome(nil, nil, []lsl.ObsItem{obs("EAX", p[0]), obs("EBX", p[1])}))
		}
		return os
	}
	corrRMO := corr([2]int64{0, 0}, [2]int64{0, 1}, [2]int64{1, 1})
	tests := []struct {
		test     string
		model    string
		outcomes []lsl.Outcome
	}{
		{"CoRR", "rmo", corrRMO},
		{"CoRR", "relaxed", append(corr([2]int64{1, 0}), corrRMO...)},
		{"SB", "sc", sbSC},
		{"SB", "tso", append(sbOutcomes([2]int64{0, 0}), sbSC...)},
		{"2+2W", "sc", w22sc},
		{"2+2W", "tso", w22sc},
		{"2+2W", "pso", append([]lsl.Outcome{final(2, 2)}, w22sc...)},
	}
	for _, tt := range tests {
		t.Run(tt.test+"/"+tt.model, func(t *testing.T) {
			f, err := Parse(tt.test+".litmus", files[tt.test+".litmus"])
			if err != nil {
				t.Fatal(err)
			}
			lt, err := f.Test()
			if err != nil {
				t.Fatal(err)
			}
			allowed, err := f.Allowed(lt, tt.outcomes)
			if err != nil {
				t.Fatal(err)
			}
			want := verdicts[tt.test][tt.model]
			if want != "allowed" && want != "forbidden" {
				t.Fatalf("expected.tsv has %q for %s under %s", want, tt.test, tt.model)
			}
			if allowed != (want == "allowed") {
				t.Errorf("allowed %v, expected.tsv says %s", allowed, want)
			}
		})
	}
}

// readExpected reads expected.tsv: verdict by test and model.
func readExpected(t *testing.T) map[string]map[string]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(corpusDir(t), "expected.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]string{}
	var header []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if header == nil {
			header = cols
			continue
		}
		row := map[string]string{}
		for i := 1; i < len(cols) && i < len(header); i++ {
			row[header[i]] = cols[i]
		}
		out[cols[0]] = row
	}
	return out
}
