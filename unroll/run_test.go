package unroll

import (
	"errors"
	"fmt"
	"strings"

	"checkfence/lsl"
)

// outcome is what a sequential run shows: the observations of each
// invocation, the final memory, and how the run stopped if it did not
// finish.
type outcome struct {
	obs  []string // per invocation run to its end
	mem  string   // the locations stored or initialised, with their values
	stop string   // "", "exceeded ID", "infeasible", "diverges", "fault …"
	// stutter: the reference removed the run by the stutter reduction
	// (an "infeasible" stop that the original program does not have)
	stutter bool
	// leftInTest: a loop of the run left in the exit test after its
	// last iteration (the reference's, which the unroller peels);
	// leftInMarked: one whose test is marked (lsl.Break.LoopTest)
	leftInTest, leftInMarked bool
}

func (o outcome) String() string {
	return fmt.Sprintf("obs %q mem {%s} stop %q", o.obs, o.mem, o.stop)
}

// stopOf classifies the error that ended a run. A fault is named by its
// kind and position only: the statement's text has renamed registers.
func stopOf(err error) string {
	var be *lsl.BoundExceededError
	var ie *lsl.InfeasibleError
	var fe *lsl.FaultError
	var se *lsl.StepLimitError
	switch {
	case errors.As(err, &be):
		return "exceeded " + be.Loop
	case errors.As(err, &ie):
		return "infeasible"
	case errors.As(err, &se):
		return "diverges"
	case errors.As(err, &fe):
		return fmt.Sprintf("fault %s at %s", fe.Fault, fe.Pos)
	}
	return "error " + err.Error()
}

func obsString(items []lsl.ObsItem) string {
	parts := make([]string, len(items))
	for i, it := range items {
		parts[i] = it.String()
	}
	return strings.Join(parts, " ")
}

func memString(in *lsl.Interp) string {
	var parts []string
	for _, l := range in.Locations() {
		v, err := in.Load(l)
		if err != nil {
			continue // a freed block
		}
		parts = append(parts, l.String()+"="+v.String())
	}
	return strings.Join(parts, " ")
}

// runTest runs the invocations of a straight-line test one after the
// other (init, then thread 0, thread 1, …) with the lsl interpreter: each
// invocation body becomes a procedure, called in turn on one memory.
// Registers do not carry over between the calls, which is faithful
// because unrolled invocations share no registers.
func runTest(test *lsl.Test, opts lsl.InterpOptions) outcome {
	prog := &lsl.Program{Globals: test.Globals}
	invs := append([]*lsl.Invocation(nil), test.Init...)
	for _, th := range test.Threads {
		invs = append(invs, th...)
	}
	for i, inv := range invs {
		prog.Procs = append(prog.Procs, &lsl.Proc{Pos: inv.Pos, Name: fmt.Sprintf("inv%d", i), Body: inv.Body})
	}
	in := lsl.NewInterp(prog, opts)
	var o outcome
	seen := 0
	for _, p := range prog.Procs {
		_, err := in.Call(p.Name)
		if err != nil {
			o.stop = stopOf(err)
			break
		}
		all := in.Observations()
		o.obs = append(o.obs, obsString(all[seen:]))
		seen = len(all)
	}
	o.mem = memString(in)
	return o
}
