package cfront

import (
	"fmt"
	"maps"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// gccMacros are the macros of gcc 12.2 -std=gnu17 -dM -E on x86-64 Linux
// that the front end defines, as gcc prints them (see predefined for those
// left out).
var gccMacros = []struct{ name, def string }{
	{`_LP64`, `1`},
	{`__BIGGEST_ALIGNMENT__`, `16`},
	{`__BYTE_ORDER__`, `__ORDER_LITTLE_ENDIAN__`},
	{`__CHAR16_TYPE__`, `short unsigned int`},
	{`__CHAR32_TYPE__`, `unsigned int`},
	{`__CHAR_BIT__`, `8`},
	{`__ELF__`, `1`},
	{`__FLOAT_WORD_ORDER__`, `__ORDER_LITTLE_ENDIAN__`},
	{`__GCC_ATOMIC_BOOL_LOCK_FREE`, `2`},
	{`__GCC_ATOMIC_CHAR16_T_LOCK_FREE`, `2`},
	{`__GCC_ATOMIC_CHAR32_T_LOCK_FREE`, `2`},
	{`__GCC_ATOMIC_CHAR_LOCK_FREE`, `2`},
	{`__GCC_ATOMIC_INT_LOCK_FREE`, `2`},
	{`__GCC_ATOMIC_LLONG_LOCK_FREE`, `2`},
	{`__GCC_ATOMIC_LONG_LOCK_FREE`, `2`},
	{`__GCC_ATOMIC_POINTER_LOCK_FREE`, `2`},
	{`__GCC_ATOMIC_SHORT_LOCK_FREE`, `2`},
	{`__GCC_ATOMIC_TEST_AND_SET_TRUEVAL`, `1`},
	{`__GCC_ATOMIC_WCHAR_T_LOCK_FREE`, `2`},
	{`__GCC_CONSTRUCTIVE_SIZE`, `64`},
	{`__GCC_DESTRUCTIVE_SIZE`, `64`},
	{`__GCC_HAVE_SYNC_COMPARE_AND_SWAP_1`, `1`},
	{`__GCC_HAVE_SYNC_COMPARE_AND_SWAP_2`, `1`},
	{`__GCC_HAVE_SYNC_COMPARE_AND_SWAP_4`, `1`},
	{`__GCC_HAVE_SYNC_COMPARE_AND_SWAP_8`, `1`},
	{`__GNUC_MINOR__`, `2`},
	{`__GNUC_PATCHLEVEL__`, `0`},
	{`__GNUC_STDC_INLINE__`, `1`},
	{`__GNUC__`, `12`},
	{`__INT16_C(c)`, `c`},
	{`__INT16_MAX__`, `0x7fff`},
	{`__INT16_TYPE__`, `short int`},
	{`__INT32_C(c)`, `c`},
	{`__INT32_MAX__`, `0x7fffffff`},
	{`__INT32_TYPE__`, `int`},
	{`__INT64_C(c)`, `c ## L`},
	{`__INT64_MAX__`, `0x7fffffffffffffffL`},
	{`__INT64_TYPE__`, `long int`},
	{`__INT8_C(c)`, `c`},
	{`__INT8_MAX__`, `0x7f`},
	{`__INT8_TYPE__`, `signed char`},
	{`__INTMAX_C(c)`, `c ## L`},
	{`__INTMAX_MAX__`, `0x7fffffffffffffffL`},
	{`__INTMAX_TYPE__`, `long int`},
	{`__INTMAX_WIDTH__`, `64`},
	{`__INTPTR_MAX__`, `0x7fffffffffffffffL`},
	{`__INTPTR_TYPE__`, `long int`},
	{`__INTPTR_WIDTH__`, `64`},
	{`__INT_FAST16_MAX__`, `0x7fffffffffffffffL`},
	{`__INT_FAST16_TYPE__`, `long int`},
	{`__INT_FAST16_WIDTH__`, `64`},
	{`__INT_FAST32_MAX__`, `0x7fffffffffffffffL`},
	{`__INT_FAST32_TYPE__`, `long int`},
	{`__INT_FAST32_WIDTH__`, `64`},
	{`__INT_FAST64_MAX__`, `0x7fffffffffffffffL`},
	{`__INT_FAST64_TYPE__`, `long int`},
	{`__INT_FAST64_WIDTH__`, `64`},
	{`__INT_FAST8_MAX__`, `0x7f`},
	{`__INT_FAST8_TYPE__`, `signed char`},
	{`__INT_FAST8_WIDTH__`, `8`},
	{`__INT_LEAST16_MAX__`, `0x7fff`},
	{`__INT_LEAST16_TYPE__`, `short int`},
	{`__INT_LEAST16_WIDTH__`, `16`},
	{`__INT_LEAST32_MAX__`, `0x7fffffff`},
	{`__INT_LEAST32_TYPE__`, `int`},
	{`__INT_LEAST32_WIDTH__`, `32`},
	{`__INT_LEAST64_MAX__`, `0x7fffffffffffffffL`},
	{`__INT_LEAST64_TYPE__`, `long int`},
	{`__INT_LEAST64_WIDTH__`, `64`},
	{`__INT_LEAST8_MAX__`, `0x7f`},
	{`__INT_LEAST8_TYPE__`, `signed char`},
	{`__INT_LEAST8_WIDTH__`, `8`},
	{`__INT_MAX__`, `0x7fffffff`},
	{`__INT_WIDTH__`, `32`},
	{`__LONG_LONG_MAX__`, `0x7fffffffffffffffLL`},
	{`__LONG_LONG_WIDTH__`, `64`},
	{`__LONG_MAX__`, `0x7fffffffffffffffL`},
	{`__LONG_WIDTH__`, `64`},
	{`__LP64__`, `1`},
	{`__ORDER_BIG_ENDIAN__`, `4321`},
	{`__ORDER_LITTLE_ENDIAN__`, `1234`},
	{`__ORDER_PDP_ENDIAN__`, `3412`},
	{`__PTRDIFF_MAX__`, `0x7fffffffffffffffL`},
	{`__PTRDIFF_TYPE__`, `long int`},
	{`__PTRDIFF_WIDTH__`, `64`},
	{`__SCHAR_MAX__`, `0x7f`},
	{`__SCHAR_WIDTH__`, `8`},
	{`__SHRT_MAX__`, `0x7fff`},
	{`__SHRT_WIDTH__`, `16`},
	{`__SIG_ATOMIC_MAX__`, `0x7fffffff`},
	{`__SIG_ATOMIC_MIN__`, `(-__SIG_ATOMIC_MAX__ - 1)`},
	{`__SIG_ATOMIC_TYPE__`, `int`},
	{`__SIG_ATOMIC_WIDTH__`, `32`},
	{`__SIZEOF_DOUBLE__`, `8`},
	{`__SIZEOF_FLOAT128__`, `16`},
	{`__SIZEOF_FLOAT80__`, `16`},
	{`__SIZEOF_FLOAT__`, `4`},
	{`__SIZEOF_INT128__`, `16`},
	{`__SIZEOF_INT__`, `4`},
	{`__SIZEOF_LONG_DOUBLE__`, `16`},
	{`__SIZEOF_LONG_LONG__`, `8`},
	{`__SIZEOF_LONG__`, `8`},
	{`__SIZEOF_POINTER__`, `8`},
	{`__SIZEOF_PTRDIFF_T__`, `8`},
	{`__SIZEOF_SHORT__`, `2`},
	{`__SIZEOF_SIZE_T__`, `8`},
	{`__SIZEOF_WCHAR_T__`, `4`},
	{`__SIZEOF_WINT_T__`, `4`},
	{`__SIZE_MAX__`, `0xffffffffffffffffUL`},
	{`__SIZE_TYPE__`, `long unsigned int`},
	{`__SIZE_WIDTH__`, `64`},
	{`__STDC_HOSTED__`, `1`},
	{`__STDC_ISO_10646__`, `201706L`},
	{`__STDC_UTF_16__`, `1`},
	{`__STDC_UTF_32__`, `1`},
	{`__STDC_VERSION__`, `201710L`},
	{`__STDC__`, `1`},
	{`__UINT16_C(c)`, `c`},
	{`__UINT16_MAX__`, `0xffff`},
	{`__UINT16_TYPE__`, `short unsigned int`},
	{`__UINT32_C(c)`, `c ## U`},
	{`__UINT32_MAX__`, `0xffffffffU`},
	{`__UINT32_TYPE__`, `unsigned int`},
	{`__UINT64_C(c)`, `c ## UL`},
	{`__UINT64_MAX__`, `0xffffffffffffffffUL`},
	{`__UINT64_TYPE__`, `long unsigned int`},
	{`__UINT8_C(c)`, `c`},
	{`__UINT8_MAX__`, `0xff`},
	{`__UINT8_TYPE__`, `unsigned char`},
	{`__UINTMAX_C(c)`, `c ## UL`},
	{`__UINTMAX_MAX__`, `0xffffffffffffffffUL`},
	{`__UINTMAX_TYPE__`, `long unsigned int`},
	{`__UINTPTR_MAX__`, `0xffffffffffffffffUL`},
	{`__UINTPTR_TYPE__`, `long unsigned int`},
	{`__UINT_FAST16_MAX__`, `0xffffffffffffffffUL`},
	{`__UINT_FAST16_TYPE__`, `long unsigned int`},
	{`__UINT_FAST32_MAX__`, `0xffffffffffffffffUL`},
	{`__UINT_FAST32_TYPE__`, `long unsigned int`},
	{`__UINT_FAST64_MAX__`, `0xffffffffffffffffUL`},
	{`__UINT_FAST64_TYPE__`, `long unsigned int`},
	{`__UINT_FAST8_MAX__`, `0xff`},
	{`__UINT_FAST8_TYPE__`, `unsigned char`},
	{`__UINT_LEAST16_MAX__`, `0xffff`},
	{`__UINT_LEAST16_TYPE__`, `short unsigned int`},
	{`__UINT_LEAST32_MAX__`, `0xffffffffU`},
	{`__UINT_LEAST32_TYPE__`, `unsigned int`},
	{`__UINT_LEAST64_MAX__`, `0xffffffffffffffffUL`},
	{`__UINT_LEAST64_TYPE__`, `long unsigned int`},
	{`__UINT_LEAST8_MAX__`, `0xff`},
	{`__UINT_LEAST8_TYPE__`, `unsigned char`},
	{`__WCHAR_MAX__`, `0x7fffffff`},
	{`__WCHAR_MIN__`, `(-__WCHAR_MAX__ - 1)`},
	{`__WCHAR_TYPE__`, `int`},
	{`__WCHAR_WIDTH__`, `32`},
	{`__WINT_MAX__`, `0xffffffffU`},
	{`__WINT_MIN__`, `0U`},
	{`__WINT_TYPE__`, `unsigned int`},
	{`__WINT_WIDTH__`, `32`},
	{`__amd64`, `1`},
	{`__amd64__`, `1`},
	{`__gnu_linux__`, `1`},
	{`__linux`, `1`},
	{`__linux__`, `1`},
	{`__unix`, `1`},
	{`__unix__`, `1`},
	{`__x86_64`, `1`},
	{`__x86_64__`, `1`},
	{`linux`, `1`},
	{`unix`, `1`},
}

// TestPredefinedAsGcc: each macro of gccMacros has gcc's value and type;
// a type macro names gcc's type (long int is not long long int).
func TestPredefinedAsGcc(t *testing.T) {
	var src strings.Builder
	for _, m := range gccMacros {
		var cond string
		switch name, ok := strings.CutSuffix(m.name, "(c)"); {
		case ok:
			val := "(" + strings.ReplaceAll(strings.ReplaceAll(m.def, "c ## ", "7"), "c", "7") + ")"
			cond = fmt.Sprintf("_Generic(%s(7), __typeof__%s: 1, default: 0) && %s(7) == %s", name, val, name, val)
		case strings.HasSuffix(m.name, "_TYPE__"):
			cond = fmt.Sprintf("_Generic((%s)0, %s: 1, default: 0)", m.name, m.def)
		default:
			cond = fmt.Sprintf("_Generic(%s, __typeof__(%s): 1, default: 0) && %s == (%s)", m.name, m.def, m.name, m.def)
		}
		fmt.Fprintf(&src, "_Static_assert(%s, \"%s\");\n", cond, m.name)
	}
	if _, err := CompileSources([]Source{{Name: "m.c", Text: src.String()}}, Options{}); err != nil {
		t.Errorf("not gcc's:\n%v", err)
	}
}

// gccLeftOut matches the macros of gcc -dM that predefined leaves out:
// floating point, the build's settings, C++'s ABI, x86 instruction-set
// extensions, and the __ATOMIC_ orders builtinMacros defines.
var gccLeftOut = regexp.MustCompile(`^(__(FLT|DBL|LDBL|DEC|BFLT)\w*|__FP_FAST_\w+|__GCC_IEC_559\w*|__STDC_IEC_\w+|__FINITE_MATH_ONLY__|__OPTIMIZE__|__NO_INLINE__|__(pic|pie|PIC|PIE)__|__CET__|__GCC_HAVE_DWARF2_CFI_ASM|__VERSION__|__REGISTER_PREFIX__|__USER_LABEL_PREFIX__|__GNUC_(WIDE_)?EXECUTION_CHARSET_NAME|_STDC_PREDEF_H|__PRAGMA_REDEFINE_EXTNAME|__HAVE_SPECULATION_SAFE_VALUE|__GXX_ABI_VERSION|__(MMX|SSE|SSE2|FXSR|MMX_WITH_SSE|SSE_MATH|SSE2_MATH)__|__SEG_(FS|GS)|__k8|__k8__|__code_model_small__|__GCC_ASM_FLAG_OUTPUTS__|__ATOMIC_\w+)$`)

// TestGccMacrosTable: where gcc 12.2 is installed, gccMacros is what it
// prints, but for gccLeftOut.
func TestGccMacrosTable(t *testing.T) {
	if v, err := exec.Command("gcc", "-dumpfullversion").Output(); err != nil || strings.TrimSpace(string(v)) != "12.2.0" {
		t.Skip("gcc 12.2 is not installed")
	}
	cmd := exec.Command("gcc", "-std=gnu17", "-dM", "-E", "-")
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	table := map[string]string{}
	for _, m := range gccMacros {
		table[m.name] = m.def
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		name, def, _ := strings.Cut(strings.TrimPrefix(line, "#define "), " ")
		got, ok := table[name]
		delete(table, name)
		switch {
		case gccLeftOut.MatchString(strings.TrimSuffix(name, "(c)")):
			if ok {
				t.Errorf("%s is in the table and left out", name)
			}
		case !ok:
			t.Errorf("gcc's %s is missing: %s", name, def)
		case got != def:
			t.Errorf("%s is %s, gcc's is %s", name, got, def)
		}
	}
	for name := range table {
		t.Errorf("%s is not gcc's", name)
	}
}

// TestHasOperators: __has_builtin and __has_attribute are macros that
// answer as gcc 12.2 -std=gnu17 does (the expected values are gcc's);
// __has_feature and __has_extension, clang's, are not defined, so a
// program may define them.
func TestHasOperators(t *testing.T) {
	tests := []struct {
		name string
		src  string
	}{
		{"#ifdef __has_builtin", "#ifdef __has_builtin\n#define V 1\n#else\n#define V 0\n#endif\nvoid a(void) { lsl_assert(V == 1); }\n"},
		{"defined(__has_attribute)", "#if defined(__has_attribute)\n#define V 1\n#else\n#define V 0\n#endif\nvoid a(void) { lsl_assert(V == 1); }\n"},
		{"builtins gcc has", "#if __has_builtin(__atomic_load_n) && __has_builtin(__sync_synchronize) && __has_builtin(__builtin_expect) && __has_builtin(__builtin_ctz) && __has_builtin(memcpy) && __has_builtin(__builtin_offsetof)\n#define V 1\n#else\n#define V 0\n#endif\nvoid a(void) { lsl_assert(V == 1); }\n"},
		{"builtins gcc lacks", "#if __has_builtin(__c11_atomic_load) || __has_builtin(__builtin_nonexistent) || __has_builtin(pthread_mutex_lock) || __has_builtin(__builtin_va_arg)\n#define V 1\n#else\n#define V 0\n#endif\nvoid a(void) { lsl_assert(V == 0); }\n"},
		{"attributes gcc has", "void a(void) { lsl_assert(__has_attribute(packed) == 1 && __has_attribute(__packed__) == 1 && __has_attribute(weak) == 1 && __has_attribute(const) == 1 && __has_attribute(fallthrough) == 201904 && __has_attribute(__nodiscard__) == 202003); }\n"},
		{"attributes gcc lacks", "#if __has_attribute(nonexistent) || __has_attribute(_packed) || __has_attribute(__packed) || __has_attribute(objc_boxable)\n#define V 1\n#else\n#define V 0\n#endif\nvoid a(void) { lsl_assert(V == 0); }\n"},
		{"no __has_feature", "#ifdef __has_feature\n#define V 1\n#else\n#define V 0\n#endif\nvoid a(void) { lsl_assert(V == 0); }\n"},
		{"__has_feature defined by the program", "#ifndef __has_feature\n#define __has_feature(x) 0\n#endif\n#ifndef __has_extension\n#define __has_extension __has_feature\n#endif\nvoid a(void) { lsl_assert(!__has_feature(c_atomic) && !__has_extension(c_atomic)); }\n"},
		{"fallbacks for compilers without them", "#ifndef __has_builtin\n#define __has_builtin(x) 0\n#endif\n#ifndef __has_attribute\n#define __has_attribute(x) 0\n#endif\n#if __has_builtin(__atomic_load_n) && __has_attribute(unused)\n#define V 1\n#else\n#define V 0\n#endif\nvoid a(void) { lsl_assert(V && __has_attribute(unused)); }\n"},
		{"in a string", "void a(void) { lsl_assert(sizeof \"__has_builtin\" == 14); }\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if runsA(t, "#include \"lsl_protos.h\"\n"+tc.src) {
				t.Error("not as gcc")
			}
		})
	}
}

