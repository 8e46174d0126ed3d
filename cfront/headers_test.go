package cfront

import (
	"errors"
	"fmt"
	"os"
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
	// gcc -std=gnu17 takes the message as optional (C2x)
	ok = "#include <assert.h>\nstatic_assert(sizeof(int) == 4);\n_Static_assert(sizeof(int) < sizeof(long));\nvoid a(void) { _Static_assert(sizeof(long) == 8); static_assert(1, \"one\" \" line\"); }\n"
	if runsA(t, ok) {
		t.Error("assertion failed")
	}
	for _, src := range []string{"#include <assert.h>\nstatic_assert(sizeof(int) == 8);\n", "int x;\n_Static_assert(sizeof x == 8);\n"} {
		_, err := CompileSources([]Source{{Name: "h.c", Text: src}}, Options{})
		if err == nil || err.Error() != "h.c:2:1: static assertion failed" {
			t.Errorf("false static_assert without a message: %v", err)
		}
	}
}

// TestPredefinedMacros: the predefined macros are gcc's for -std=gnu17 on
// x86-64, so that code takes the branches it takes under gcc: C17's
// __STDC_VERSION__, __GNUC__ (GNU C's atomics, asm and attributes are
// read), little-endian byte order.
func TestPredefinedMacros(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		fails bool
	}{
		{"C11 and later", "#if __STDC_VERSION__ >= 201112L\n#define OK 1\n#else\n#define OK 0\n#endif\nvoid a(void) { lsl_assert(OK); }\n", false},
		{"C17", "void a(void) { lsl_assert(__STDC_VERSION__ == 201710L); }\n", false},
		{"not C23", "#if __STDC_VERSION__ > 201710L\n#define OK 0\n#else\n#define OK 1\n#endif\nvoid a(void) { lsl_assert(OK); }\n", false},
		{"GCC 4.7 and later: its __atomic builtins", `#if defined(__GNUC__) && (__GNUC__ > 4 || __GNUC__ == 4 && __GNUC_MINOR__ >= 7)
#define STORE(p, v) __atomic_store_n((p), (v), __ATOMIC_RELEASE)
#define FENCE() __atomic_thread_fence(__ATOMIC_SEQ_CST)
#else
#define STORE(p, v) (*(p) = (v), lsl_assert(0))
#define FENCE() lsl_assert(0)
#endif
int x;
void a(void) { STORE(&x, 1); FENCE(); lsl_assert(x == 1); }
`, false},
		{"the other branch without __GNUC__", "#undef __GNUC__\n#ifdef __GNUC__\n#define OK 1\n#else\n#define OK 0\n#endif\nvoid a(void) { lsl_assert(OK); }\n", true},
		{"gcc's version", "void a(void) { lsl_assert(__GNUC__ == 12 && __GNUC_MINOR__ == 2 && __GNUC_PATCHLEVEL__ == 0); }\n", false},
		{"little-endian", "#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__\n#define BIG 1\n#else\n#define BIG 0\n#endif\nvoid a(void) { lsl_assert(!BIG && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__); }\n", false},
		{"lock-free atomics", "#if __GCC_ATOMIC_POINTER_LOCK_FREE == 2 && __GCC_HAVE_SYNC_COMPARE_AND_SWAP_8\n#define OK 1\n#else\n#define OK 0\n#endif\nvoid a(void) { lsl_assert(OK); }\n", false},
		{"__extension__", "struct s { int a; int b; };\nvoid a(void) { long r = __extension__ 5; lsl_assert(r == 5 && __builtin_offsetof(struct s, b) == 4); }\n", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := runsA(t, "#include \"lsl_protos.h\"\n"+tc.src); got != tc.fails {
				t.Errorf("assertion failed: %v, want %v", got, tc.fails)
			}
		})
	}
}

