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
	defer m.count(time.Now(), background)
	return enc.Solve(ctx, as...)
}

// SolveWithin is Solve with a limit on the solver's conflicts
// (encode.Encoding.SolveWithin): 0 also when the limit is met.
func (m *Meter) SolveWithin(ctx context.Context, enc *encode.Encoding, background bool, maxConflicts int64, as ...encode.Lit) int {
	defer m.count(time.Now(), background)
	return enc.SolveWithin(ctx, maxConflicts, as...)
}

// count counts a call begun at t0, and its time if on the main path.
func (m *Meter) count(t0 time.Time, background bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !background {
		m.solveTime += time.Since(t0)
	}
	m.satCalls++
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
	ends     *Ends
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

// Ask queues q; onFound, if set, is called when its answer is 1. With
// ends, the background asks q's disjuncts as FromFront does, so that
// another solver may prove the last ones impossible meanwhile
// (Ends.FromBack).
func (b *Background) Ask(ctx context.Context, q Question, onFound func(), ends *Ends) *Pending {
	p := &Pending{question: q, onFound: onFound, ends: ends, answer: make(chan int, 1)}
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
	var r int
	if p.ends != nil {
		r = b.meter.FromFront(p.ctx, enc, p.ends, enc.Assumptions(), disjuncts)
	} else {
		r = b.meter.FirstOf(p.ctx, enc, true, enc.Assumptions(), disjuncts)
	}
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

// Ends lets two solvers share one question, each on an encoding of its
// own: the background asks the disjuncts from the first (FromFront),
// while the main solver, once it has nothing else to do, proves them
// impossible from the last backwards (FromBack), until the two meet. The
// answer is the background's, with the solution FirstOf would give: it
// stops early only at a disjunct from which on the main solver proved
// every one impossible, where FirstOf would have answered -1 too, and
// the main solver's own solutions never count. So the answer and the
// solution do not depend on timing; only how much each solver does
// does.
//
// The two lists of disjuncts must ask the same things in the same order:
// the question publishes keys naming its disjuncts (Publish), and the
// main solver steps in only if its own keys are equal.
type Ends struct {
	mu    sync.Mutex
	keys  []any
	ready chan struct{} // closed by Publish
	front int           // the background proved [0, front) impossible
	back  int           // the main solver proved [back, len(keys)) impossible
	// the disjunct each solver is on, and how to stop that solve once
	// the other has covered it
	bgAt, mainAt     int
	bgStop, mainStop context.CancelFunc
}

// NewEnds returns the shared state of one question.
func NewEnds() *Ends { return &Ends{ready: make(chan struct{}), bgAt: -1, mainAt: -1} }

// Publish names the background's disjuncts, in order; it is called by
// the question, once, before they are asked.
func (e *Ends) Publish(keys []any) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.keys != nil {
		return
	}
	e.keys, e.back = keys, len(keys)
	close(e.ready)
}

// FromFront is FirstOf on the background's solver, stopping with -1 at
// the first disjunct from which on the main solver proved all impossible
// (a solve the main solver's proof covers is stopped).
func (m *Meter) FromFront(ctx context.Context, enc *encode.Encoding, e *Ends, base []encode.Lit, disjuncts [][]encode.Lit) int {
	for i := 0; i < len(disjuncts); {
		if ctx.Err() != nil {
			return 0
		}
		d := disjuncts[i]
		e.mu.Lock()
		if i >= e.back {
			e.mu.Unlock()
			return -1
		}
		dctx, stop := context.WithCancel(ctx)
		e.bgAt, e.bgStop = i, stop
		e.mu.Unlock()
		r := m.Solve(dctx, enc, true, append(slices.Clip(base), d...)...)
		e.mu.Lock()
		e.bgAt, e.bgStop = -1, nil
		e.mu.Unlock()
		stop()
		switch {
		case r == 0 && ctx.Err() == nil:
			continue // stopped for the main solver's proof: i >= e.back now
		case r != -1:
			return r
		}
		e.mu.Lock()
		e.front = i + 1
		if e.mainAt >= 0 && e.mainAt <= i {
			e.mainStop()
		}
		e.mu.Unlock()
		if len(d) == 1 {
			base = append(slices.Clip(base), d[0].Not())
		}
		i++
	}
	return -1
}

// FromBack proves the disjuncts impossible on the main solver, from the
// last backwards, while p (whose question shares e) is answered in the
// background: it returns when the two meet, when a disjunct is possible
// (the background will find its own solution), when p is answered or
// ctx ends. keys name the disjuncts; if they are not the background's,
// it does nothing.
func (m *Meter) FromBack(ctx context.Context, p *Pending, enc *encode.Encoding, base []encode.Lit, disjuncts [][]encode.Lit, keys []any) {
	e := p.ends
	select {
	case <-e.ready:
	case r := <-p.answer:
		p.answer <- r
		return
	case <-ctx.Done():
		return
	}
	e.mu.Lock()
	same := slices.Equal(e.keys, keys) && len(keys) == len(disjuncts)
	e.mu.Unlock()
	if !same {
		return
	}
	for i := len(disjuncts) - 1; i >= 0; i-- {
		select {
		case r := <-p.answer:
			p.answer <- r
			return
		default:
		}
		e.mu.Lock()
		if i < e.front || ctx.Err() != nil || p.ctx.Err() != nil {
			e.mu.Unlock()
			return
		}
		dctx, stop := context.WithCancel(ctx)
		e.mainAt, e.mainStop = i, stop
		e.mu.Unlock()
		r := m.Solve(dctx, enc, false, append(slices.Clip(base), disjuncts[i]...)...)
		e.mu.Lock()
		e.mainAt, e.mainStop = -1, nil
		if r == -1 {
			e.back = min(e.back, i)
			if e.bgAt >= i {
				e.bgStop()
			}
		}
		e.mu.Unlock()
		stop()
		if r != -1 {
			return // possible, or stopped: the background answers
		}
		if len(disjuncts[i]) == 1 {
			base = append(slices.Clip(base), disjuncts[i][0].Not())
		}
	}
}
