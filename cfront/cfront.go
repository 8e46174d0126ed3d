package cfront

import (
	"embed"
	"errors"
	"fmt"
	"maps"
	"math"
	"regexp"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"

	"modernc.org/cc/v4"

	"checkfence/lsl"
)

// Options configures the preprocessor.
type Options struct {
	// IncludeDirs are searched for #include "..." and #include <...> after
	// the directory of the including file and before the shipped headers.
	IncludeDirs []string
	// Defines are preprocessor definitions, "NAME" or "NAME=VALUE", as with
	// the -D flag of a C compiler.
	Defines []string
	// FenceSlots marks every fence slot (SEMANTICS.md, "Fence placement")
	// with a candidate fence, lsl.Fence with Slot set, for fence
	// inference. See fenceSlot.
	FenceSlots bool
}

// Source is a C file given in memory.
type Source struct {
	Name string // the file name used in positions
	Text string
}

// Compile translates the C files into one LSL program. The files are
// separate translation units linked by name, as a C linker would.
//
// The error, if any, is an ErrorList of *lsl.Error, each "file:line:col:
// message".
func Compile(files []string, opts Options) (*lsl.Program, error) {
	srcs := make([]Source, 0, len(files))
	for _, f := range files {
		text, err := readRegular(f)
		if err != nil {
			return nil, ErrorList{{Pos: lsl.Pos{File: f}, Msg: err.Error()}}
		}
		srcs = append(srcs, Source{Name: f, Text: text})
	}
	return CompileSources(srcs, opts)
}

// CompileSources is Compile for files given in memory. #include "x.h"
// looks for x.h first among srcs (relative to the including file), then on
// disk.
func CompileSources(srcs []Source, opts Options) (prog *lsl.Program, err error) {
	defer func() {
		// A last resort: a bug in the translator or in the C parser must
		// not crash the caller. The error names the first file.
		if r := recover(); r != nil {
			pos := lsl.Pos{}
			if len(srcs) > 0 {
				pos.File = srcs[0].Name
			}
			prog = nil
			err = ErrorList{{Pos: pos, Msg: fmt.Sprintf("cfront internal error: %v\n%s", r, debug.Stack())}}
		}
	}()
	if len(srcs) == 0 {
		return nil, ErrorList{{Msg: "no C files"}}
	}
	for _, d := range opts.Defines {
		// checked here, not by the preprocessor, whose error would name
		// a line of its own predefinitions
		if name, _, _ := strings.Cut(d, "="); !macroName.MatchString(name) {
			return nil, ErrorList{{Msg: fmt.Sprintf("-D %s: %q is not a macro name (an identifier)", d, name)}}
		}
	}
	l := newLinker()
	l.opts = opts
	var asts []*cc.AST
	for _, src := range srcs {
		ast, fixes, errs := parse(src, srcs, opts, l.texts, &l.names)
		defer forgetSizeofFixes(fixes)
		if len(errs) > 0 {
			l.errs = append(l.errs, errs...)
			continue
		}
		asts = append(asts, ast)
	}
	if len(l.errs) > 0 {
		return nil, sortErrors(l.errs)
	}
	for i, ast := range asts {
		l.declare(newFileTr(l, srcs[i].Name, ast))
	}
	if len(l.errs) == 0 {
		for _, f := range l.files {
			f.translateBodies()
		}
	}
	if len(l.errs) == 0 {
		l.link()
	}
	if len(l.errs) > 0 {
		return nil, sortErrors(l.errs)
	}
	return l.prog, nil
}

// macroName is what -D NAME[=VALUE] may define.
var macroName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(\([A-Za-z0-9_, ]*(\.\.\.)?\))?$`)

// lineDirective matches a #line directive, or the line marker of a
// preprocessor's output (# 12 "file").
var lineDirective = regexp.MustCompile(`(?m)^[ \t]*#[ \t]*(line\b|[0-9])`)