// TestGccHasTables: where gcc 12.2 is installed, gccBuiltins and the
// attributes of hasMacros are what gcc answers for them.
func TestGccHasTables(t *testing.T) {
	if v, err := exec.Command("gcc", "-dumpfullversion").Output(); err != nil || strings.TrimSpace(string(v)) != "12.2.0" {
		t.Skip("gcc 12.2 is not installed")
	}
	var src, want strings.Builder
	for _, n := range slices.Sorted(maps.Keys(gccBuiltins)) {
		fmt.Fprintf(&src, "b %s __has_builtin(%s)\n", n, n)
		fmt.Fprintf(&want, "b %s 1\n", n)
	}
	attrs := map[string]int{}
	for _, n := range strings.Fields(gccAttributes) {
		attrs[n] = 1
	}
	maps.Copy(attrs, gccDatedAttributes)
	for _, n := range slices.Sorted(maps.Keys(attrs)) {
		fmt.Fprintf(&src, "a %s __has_attribute(%s) __has_attribute(__%s__)\n", n, n, n)
		fmt.Fprintf(&want, "a %s %d %d\n", n, attrs[n], attrs[n])
	}
	cmd := exec.Command("gcc", "-std=gnu17", "-E", "-P", "-")
	cmd.Stdin = strings.NewReader(src.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSpace(string(out)), "\n")
	for i, w := range strings.Split(strings.TrimSpace(want.String()), "\n") {
		if i >= len(got) || got[i] != w {
			t.Errorf("gcc answers %q, the table %q", got[min(i, len(got)-1)], w)
		}
	}
}
