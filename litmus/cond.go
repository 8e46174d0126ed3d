package litmus

import (
	"checkfence/lsl"
)

// holds evaluates c, failing instead of crashing on a hand-built
// proposition with a missing part.
func holds(c Cond, t *lsl.Test, o lsl.Outcome) (bool, error) {
	if isNil(c) {
		return false, lsl.Errorf(lsl.Pos{}, "incomplete proposition")
	}
	return c.Holds(t, o)
}

// Holds evaluates both operands, so that an outcome lacking a value the
// proposition reads is reported whatever the other operand says.
func (c *And) Holds(t *lsl.Test, o lsl.Outcome) (bool, error) {
	l, err := holds(c.L, t, o)
	if err != nil {
		return false, err
	}
	r, err := holds(c.R, t, o)
	return l && r, err
}

// Holds evaluates both operands, as And does.
func (c *Or) Holds(t *lsl.Test, o lsl.Outcome) (bool, error) {
	l, err := holds(c.L, t, o)
	if err != nil {
		return false, err
	}
	r, err := holds(c.R, t, o)
	return l || r, err
}

// Holds negates the operand.
func (c *Not) Holds(t *lsl.Test, o lsl.Outcome) (bool, error) {
	x, err := holds(c.X, t, o)
	return !x, err
}

// Holds is the constant.
func (c *Bool) Holds(*lsl.Test, lsl.Outcome) (bool, error) { return c.Val, nil }

// Holds looks the register up among the output observations of the
// thread's invocations (File.Test makes one, observing each register the
// condition reads once); if several record it, the last one counts.
func (c *RegEq) Holds(_ *lsl.Test, o lsl.Outcome) (bool, error) {
	if c.Thread < 0 || c.Thread >= len(o.Threads) {
		return false, lsl.Errorf(c.Pos, "the outcome has no thread %d", c.Thread)
	}
	invs := o.Threads[c.Thread]
	for k := len(invs) - 1; k >= 0; k-- {
		for j := len(invs[k]) - 1; j >= 0; j-- {
			if it := invs[k][j]; it.Kind == lsl.ObsOutput && it.Name == c.Reg {
				return it.Val == lsl.Int(c.Val), nil
			}
		}
	}
	return false, lsl.Errorf(c.Pos, "the outcome does not observe %d:%s", c.Thread, c.Reg)
}

// Holds looks the location up in o.Final, at its index in t.Final.
func (c *LocEq) Holds(t *lsl.Test, o lsl.Outcome) (bool, error) {
	if t == nil {
		return false, lsl.Errorf(c.Pos, "no test to find the final value of %s in", c.Loc)
	}
	for i, fl := range t.Final {
		if fl.Name != c.Loc {
			continue
		}
		if i >= len(o.Final) {
			return false, lsl.Errorf(c.Pos, "the outcome lacks the final value of %s", c.Loc)
		}
		return o.Final[i] == lsl.Int(c.Val), nil
	}
	return false, lsl.Errorf(c.Pos, "the test has no final value of %s", c.Loc)
}

// Witnesses returns the outcomes that make the condition's proposition
// reachable: for exists P and ~exists P the outcomes satisfying P, for
// forall P those violating it. Outcomes with a Fault are not executions
// of a litmus test and are left out.
func (c Condition) Witnesses(t *lsl.Test, outcomes []lsl.Outcome) ([]lsl.Outcome, error) {
	var ws []lsl.Outcome
	for _, o := range outcomes {
		if o.Fault != lsl.NoFault {
			continue
		}
		h, err := holds(c.Prop, t, o)
		if err != nil {
			return nil, err
		}
		if h == (c.Quant != Forall) {
			ws = append(ws, o)
		}
	}
	return ws, nil
}

// Allowed reports whether the condition's proposition is reachable, the
// meaning of "allowed" in shared/litmus/expected.tsv, given the outcomes
// of all executions of t (File.Test's translation) on a memory model:
//   - exists P: some outcome satisfies P;
//   - ~exists P: some outcome satisfies P (the test claims none does);
//   - forall P: some outcome violates P.
//
// Outcomes with a Fault are ignored. It fails if an outcome lacks a value
// the proposition reads.
func (c Condition) Allowed(t *lsl.Test, outcomes []lsl.Outcome) (bool, error) {
	ws, err := c.Witnesses(t, outcomes)
	return len(ws) > 0, err
}

// Validated reports whether the condition holds as herd states it (herd's
// "Ok" rather than "No"): for exists P, P is reachable; for ~exists P, it
// is not; for forall P, every outcome satisfies P. With no error-free
// outcome at all, exists fails and the other two hold.
func (c Condition) Validated(t *lsl.Test, outcomes []lsl.Outcome) (bool, error) {
	allowed, err := c.Allowed(t, outcomes)
	if err != nil {
		return false, err
	}
	return allowed == (c.Quant == Exists), nil
}

// Allowed is f.Cond.Allowed: whether the condition's proposition is
// reachable (see Condition.Allowed for each quantifier).
func (f *File) Allowed(t *lsl.Test, outcomes []lsl.Outcome) (bool, error) {
	return f.Cond.Allowed(t, outcomes)
}

// Validated is f.Cond.Validated: whether the test's condition holds as
// herd states it.
func (f *File) Validated(t *lsl.Test, outcomes []lsl.Outcome) (bool, error) {
	return f.Cond.Validated(t, outcomes)
}
