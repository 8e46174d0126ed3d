package main

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/urfave/cli/v2"

	"checkfence/encode"
	"checkfence/lsl"
	"checkfence/mining"
)

// errTimedOut is the cause of the context of a test that ran out of its
// --timeout.
var errTimedOut = errors.New("time limit reached")

func timeoutFlag() cli.Flag {
	return &cli.DurationFlag{Name: "timeout", Usage: "give up on a test not decided within this time (90s, 10m): it is inconclusive", Action: nonNegative}
}

// nonNegative refuses a negative --timeout, which would otherwise mean
// no limit at all.
func nonNegative(_ *cli.Context, d time.Duration) error {
	if d < 0 {
		return usageError{fmt.Errorf("--timeout %v: a time limit cannot be negative", d)}
	}
	return nil
}

// testScope is one test's run under the command's --timeout: its context,
// and the phase it was last in, for the message when time runs out.
type testScope struct {
	ctx    context.Context
	cancel context.CancelFunc
	limit  time.Duration

	mu    sync.Mutex
	phase string
}

// newTestScope starts a test's scope and returns opt with its progress
// reports also recorded as the scope's phase.
func newTestScope(c *cli.Context, opt mining.PipelineOptions) (*testScope, mining.PipelineOptions) {
	s := &testScope{limit: c.Duration("timeout")}
	if s.limit > 0 {
		s.ctx, s.cancel = context.WithTimeoutCause(c.Context, s.limit, errTimedOut)
	} else {
		s.ctx, s.cancel = context.WithCancel(c.Context)
	}
	show := opt.Progress
	opt.Progress = func(format string, args ...any) {
		s.tell(format, args...)
		if show != nil {
			show(format, args...)
		}
	}
	return s, opt
}

// tell records a phase the test entered. Once its time is up, only a
// first phase is: what the check starts after the deadline (the next
// question of a round whose wait was cut short) is not where the time
// went, unless it had started nothing before (a limit of a nanosecond).
func (s *testScope) tell(format string, args ...any) {
	phase := fmt.Sprintf(format, args...)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ctx.Err() != nil && s.phase != "" {
		return
	}
	s.phase = phase
}

// limitReached says whether err is a limit the test reached: its time
// (--timeout), the memory budget of its encoding (--max-memory), or the
// values the range analysis and the encoder can handle (lsl.LimitError).
// The test is then inconclusive (CLI.md, status 3); kind and why say
// which limit and what the test was doing or what made it big.
func (s *testScope) limitReached(err error) (kind, why string, ok bool) {
	if err == nil {
		return "", "", false
	}
	if s.timedOut() {
		return "timeout", s.reason(), true
	}
	return limitKind(err)
}

// limitKind says whether err is the memory budget of an encoding or the
// values checkfence handles, and which (kind) and why.
func limitKind(err error) (kind, why string, ok bool) {
	var be *encode.BudgetError
	if errors.As(err, &be) {
		return "memory budget", be.Error(), true
	}
	if le, ok := valueLimit(err); ok {
		return "value limit", le.Error(), true
	}
	return "", "", false
}

// valueLimit says whether err is a test with more values than checkfence
// handles: a property of the test's size, not of its validity.
func valueLimit(err error) (*lsl.LimitError, bool) {
	var le *lsl.LimitError
	ok := errors.As(err, &le)
	return le, ok
}

// record is the JSON object of a test stopped by a limit.
func (s *testScope) record(kind, why string) map[string]any {
	rec := map[string]any{"verdict": "inconclusive", "reason": kind, "detail": why}
	if kind == "timeout" {
		rec["timeout_s"] = s.limit.Seconds()
		rec["phase"] = s.phase
	}
	return rec
}

// timedOut reports whether the test's time limit stopped it.
func (s *testScope) timedOut() bool { return context.Cause(s.ctx) == errTimedOut }

// notFound completes a warning that an explanation (found, "the
// failure's cause was not found") is missing: the test's time limit
// stopped its search, or err did. The limit is named as the flag that
// sets it, not as the context's error.
func (s *testScope) notFound(found string, err error) string {
	if s.timedOut() {
		return fmt.Sprintf("%s within the time limit (--timeout %v)", found, s.limit)
	}
	return fmt.Sprintf("%s: %v", found, err)
}

// reason says why the test is inconclusive after its time ran out.
func (s *testScope) reason() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := fmt.Sprintf("not decided within %v", s.limit)
	if s.phase != "" {
		phase := s.phase
		if len(phase) > 160 {
			// the loop bounds of a large unrolling run to pages; cut
			// at the start of a character, not inside one
			n := 160
			for n > 0 && !utf8.RuneStart(phase[n]) {
				n--
			}
			phase = phase[:n] + "…"
		}
		r += "; it was at: " + phase
	}
	return r
}

// pipelineError turns an error of the pipeline on test name into the
// command's error: an internal error (status 4), an interrupt (status 130,
// decided by run), or a fault of the input (status 2).
func pipelineError(ctx context.Context, name string, err error) error {
	switch {
	case context.Cause(ctx) == errInterrupted:
		return err
	case errors.Is(err, mining.ErrInternal):
		return internalError{fmt.Errorf("%s: %w", name, err)}
	case errors.As(err, new(*lsl.Error)):
		// positioned, and it names the test: file:line:col first
		return inputError{[]error{err}}
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		// cancelled without an interrupt or a time limit: nothing asked
		// for it
		return internalError{fmt.Errorf("%s: stopped unexpectedly: %w", name, err)}
	}
	return inputError{[]error{fmt.Errorf("%s: %w", name, err)}}
}