// TestStdintNames: the shipped stdint.h has every name of C99 7.18 with
// the types and values of gcc and glibc on x86-64 (testdata/stdint_names.c;
// the expected numbers are what that file prints under gcc -std=gnu17).
// ty(i) codes the type of a typedef or macro: 1 signed char, 2 unsigned
// char, 3 short, 4 unsigned short, 5 int, 6 unsigned, 7 long, 8 unsigned
// long; va(i) is a value.
func TestStdintNames(t *testing.T) {
	text, err := os.ReadFile("testdata/stdint_names.c")
	if err != nil {
		t.Fatal(err)
	}
	prog, err := CompileSources([]Source{{Name: "stdint_names.c", Text: string(text)}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	in := lsl.NewInterp(prog, lsl.InterpOptions{})
	const (
		min8, min16, min32, min64 = -128, -32768, -2147483648, -9223372036854775808
		max64                     = 9223372036854775807
	)
	for _, fn := range []struct {
		name string
		want []int64
	}{
		{"ty", []int64{1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 7, 8, 7, 8, 7, 8, 7, 8, 7, 8,
			5, 5, 5, 7, 5, 5, 6, 8, 7, 8,
			5, 7, 8, 7, 8, 7, 7, 8, 5, 5, 6, 6, 5, 7, 8, 5}},
		{"va", []int64{min8, 127, 255, min16, 32767, 65535, min32, 2147483647, 4294967295, min64, max64, -1,
			min8, 127, 255, min64, max64, -1, min64, max64, -1, min64, max64, -1,
			min64, max64, -1, min64, max64, -1, min64, max64, -1, min32, 2147483647, min32, 2147483647, 0, 4294967295,
			-5, 7, max64, -1}},
	} {
		for i, w := range fn.want {
			res, err := in.Call(fn.name, lsl.Int(int64(i)))
			if err != nil || len(res) != 1 || res[0] != lsl.Int(w) {
				t.Errorf("%s(%d) = %v, %v; want %d", fn.name, i, res, err, w)
			}
		}
	}
}

// TestStdatomicNames: the shipped stdatomic.h has the atomic types of
// C11 7.17.6 for the character and stdint.h types, each an _Atomic
// object of the width and signedness gcc gives it on x86-64 (char16_t is
// unsigned short, wchar_t int, int_fast16_t and wider long), and the
// lock-free macros of those character types (2: always, as gcc's).
func TestStdatomicNames(t *testing.T) {
	tests := []struct {
		name   string
		size   int64
		signed bool
	}{
		{"atomic_char16_t", 2, false}, {"atomic_char32_t", 4, false}, {"atomic_wchar_t", 4, true},
		{"atomic_int_least8_t", 1, true}, {"atomic_uint_least8_t", 1, false},
		{"atomic_int_least16_t", 2, true}, {"atomic_uint_least16_t", 2, false},
		{"atomic_int_least32_t", 4, true}, {"atomic_uint_least32_t", 4, false},
		{"atomic_int_least64_t", 8, true}, {"atomic_uint_least64_t", 8, false},
		{"atomic_int_fast8_t", 1, true}, {"atomic_uint_fast8_t", 1, false},
		{"atomic_int_fast16_t", 8, true}, {"atomic_uint_fast16_t", 8, false},
		{"atomic_int_fast32_t", 8, true}, {"atomic_uint_fast32_t", 8, false},
		{"atomic_int_fast64_t", 8, true}, {"atomic_uint_fast64_t", 8, false},
	}
	var src strings.Builder
	src.WriteString("#include <stdatomic.h>\n" +
		"#if ATOMIC_CHAR16_T_LOCK_FREE != 2 || ATOMIC_CHAR32_T_LOCK_FREE != 2 || ATOMIC_WCHAR_T_LOCK_FREE != 2\n" +
		"#error lock-free\n#endif\n")
	for i, tc := range tests {
		// the size, and the sign of -1 stored (a seq store, and load)
		fmt.Fprintf(&src, "%s v%d;\nlong size%d(void) { return sizeof v%d; }\nint neg%d(void) { v%d = -1; return v%d < 0; }\n", tc.name, i, i, i, i, i, i)
	}
	prog, err := CompileSources([]Source{{Name: "n.c", Text: src.String()}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	text := prog.String()
	in := lsl.NewInterp(prog, lsl.InterpOptions{})
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			size, err := in.Call(fmt.Sprintf("size%d", i))
			if err != nil || len(size) != 1 || size[0] != lsl.Int(tc.size) {
				t.Errorf("sizeof = %v, %v; want %d", size, err, tc.size)
			}
			neg, err := in.Call(fmt.Sprintf("neg%d", i))
			if want := lsl.Int(map[bool]int64{false: 0, true: 1}[tc.signed]); err != nil || len(neg) != 1 || neg[0] != want {
				t.Errorf("-1 < 0 = %v, %v; want %v", neg, err, tc.signed)
			}
			if body := procText(t, text, fmt.Sprintf("neg%d", i)); !strings.Contains(body, "fence") {
				t.Errorf("not atomic:\n%s", body)
			}
		})
	}
}

// TestPthreadVisibleNames: POSIX's <pthread.h> makes the symbols of
// <sched.h> and <time.h> visible, so that code including it alone may
// use NULL, size_t and sched_yield; the other headers that define them
// may be included beside it, before or after. Each a returns 1.
func TestPthreadVisibleNames(t *testing.T) {
	tests := []struct{ name, src string }{
		{"NULL", "#include <pthread.h>\npthread_mutex_t m;\nint a(void) { int *p = NULL; return pthread_mutex_init(&m, NULL) == 0 && !p; }\n"},
		{"size_t", "#include <pthread.h>\nint a(void) { size_t n = sizeof(pthread_mutex_t); return n == 4; }\n"},
		{"sched_yield", "#include <pthread.h>\nint a(void) { sched_yield(); return 1; }\n"},
		{"beside stddef.h and stdlib.h", "#include <stddef.h>\n#include <pthread.h>\n#include <stdlib.h>\nint a(void) { size_t n = 0; int *p = NULL; return !p && !n; }\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			prog, err := CompileSources([]Source{{Name: "p.c", Text: tc.src}}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			res, err := lsl.NewInterp(prog, lsl.InterpOptions{}).Call("a")
			if err != nil || len(res) != 1 || res[0] != lsl.Int(1) {
				t.Errorf("a() = %v, %v; want 1", res, err)
			}
		})
	}
}
