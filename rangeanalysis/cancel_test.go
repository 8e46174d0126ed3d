package rangeanalysis

import (
	"context"
	"errors"
	"testing"
	"time"
)

// slowSource is a test whose analysis takes seconds: each '%' combines
// two sets of 4000 values (16 million pairs), and every result fits in
// MaxSetSize, so nothing stops it early.
const slowSource = `int x, y, z, w;
void g(void) {
  int a = lsl_choose(0, 3999);
  int b = lsl_choose(1, 4000);
  x = a % b;
  y = b % a;
  z = (a + 1) % b;
  w = (b + 1) % (a + 1);
}
`

// A cancelled analysis stops within a fraction of a second with the
// context's error, whatever statement it is in: --timeout and interrupts
// must not wait for it.
func TestAnalyzeStopsWhenCancelled(t *testing.T) {
	test, _ := unrollC(t, "slow.c", slowSource, "test T = ( g )\n")
	for _, tc := range []struct {
		name string
		ctx  func() (context.Context, context.CancelFunc)
		want error
	}{
		{"deadline", func() (context.Context, context.CancelFunc) {
			return context.WithTimeout(context.Background(), 50*time.Millisecond)
		}, context.DeadlineExceeded},
		{"cancel", func() (context.Context, context.CancelFunc) {
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(50*time.Millisecond, cancel)
			return ctx, cancel
		}, context.Canceled},
		{"cancelled before", func() (context.Context, context.CancelFunc) {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			return ctx, cancel
		}, context.Canceled},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := tc.ctx()
			defer cancel()
			start := time.Now()
			r, err := Analyze(ctx, test)
			if d := time.Since(start); d > time.Second {
				t.Errorf("stopped after %v", d)
			}
			if !errors.Is(err, tc.want) || r != nil {
				t.Errorf("got %v, %v; want %v", r != nil, err, tc.want)
			}
		})
	}
}