// lineDirectives refuses #line in the files read, when fence slots are
// marked: a slot is where a patch inserts a fence, and positions that
// #line renumbers are not the file's lines (the fence would land in
// another function).
func lineDirectives(fsys *sourceFS) ErrorList {
	var errs ErrorList
	for _, name := range slices.Sorted(maps.Keys(fsys.texts)) {
		text := fsys.texts[name]
		if loc := lineDirective.FindStringIndex(text); loc != nil {
			line := 1 + strings.Count(text[:loc[0]], "\n")
			col := 1 + loc[0] - (strings.LastIndex(text[:loc[0]], "\n") + 1)
			errs = append(errs, &lsl.Error{Pos: lsl.Pos{File: name, Line: line, Col: col},
				Msg: "#line directive: fence inference places fences by the file's own lines, which #line renumbers (remove it to infer fences)"})
		}
	}
	return errs
}

// ErrorList is the error of Compile: one or more positioned errors, at
// most maxErrors, sorted by position within each file.
type ErrorList = lsl.ErrorList

// maxErrors bounds the list: after that many, more errors are mostly
// consequences of the first ones.
const maxErrors = 20

// sortErrors orders errors by position (files keep their order), drops
// repeats and keeps the first maxErrors.
func sortErrors(e ErrorList) ErrorList {
	sort.SliceStable(e, func(i, j int) bool {
		a, b := e[i].Pos, e[j].Pos
		if a.File != b.File {
			return false // keep the order of the files
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	out := e[:0]
	for i, x := range e {
		if i > 0 && x.Pos == e[i-1].Pos && x.Msg == e[i-1].Msg {
			continue
		}
		out = append(out, x)
	}
	if len(out) > maxErrors {
		out = out[:maxErrors]
	}
	return out
}

//go:embed include/*.h
var includeFS embed.FS

// includeDir is the directory name under which the shipped headers are
// found. It is not a real directory; the file system below serves it.
const includeDir = "/$checkfence/include"

// predefined are the macros gcc 12.2 -std=gnu17 defines on x86-64 Linux
// (gcc -dM -E), plus __CHECKFENCE__: gcc's C and GNU extensions (__atomic,
// __sync, asm, attributes) are read as gcc reads them, or refused by name,
// so code must take the branches it takes under gcc. Left out are those of
// floating point (refused), of the build rather than the language
// (__OPTIMIZE__, __NO_INLINE__, __pic__, __CET__, …), gcc's ABI version
// for C++ and its x86 instruction-set extensions (__SSE2__, …: code they
// select calls intrinsics, which are not read). builtinMacros has the
// __ATOMIC_ orders. __extension__ only silences gcc's -pedantic;
// __const__ is gcc's other spelling of const (cc knows __const only).
// _Static_assert takes its message as optional, as gcc does (C2x): the
// message, if any, follows an empty string literal it is joined to.
const predefined = `#define __extension__
#define __builtin_offsetof(type, member) ((__SIZE_TYPE__)&((type *)0)->member)
#define __float80 long double
#define __const__ const
#define __CHECKFENCE__ 1
#define _Static_assert(e, ...) _Static_assert(e, "" __VA_ARGS__)
#define _LP64 1
#define __BIGGEST_ALIGNMENT__ 16
#define __BYTE_ORDER__ __ORDER_LITTLE_ENDIAN__
#define __CHAR16_TYPE__ short unsigned int
#define __CHAR32_TYPE__ unsigned int
#define __CHAR_BIT__ 8
#define __ELF__ 1
#define __FLOAT_WORD_ORDER__ __ORDER_LITTLE_ENDIAN__
#define __GCC_ATOMIC_BOOL_LOCK_FREE 2
#define __GCC_ATOMIC_CHAR16_T_LOCK_FREE 2
#define __GCC_ATOMIC_CHAR32_T_LOCK_FREE 2
#define __GCC_ATOMIC_CHAR_LOCK_FREE 2
#define __GCC_ATOMIC_INT_LOCK_FREE 2
#define __GCC_ATOMIC_LLONG_LOCK_FREE 2
#define __GCC_ATOMIC_LONG_LOCK_FREE 2
#define __GCC_ATOMIC_POINTER_LOCK_FREE 2
#define __GCC_ATOMIC_SHORT_LOCK_FREE 2
#define __GCC_ATOMIC_TEST_AND_SET_TRUEVAL 1
#define __GCC_ATOMIC_WCHAR_T_LOCK_FREE 2
#define __GCC_CONSTRUCTIVE_SIZE 64
#define __GCC_DESTRUCTIVE_SIZE 64
#define __GCC_HAVE_SYNC_COMPARE_AND_SWAP_1 1
#define __GCC_HAVE_SYNC_COMPARE_AND_SWAP_2 1
#define __GCC_HAVE_SYNC_COMPARE_AND_SWAP_4 1
#define __GCC_HAVE_SYNC_COMPARE_AND_SWAP_8 1
#define __GNUC_MINOR__ 2
#define __GNUC_PATCHLEVEL__ 0
#define __GNUC_STDC_INLINE__ 1
#define __GNUC__ 12
#define __INT16_C(c) c
#define __INT16_MAX__ 0x7fff
#define __INT16_TYPE__ short int
#define __INT32_C(c) c
#define __INT32_MAX__ 0x7fffffff
#define __INT32_TYPE__ int
#define __INT64_C(c) c ## L
#define __INT64_MAX__ 0x7fffffffffffffffL
#define __INT64_TYPE__ long int
#define __INT8_C(c) c
#define __INT8_MAX__ 0x7f
#define __INT8_TYPE__ signed char
#define __INTMAX_C(c) c ## L
#define __INTMAX_MAX__ 0x7fffffffffffffffL
#define __INTMAX_TYPE__ long int
#define __INTMAX_WIDTH__ 64
#define __INTPTR_MAX__ 0x7fffffffffffffffL
#define __INTPTR_TYPE__ long int
#define __INTPTR_WIDTH__ 64
#define __INT_FAST16_MAX__ 0x7fffffffffffffffL
#define __INT_FAST16_TYPE__ long int
#define __INT_FAST16_WIDTH__ 64
#define __INT_FAST32_MAX__ 0x7fffffffffffffffL
#define __INT_FAST32_TYPE__ long int
#define __INT_FAST32_WIDTH__ 64
#define __INT_FAST64_MAX__ 0x7fffffffffffffffL
#define __INT_FAST64_TYPE__ long int
#define __INT_FAST64_WIDTH__ 64
#define __INT_FAST8_MAX__ 0x7f
#define __INT_FAST8_TYPE__ signed char
#define __INT_FAST8_WIDTH__ 8
#define __INT_LEAST16_MAX__ 0x7fff
#define __INT_LEAST16_TYPE__ short int
#define __INT_LEAST16_WIDTH__ 16
#define __INT_LEAST32_MAX__ 0x7fffffff
#define __INT_LEAST32_TYPE__ int
#define __INT_LEAST32_WIDTH__ 32
#define __INT_LEAST64_MAX__ 0x7fffffffffffffffL
#define __INT_LEAST64_TYPE__ long int
#define __INT_LEAST64_WIDTH__ 64
#define __INT_LEAST8_MAX__ 0x7f
#define __INT_LEAST8_TYPE__ signed char
#define __INT_LEAST8_WIDTH__ 8
#define __INT_MAX__ 0x7fffffff
#define __INT_WIDTH__ 32
#define __LONG_LONG_MAX__ 0x7fffffffffffffffLL
#define __LONG_LONG_WIDTH__ 64
#define __LONG_MAX__ 0x7fffffffffffffffL
#define __LONG_WIDTH__ 64
#define __LP64__ 1
#define __ORDER_BIG_ENDIAN__ 4321
#define __ORDER_LITTLE_ENDIAN__ 1234
#define __ORDER_PDP_ENDIAN__ 3412
#define __PTRDIFF_MAX__ 0x7fffffffffffffffL
#define __PTRDIFF_TYPE__ long int
#define __PTRDIFF_WIDTH__ 64
#define __SCHAR_MAX__ 0x7f
#define __SCHAR_WIDTH__ 8
#define __SHRT_MAX__ 0x7fff
#define __SHRT_WIDTH__ 16
#define __SIG_ATOMIC_MAX__ 0x7fffffff
#define __SIG_ATOMIC_MIN__ (-__SIG_ATOMIC_MAX__ - 1)
#define __SIG_ATOMIC_TYPE__ int
#define __SIG_ATOMIC_WIDTH__ 32
#define __SIZEOF_DOUBLE__ 8
#define __SIZEOF_FLOAT128__ 16
#define __SIZEOF_FLOAT80__ 16
#define __SIZEOF_FLOAT__ 4
#define __SIZEOF_INT128__ 16
#define __SIZEOF_INT__ 4
#define __SIZEOF_LONG_DOUBLE__ 16
#define __SIZEOF_LONG_LONG__ 8
#define __SIZEOF_LONG__ 8
#define __SIZEOF_POINTER__ 8
#define __SIZEOF_PTRDIFF_T__ 8
#define __SIZEOF_SHORT__ 2
#define __SIZEOF_SIZE_T__ 8
#define __SIZEOF_WCHAR_T__ 4
#define __SIZEOF_WINT_T__ 4
#define __SIZE_MAX__ 0xffffffffffffffffUL
#define __SIZE_TYPE__ long unsigned int
#define __SIZE_WIDTH__ 64
#define __STDC_HOSTED__ 1
#define __STDC_ISO_10646__ 201706L
#define __STDC_UTF_16__ 1
#define __STDC_UTF_32__ 1
#define __STDC_VERSION__ 201710L
#define __STDC__ 1
#define __UINT16_C(c) c
#define __UINT16_MAX__ 0xffff
#define __UINT16_TYPE__ short unsigned int
#define __UINT32_C(c) c ## U
#define __UINT32_MAX__ 0xffffffffU
#define __UINT32_TYPE__ unsigned int
#define __UINT64_C(c) c ## UL
#define __UINT64_MAX__ 0xffffffffffffffffUL
#define __UINT64_TYPE__ long unsigned int
#define __UINT8_C(c) c
#define __UINT8_MAX__ 0xff
#define __UINT8_TYPE__ unsigned char
#define __UINTMAX_C(c) c ## UL
#define __UINTMAX_MAX__ 0xffffffffffffffffUL
#define __UINTMAX_TYPE__ long unsigned int
#define __UINTPTR_MAX__ 0xffffffffffffffffUL
#define __UINTPTR_TYPE__ long unsigned int
#define __UINT_FAST16_MAX__ 0xffffffffffffffffUL
#define __UINT_FAST16_TYPE__ long unsigned int
#define __UINT_FAST32_MAX__ 0xffffffffffffffffUL
#define __UINT_FAST32_TYPE__ long unsigned int
#define __UINT_FAST64_MAX__ 0xffffffffffffffffUL
#define __UINT_FAST64_TYPE__ long unsigned int
#define __UINT_FAST8_MAX__ 0xff
#define __UINT_FAST8_TYPE__ unsigned char
#define __UINT_LEAST16_MAX__ 0xffff
#define __UINT_LEAST16_TYPE__ short unsigned int
#define __UINT_LEAST32_MAX__ 0xffffffffU
#define __UINT_LEAST32_TYPE__ unsigned int
#define __UINT_LEAST64_MAX__ 0xffffffffffffffffUL
#define __UINT_LEAST64_TYPE__ long unsigned int
#define __UINT_LEAST8_MAX__ 0xff
#define __UINT_LEAST8_TYPE__ unsigned char
#define __WCHAR_MAX__ 0x7fffffff
#define __WCHAR_MIN__ (-__WCHAR_MAX__ - 1)
#define __WCHAR_TYPE__ int
#define __WCHAR_WIDTH__ 32
#define __WINT_MAX__ 0xffffffffU
#define __WINT_MIN__ 0U
#define __WINT_TYPE__ unsigned int
#define __WINT_WIDTH__ 32
#define __amd64 1
#define __amd64__ 1
#define __gnu_linux__ 1
#define __linux 1
#define __linux__ 1
#define __unix 1
#define __unix__ 1
#define __x86_64 1
#define __x86_64__ 1
#define linux 1
#define unix 1
int __predefined_declarator;
` + atomicMacros + builtinMacros

// terminated returns text ending in a newline that no backslash splices
// away. cc's scanner loops forever on a character constant or string
// literal that runs into the end of the file, which only a final
// backslash-newline lets happen. Line numbers do not change.
func terminated(text string) string {
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	if strings.HasSuffix(text, "\\\n") || strings.HasSuffix(text, "\\\r\n") {
		text += "\n"
	}
	return text
}

// parse preprocesses, parses and type-checks one translation unit.
func parse(src Source, all []Source, opts Options, texts map[string]string, names *fileNames) (ast *cc.AST, fixes []cc.ExpressionNode, errs ErrorList) {
	defer quietStderr()()
	defer func() {
		// The C parser has inputs it panics on; they are reported as
		// errors of the file.
		if r := recover(); r != nil {
			ast, fixes, errs = nil, nil, ErrorList{{Pos: lsl.Pos{File: src.Name}, Msg: fmt.Sprintf("the C parser failed: %v", r)}}
		}
	}()
	abi, err := cc.NewABI("linux", "amd64")
	if err != nil {
		return nil, nil, ErrorList{{Pos: lsl.Pos{File: src.Name}, Msg: err.Error()}}
	}
	fsys := newSourceFS(all, names)
	line := fsys.name(src.Name, src.Text)
	name := fsys.shownAs(src.Name)
	defer maps.Copy(texts, fsys.texts) // the files read, for sourceAt
	includes := &includeTracker{fsys: fsys}
	// The shipped headers come first for "..." so that lsl_protos.h is
	// always ours, even where a copy of the original CheckFence header lies
	// beside the C file.
	inc := append([]string{includeDir, ""}, opts.IncludeDirs...)
	sys := append(append([]string{}, opts.IncludeDirs...), includeDir)
	cfg := &cc.Config{
		ABI:             abi,
		FS:              fsys,
		IncludePaths:    inc,
		SysIncludePaths: sys,
		DefaultSizeT:    cc.ULong,
		DefaultPtrdiffT: cc.Long,
		DefaultWcharT:   cc.Int,
		// Macro expansion can grow exponentially; bound it.
		ExpansionLimit: 1 << 24,
		// Every file goes through sourceFS (see terminated and
		// readRegular).
		FSOnly:        true,
		PragmaHandler: includes.pragma,
		HasBuiltin:    func(name string) bool { return gccBuiltins[name] },
	}
	var defs strings.Builder
	defs.WriteString(predefined)
	defs.WriteString(hasMacros)
	for _, d := range opts.Defines {
		name, val, ok := strings.Cut(d, "=")
		if !ok {
			val = "1"
		}
		// as in the files, where a macro's body is a directive's text
		head := "#define " + name + " "
		val = markAtomic(head + val)[len(head):]
		fmt.Fprintf(&defs, "%s%s\n", head, renameHasOperators(val))
	}
	sources := []cc.Source{
		{Name: "<predefined>", Value: defs.String()},
		{Name: src.Name, Value: wrapSource(line, src.Text)},
		// cc's parser loops forever when a pointer declarator's
		// qualifier list runs into the end of the input (int *;} at the
		// end of a file): a final declaration ending in an identifier
		// stops it. For a correct program it declares an unused type.
		{Name: "<end>", Value: "typedef int __checkfence_end;\n"},
	}
	// Preprocessing errors (a missing header) end here: the parser does
	// not stop well after them. So do includes nested too deep and token
	// streams too deep for the parser (see nestScanner).
	check := &streamCheck{}
	err = cc.Preprocess(cfg, sources, check)
	switch {
	case includes.err != nil:
		return nil, nil, ErrorList{includes.err}
	case check.msg != "":
		return nil, nil, ErrorList{nestingError(check.msg, name, fsys)}
	case err != nil:
		errs := convertCCError(err, name)
		fsys.ifTokens(errs)
		fsys.includeErrors(errs, inc, sys)
		fsys.unmarkShown(errs)
		fsys.clampToEnd(errs)
		return nil, nil, errs
	}
	if opts.FenceSlots {
		if errs := lineDirectives(fsys); len(errs) > 0 {
			return nil, nil, errs
		}
	}
	// Parse alone first: type checking must not see a struct containing
	// itself (see selfContaining), nor what syntaxErrors finds.
	includes.reset()
	parsed, err := cc.Parse(cfg, sources)
	if err != nil {
		errs := convertCCError(err, name)
		fsys.unmarkShown(errs)
		fsys.clampToEnd(errs)
		fsys.typeArgBuiltins(errs)
		fsys.typeNameFirst(errs, opts.Defines)
		return nil, nil, errs
	}
	if errs := selfContaining(parsed); len(errs) > 0 {
		return nil, nil, errs
	}
	if errs := syntaxErrors(parsed); len(errs) > 0 {
		return nil, nil, errs
	}
	main := includes.main
	if text, ok := sources[1].Value.(string); ok {
		text, errs := dropEmptyMembers(parsed, rawText{adjustArrayParams(parsed, newRawText(text, main)), sourceOf(main)})
		if len(errs) > 0 {
			return nil, nil, errs
		}
		sources[1].Value = text
	}
	includes.reset()
	ast, err, crash := translate(cfg, sources)
	if err != nil || crash != nil {
		var errs ErrorList
		raw := map[*lsl.Error]string{}
		if crash != nil {
			errs = ErrorList{crashError(name, crash)}
		} else {
			errs, raw = convertCCErrorRaw(err, name)
		}
		fsys.unmarkShown(errs)
		fsys.clampToEnd(errs)
		positionCheckerErrors(errs, raw, crash != nil, cfg, sources, parsed, includes.reset)
		return nil, nil, errs
	}
	if errs := append(append(append(sizeErrors(ast), assignErrors(ast)...), shiftErrors(ast)...), append(append(atomicTypeErrors(ast), enumErrors(ast)...), duplicateMemberErrors(ast)...)...); len(errs) > 0 {
		return nil, nil, errs
	}
	fixes, errs = fixSizeofs(ast)
	if len(errs) > 0 {
		return nil, nil, errs
	}
	return ast, fixes, nil
}

// unsupportedByParser is the message for a construct cc's preprocessor
// or parser reports as an internal error at a position.
const unsupportedByParser = "construct not supported by the C parser"

// ccOrigin matches the " (check.go:638:sizeT:)" suffix cc appends to its
// messages to name its own source.
var ccOrigin = regexp.MustCompile(`\s*\([A-Za-z0-9_.]+\.go:\d+:[^()]*\)\s*$`)

// ccPos matches the "file:line:col: " prefix of a cc message.
var ccPos = regexp.MustCompile(`^(.+?):(\d+):(\d+): (.*)$`)

func convertCCError(err error, file string) ErrorList {
	out, _ := convertCCErrorRaw(err, file)
	return out
}

// convertCCErrorRaw is convertCCError that also returns, for each error
// without a position, cc's line it comes from.
func convertCCErrorRaw(err error, file string) (ErrorList, map[*lsl.Error]string) {
	var out ErrorList
	raw := map[*lsl.Error]string{}
	for _, line := range strings.Split(err.Error(), "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		for {
			s := ccOrigin.ReplaceAllString(line, "")
			if s == line {
				break
			}
			line = s
		}
		if m := ccPos.FindStringSubmatch(line); m != nil {
			ln, _ := strconv.Atoi(m[2])
			col, _ := strconv.Atoi(m[3])
			out = append(out, &lsl.Error{Pos: lsl.Pos{File: m[1], Line: ln, Col: col}, Msg: m[4]})
		} else {
			e := &lsl.Error{Pos: lsl.Pos{File: file}, Msg: line}
			raw[e] = line
			out = append(out, e)
		}
		if len(out) >= maxErrors {
			break
		}
	}
	// cc reports some constructs its checker does not handle as "internal
	// error: …" or "TODO …" without a position, often beside the real,
	// positioned, error. Alone, they are reworded: they are about the
	// program, not about a bug here.
	positioned := false
	for _, e := range out {
		positioned = positioned || e.Pos.Line > 0
	}
	w := 0
	for _, e := range out {
		detail, internal := strings.CutPrefix(e.Msg, "TODO ")
		if i := strings.Index(e.Msg, "internal error: "); i >= 0 {
			detail, internal = e.Msg[i+len("internal error: "):], true
		}
		if internal {
			if e.Pos.Line == 0 && positioned {
				continue
			}
			// (without the Go package of cc's node types)
			e.Msg = "construct not supported by the C type checker (" + strings.NewReplacer("*cc.", "", "cc.", "").Replace(detail) + ")"
			if m := initMismatch.FindStringSubmatch(detail); m != nil {
				e.Msg = fmt.Sprintf("incompatible types when initializing %s using %s", m[1], m[2])
			}
			if strings.Contains(detail, "DeclarationSpecifiers") && strings.Contains(detail, "TypeSpecifierTypeofType") {
				// cc types __typeof__(T) in a sizeof or a cast, not in a
				// declaration's specifiers
				e.Msg = "__typeof__ of a type name is not supported in a declaration: write the type itself (__typeof__ of an expression is read)"
			}
		}
		if e.Msg == "internal error" && e.Pos.Line > 0 {
			// cc's word for a token it cannot place (in a #if: see
			// ifTokens)
			e.Msg = unsupportedByParser
		}
		e.Msg = hasOperatorNames.Replace(e.Msg)
		if e.Msg == "assertion failed:" {
			e.Msg = "static assertion failed" // gcc's words; no message given
		}
		out[w] = e
		w++
	}
	out = out[:w]
	// Errors in the sources the front end adds are consequences of errors
	// in the program's.
	w = 0
	for _, e := range out {
		if e.Pos.File != "<end>" || w == 0 && e == out[len(out)-1] {
			out[w] = e
			w++
		}
	}
	out = out[:w]
	for _, e := range out {
		if e.Pos.File == "<end>" {
			// the program ended where it could not: say so at its end
			// (clampToEnd puts the position on its last line)
			e.Pos = lsl.Pos{File: file, Line: math.MaxInt32, Col: 1}
			e.Msg = strings.Replace(e.Msg, "unexpected 'typedef'", "unexpected end of file", 1)
			e.Msg = strings.Replace(e.Msg, "unexpected <EOF>", "unexpected end of file", 1)
		}
	}
	if len(out) == 0 {
		out = ErrorList{{Pos: lsl.Pos{File: file}, Msg: err.Error()}}
	}
	return out, raw
}

// AsErrorList returns the positioned errors of an error returned by
// Compile.
func AsErrorList(err error) ErrorList {
	var l ErrorList
	if errors.As(err, &l) {
		return l
	}
	return nil
}
