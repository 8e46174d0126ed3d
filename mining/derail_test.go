package mining

import (
	"context"
	"fmt"
	"testing"

	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/tests"
)

// SEMANTICS.md, "Errors": a fault makes the execution an error execution;
// lsl.Interp stops the thread there. So an assume the thread would reach
// only after its fault cannot remove the execution, while one it reaches
// before the fault can. Each case is checked against the semantics, and
// against the brute-force reference, on sc and relaxed.
func TestDerailedAssume(t *testing.T) {
	one := func(body string) string {
		return "test t\nglobal x @1\nthread {\n  op a {\n" + body + "\n  }\n}\n"
	}
	for _, tc := range []struct {
		name  string
		src   string
		fault lsl.Fault
	}{
		{"fault, then a false assume", one("z = 0\nu = load z\nf = 0\nassume f"), lsl.FaultAddress},
		{"failed assertion, then a false assume", one("f = 0\nassert f\nassume f"), lsl.FaultAssert},
		{"a false assume, then a fault", one("f = 0\nassume f\nz = 0\nu = load z"), lsl.NoFault},
		// the first fault is the thread's; the one after it is not reported
		{"two faults", one("z = 0\nu = load z\nf = 0\nassert f"), lsl.FaultAddress},
	} {
		for _, model := range []string{"sc", "relaxed"} {
			t.Run(fmt.Sprintf("%s on %s", tc.name, model), func(t *testing.T) {
				checkFault(t, tc.src, model, tc.fault)
			})
		}
	}
}

// A loop that fails an assertion in its second iteration, followed by an
// assume that only an execution leaving after no iteration satisfies.
// The assume must not hide that the first bound is exceeded (the thread
// runs another iteration; it never reaches the assume), so the bound is
// raised and the failed assertion found, under serial already.
const afterLoop = `
proc op() -> () {
  i = 0
  one = 1
  two = 2
  L: {
    c = choose 0 1
    nc = lnot c
    break L if nc
    i = add.i32 i, one
    ok = lt.i32 i, two
    assert ok
    continue L
  }
  zero = 0
  none = eq i, zero
  assume none
  observe output "i" i
}
`

func TestExceedThenAssume(t *testing.T) {
	prog, err := lsl.Parse("after.lsl", []byte(afterLoop))
	if err != nil {
		t.Fatal(err)
	}
	if err := lsl.Validate(prog); err != nil {
		t.Fatal(err)
	}
	ts, err := tests.Parse("t.tests", []byte("test T = ( op )"))
	if err != nil {
		t.Fatal(err)
	}
	for _, model := range []string{"sc", "relaxed"} {
		res, err := CheckTest(context.Background(), prog, nil, ts[0], memmodel.MustByName(model), PipelineOptions{MaxUnroll: 4})
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict != Fail || !res.SerialBug {
			t.Fatalf("%s: verdict %s (serial bug %v), want a failure under serial", model, res.Verdict, res.SerialBug)
		}
		if f := res.Counterexample.Outcome.Fault; f != lsl.FaultAssert {
			t.Errorf("%s: counterexample faults with %v, want a failed assertion", model, f)
		}
	}
}
