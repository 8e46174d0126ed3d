package mining

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"checkfence/memmodel"
)

// The check tells Progress when it encodes the memory order, which takes
// long on a big test: a timeout there names that phase, not the last
// phase of the mining.
func TestCheckProgressNamesTheMemoryOrder(t *testing.T) {
	src := "#include \"lsl_protos.h\"\nint x;\nvoid w(void) { x = 1; }\nvoid r(void) { lsl_observe_output(\"x\", x); }\n"
	prog, ts := compileTest(t, "mo.c", src, "test T = ( w | r )\n")
	var mu sync.Mutex
	var told []string
	opt := PipelineOptions{Progress: func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		told = append(told, fmt.Sprintf(format, args...))
	}}
	if _, err := CheckTest(context.Background(), prog, nil, ts[0], memmodel.MustByName("relaxed"), opt); err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(told, func(s string) bool { return strings.HasPrefix(s, "T on relaxed: encoding the memory order (") }) {
		t.Errorf("progress told %q, no encoding of the memory order on relaxed", told)
	}
}
