package questions

import (
	"context"
	"slices"
	"sync"
	"time"

	"checkfence/encode"
)

// Meter counts the solver calls of a check and the time its main path
// spends solving (background questions overlap it, so they count as calls
// only). It is safe for concurrent use.
type Meter struct {
	mu        sync.Mutex
	satCalls  int
	solveTime time.Duration
}

// Totals returns the solver calls and the main path's solving time so far.
func (m *Meter) Totals() (satCalls int, solveTime time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.satCalls, m.solveTime
}

// AddSolveTime adds time the main path spent waiting for an answer
// another goroutine computed.
func (m *Meter) AddSolveTime(d time.Duration) {
	m.mu.Lock()
	m.solveTime += d
	m.mu.Unlock()
}

// Solve solves enc under the assumptions, counting the call.
func (m *Meter) Solve(ctx context.Context, enc *encode.Encoding, background bool, as ...encode.Lit) int {
	t0 := time.Now()
	r := enc.Solve(ctx, as...)
	m.mu.Lock()
	if !background {
		m.solveTime += time.Since(t0)
	}
	m.satCalls++
	m.mu.Unlock()
	return r
}

// FirstOf asks whether an execution satisfies base and one of the
// disjuncts, one disjunct after another in order: 1 (with that execution
// as the solution) for the first that one does, -1 if none does, 0 if
// interrupted.
func (m *Meter) FirstOf(ctx context.Context, enc *encode.Encoding, background bool, base []encode.Lit, disjuncts [][]encode.Lit) int {
	for _, d := range disjuncts {
		if ctx.Err() != nil {
			return 0
		}
		if r := m.Solve(ctx, enc, background, append(slices.Clip(base), d...)...); r != -1 {
			return r
		}
		if len(d) == 1 {
			// Proved impossible under base: assuming so in the later
			// questions changes no answer, and lets the solver
			// propagate it (a thread that cannot have faulted yet
			// still has its assumes).
			base = append(slices.Clip(base), d[0].Not())
		}
	}
	return -1
}

// Race answers a "none?" question: main asks it of the main solver;
// after delay, unless main has answered, prove asks it of a second one
// and returns true for a proof of "none", which ends main's question.
// The answer is main's, or -1 if prove proved "none" first.
func Race(ctx context.Context, delay time.Duration, main func(ctx context.Context) int, prove func(ctx context.Context) bool) int {
	ctx, stop := context.WithCancel(ctx)
	proved := make(chan bool, 1)
	go func() {
		select {
		case <-time.After(delay):
		case <-ctx.Done():
			proved <- false
			return
		}
		ok := prove(ctx)
		proved <- ok
		if ok {
			stop()
		}
	}()
	r := main(ctx)
	stop()
	if <-proved {
		r = -1
	}
	return r
}

// A Question encodes what it asks and returns the encoding and the
// question's disjuncts (asked as FirstOf asks them, under the encoding's
// own assumptions).
type Question func(ctx context.Context) (*encode.Encoding, [][]encode.Lit, error)

// Pending is a question given to a Background.
type Pending struct {
	question Question
	ctx      context.Context
	cancel   context.CancelFunc
	onFound  func()
	answer   chan int
	// Enc is the encoding whose solution answers the question, when the
	// answer is 1; Err is why the answer is 0, if not a cancellation.
	Enc *encode.Encoding
	Err error

	inline *Background // set when answered on demand, by Wait
	done   bool
	result int
}

// Cancel stops the question (its answer is 0 unless it is in already).
func (p *Pending) Cancel() { p.cancel() }

// Wait waits for the answer; it returns false if ctx ends first. The
// answer stays available to later Waits. A question of an inline
// Background is answered here, on the caller's goroutine.
func (p *Pending) Wait(ctx context.Context) (int, bool) {
	if p.inline != nil {
		if ctx.Err() != nil {
			return 0, false
		}
		if !p.done {
			p.result, p.done = p.inline.answer(p), true
		}
		return p.result, true
	}
	select {
	case r := <-p.answer:
		p.answer <- r
		return r, true
	case <-ctx.Done():
		return 0, false
	}
}

// Background answers questions on a goroutine of its own, one at a time,
// in the order they are asked, each on an encoding of its own; or, made
// by NewInline, only when the answer is waited for, on the waiting
// goroutine.
type Background struct {
	meter  *Meter
	queue  chan *Pending
	done   chan struct{}
	inline bool
}

// NewInline returns a Background for one core: it answers a question only
// when Wait asks for the answer, on the caller's goroutine, so that
// questions whose answers are not needed cost nothing, and those that are
// do not share the core with the main path. The answers are those the
// goroutine would give.
func NewInline(meter *Meter) *Background {
	return &Background{meter: meter, inline: true}
}

// NewBackground starts a background asker that counts its calls in meter.
func NewBackground(meter *Meter) *Background {
	b := &Background{meter: meter, queue: make(chan *Pending, 1024), done: make(chan struct{})}
	go b.run()
	return b
}

// Ask queues q; onFound, if set, is called when its answer is 1.
func (b *Background) Ask(ctx context.Context, q Question, onFound func()) *Pending {
	p := &Pending{question: q, onFound: onFound, answer: make(chan int, 1)}
	p.ctx, p.cancel = context.WithCancel(ctx)
	if b.inline {
		p.inline = b
		return p
	}
	b.queue <- p
	return p
}

// Close stops the asker after the question it is on and waits for it.
// Questions asked afterwards are not allowed.
func (b *Background) Close() {
	if b.inline {
		return
	}
	close(b.queue)
	<-b.done
}

func (b *Background) run() {
	defer close(b.done)
	for p := range b.queue {
		p.answer <- b.answer(p)
	}
}

func (b *Background) answer(p *Pending) int {
	if p.ctx.Err() != nil {
		return 0
	}
	enc, disjuncts, err := p.question(p.ctx)
	if p.ctx.Err() != nil {
		return 0
	}
	if err != nil {
		p.Err = err
		return 0
	}
	r := b.meter.FirstOf(p.ctx, enc, true, enc.Assumptions(), disjuncts)
	if r == 1 {
		p.Enc = enc
		if p.onFound != nil {
			p.onFound()
		}
	}
	return r
}

// Earliest returns the first of ps, in order, whose answer is 1 (nil if
// none), waiting for each answer in turn and asking again, on the
// caller's goroutine and main solver, a question the background left
// unanswered (cancelled or stopped). The result does not depend on
// timing.
func (m *Meter) Earliest(ctx context.Context, ps []*Pending) (*Pending, error) {
	for _, p := range ps {
		r, _ := p.Wait(context.Background()) // the asker answers every question
		if r == 0 {
			if p.Err != nil {
				return nil, p.Err
			}
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			enc, disjuncts, err := p.question(ctx)
			if err != nil {
				return nil, err
			}
			if r = m.FirstOf(ctx, enc, false, enc.Assumptions(), disjuncts); r == 1 {
				p.Enc = enc
			}
		}
		switch r {
		case 0:
			return nil, ctx.Err()
		case 1:
			return p, nil
		}
	}
	return nil, nil
}
