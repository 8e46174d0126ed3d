package cfront

import (
	"errors"
	"strings"
	"testing"

	"checkfence/lsl"
)

// runsA compiles src (with -D defines) and runs its function a once: the
// verdict of that serial execution, whether an assertion fails.
func runsA(t *testing.T, src string, defines ...string) (failed bool) {
	t.Helper()
	prog, err := CompileSources([]Source{{Name: "h.c", Text: src}}, Options{Defines: defines})
	if err != nil {
		t.Fatal(err)
	}
	_, err = lsl.NewInterp(prog, lsl.InterpOptions{}).Call("a")
	var fe *lsl.FaultError
	switch {
	case err == nil:
		return false
	case errors.As(err, &fe) && fe.Fault == lsl.FaultAssert:
		return true
	}
	t.Fatalf("a: %v", err)
	return false
}

// TestAssertNDEBUG: the shipped assert.h follows C11 7.2: with NDEBUG
// defined where it is included, assert(e) is ((void)0) and e is not
// evaluated; each inclusion defines assert by NDEBUG as it is then.
func TestAssertNDEBUG(t *testing.T) {
	tests := []struct {
		name    string
		defines []string
		src     string
		fails   bool
	}{
		{"assert(0)", nil,
			"#include <assert.h>\nvoid a(void) { assert(0); }\n", true},
		{"assert(0) under #define NDEBUG", nil,
			"#define NDEBUG\n#include <assert.h>\nvoid a(void) { assert(0); }\n", false},
		{"assert(0) under -DNDEBUG", []string{"NDEBUG"},
			"#include <assert.h>\nvoid a(void) { assert(0); }\n", false},
		{"the operand is not evaluated", nil,
			"#define NDEBUG\n#include <assert.h>\n#include \"lsl_protos.h\"\nint x;\nvoid a(void) { assert((x = 1) != 0); lsl_assert(x == 0); }\n", false},
		{"the operand is evaluated without NDEBUG", nil,
			"#include <assert.h>\n#include \"lsl_protos.h\"\nint x;\nvoid a(void) { assert((x = 1) != 0); lsl_assert(x == 0); }\n", true},
		{"NDEBUG defined after the inclusion", nil,
			"#include <assert.h>\n#define NDEBUG\nvoid a(void) { assert(0); }\n", true},
		{"included again after #undef NDEBUG", nil,
			"#define NDEBUG\n#include <assert.h>\n#undef NDEBUG\n#include <assert.h>\nvoid a(void) { assert(0); }\n", true},
		{"included again under NDEBUG", nil,
			"#include <assert.h>\n#define NDEBUG\n#include <assert.h>\nvoid a(void) { assert(0); }\n", false},
		{"assert is a void expression under NDEBUG", nil,
			"#define NDEBUG\n#include <assert.h>\n#include \"lsl_protos.h\"\nint x;\nvoid a(void) { x = (assert(x), 2); lsl_assert(x == 2); }\n", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := runsA(t, tc.src, tc.defines...); got != tc.fails {
				t.Errorf("assertion failed: %v, want %v", got, tc.fails)
			}
		})
	}
}

// TestStaticAssert: assert.h defines static_assert as _Static_assert
// (C11 7.2p3).
func TestStaticAssert(t *testing.T) {
	ok := "#include <assert.h>\nstatic_assert(sizeof(int) == 4, \"int\");\nvoid a(void) { static_assert(sizeof(long) == 8, \"long\"); }\n"
	if runsA(t, ok) {
		t.Error("assertion failed")
	}
	_, err := CompileSources([]Source{{Name: "h.c", Text: "#include <assert.h>\nstatic_assert(sizeof(int) == 8, \"int is 8\");\n"}}, Options{})
	if err == nil || !strings.HasPrefix(err.Error(), "h.c:2:") || !strings.Contains(err.Error(), "int is 8") {
		t.Errorf("false static_assert: %v", err)
	}
}
