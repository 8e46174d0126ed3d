package cfront

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	"modernc.org/cc/v4"

	"checkfence/lsl"
)

// maxFileSize bounds every C file and header read from disk, in bytes. A
// variable so that tests can lower it.
var maxFileSize int64 = 16 << 20

// maxIncludeDepth bounds the nesting of #include, as gcc's: deeper means a
// file that includes itself, directly or through others.
const maxIncludeDepth = 200

// maxIncludes bounds the #includes executed in one translation unit:
// headers that each include the next twice, without guards, are included
// exponentially often without nesting deep. A variable for tests.
var maxIncludes = 1 << 16

// readRegular reads a C file from disk: a regular file of at most
// maxFileSize bytes. It opens without blocking, so that a FIFO is refused
// instead of waiting for a writer, and never reads past the limit, so that
// a device such as /dev/zero is refused instead of read forever.
func readRegular(name string) (string, error) {
	f, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return "", openError(name, err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return "", err
	}
	if !info.Mode().IsRegular() {
		return "", fmt.Errorf("%s is %s, not a regular file", name, fileKind(info.Mode()))
	}
	tooLarge := fmt.Errorf("%s is larger than %s", name, sizeString(maxFileSize))
	if info.Size() > maxFileSize {
		return "", tooLarge
	}
	b, err := io.ReadAll(io.LimitReader(f, maxFileSize+1))
	if err != nil {
		return "", err
	}
	if int64(len(b)) > maxFileSize {
		return "", tooLarge
	}
	return string(b), nil
}

// openError says why a file could not be opened. A missing file stays
// fs.ErrNotExist (an #include then tries the next directory).
func openError(name string, err error) error {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return err
	case errors.Is(err, syscall.ENOTDIR): // a/b.h where a is a file
		return &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	case errors.Is(err, syscall.ELOOP):
		return fmt.Errorf("%s: symlink loop (too many levels of symbolic links)", name)
	case errors.Is(err, fs.ErrPermission):
		return fmt.Errorf("%s: permission denied", name)
	}
	return err
}

// fileKind names the kind of a file that is not a regular one.
func fileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	}
	return "not a regular file"
}

func sizeString(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

// absMarker stands before an absolute #include name. cc joins every
// include name to a search directory (filepath.Join("/dir", "/abs/x.h")
// is "/dir/abs/x.h"), so markAbsIncludes rewrites #include "/abs/x.h" to
// #include "/$checkfence/abs/abs/x.h", and sourceFS.Open takes whatever
// follows the marker, wherever cc joined it, as the absolute path.
const absMarker = "/$checkfence/abs"

// markAbsIncludes marks the absolute names of the #include directives of
// a source text. Only the characters of the name change.
func markAbsIncludes(text string) string {
	if !strings.Contains(text, "include") {
		return text
	}
	lines := strings.SplitAfter(text, "\n")
	changed := false
	for i, ln := range lines {
		j := directiveArg(ln)
		if j < 0 || j+1 >= len(ln) || ln[j+1] != '/' {
			continue
		}
		lines[i] = ln[:j+1] + absMarker + ln[j+1:]
		changed = true
	}
	if !changed {
		return text
	}
	return strings.Join(lines, "")
}

// directiveArg returns the index of the opening " or < of the name in an
// #include or #include_next line, or -1.
func directiveArg(ln string) int {
	s := strings.TrimLeft(ln, " \t")
	if !strings.HasPrefix(s, "#") {
		return -1
	}
	s = strings.TrimLeft(s[1:], " \t")
	switch {
	case strings.HasPrefix(s, "include_next"):
		s = s[len("include_next"):]
	case strings.HasPrefix(s, "include"):
		s = s[len("include"):]
	default:
		return -1
	}
	s = strings.TrimLeft(s, " \t")
	if s == "" || s[0] != '"' && s[0] != '<' {
		return -1
	}
	return len(ln) - len(s)
}

// unmarkAbs returns the file an include candidate names: the absolute path
// after absMarker, or name itself.
func unmarkAbs(name string) string {
	if i := strings.Index(name, absMarker+"/"); i >= 0 {
		return name[i+len(absMarker):]
	}
	return name
}

// The pragmas wrapSource puts around every source, which includeTracker
// handles.
const (
	enterPragma = "__checkfence_enter"
	exitPragma  = "__checkfence_exit"
)

// wrapSource prepares a source text for cc: newline-terminated (see
// terminated), absolute includes marked, _Atomic marked (markAtomic), the
// __has_ operators renamed (renameHasOperators), and between an enter and
// an exit pragma that let includeTracker follow the nesting of #include (cc does
// not bound it). A #line directive after the enter pragma keeps the line
// numbers and names the file as display, so that positions and the
// directory of "..." includes are those of the file itself.
func wrapSource(display, text string) string {
	text = renameHasOperators(blankAsmInline(markAtomic(markAbsIncludes(terminated(strings.TrimPrefix(text, "\ufeff"))))))
	line := "#line 1\n"
	if !strings.ContainsAny(display, "\"\\\n\r") { // cc does not unescape it
		line = "#line 1 \"" + display + "\"\n"
	}
	return "#pragma " + enterPragma + "\n" + line + text + "#pragma " + exitPragma + "\n"
}

// sourceFS serves the shipped headers, the in-memory sources and, under
// the limits of readRegular, files from disk. Every file goes through it
// (cc.Config.FSOnly).
type sourceFS struct {
	mem map[string]string
	// texts holds the text of every file served, by the name its
	// positions carry, and served lists them in order: for the place of a
	// limit exceeded.
	texts  map[string]string
	served []string
	// failures records why a file could not be read, by its path, when
	// it exists: cc reports any failed #include as "not found", and
	// includeErrors puts the reason back.
	failures map[string]error
	// names gives each file one name in positions (fileNames); shown
	// is that name by the path the file was read as
	names *fileNames
	shown map[string]string
	lines map[string]string // shown by #line name, where they differ
}

func newSourceFS(srcs []Source, names *fileNames) *sourceFS {
	s := &sourceFS{mem: map[string]string{}, texts: map[string]string{}, failures: map[string]error{}, names: names, shown: map[string]string{}, lines: map[string]string{}}
	for _, src := range srcs {
		s.mem[path.Clean(src.Name)] = src.Text
	}
	return s
}

func (s *sourceFS) Open(name string) (fs.File, error) {
	real := unmarkAbs(name)
	var text string
	if rest, ok := strings.CutPrefix(name, includeDir+"/"); ok && real == name {
		b, err := fs.ReadFile(includeFS, "include/"+rest)
		if err != nil {
			return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
		}
		text = string(b)
	} else if t, ok := s.mem[path.Clean(real)]; ok {
		text = t
	} else {
		t, err := readRegular(real)
		if err != nil {
			if !errors.Is(err, fs.ErrNotExist) {
				s.failures[real] = err
			}
			return nil, err
		}
		text = t
	}
	text = wrapSource(s.name(real, text), text)
	return &memFile{name: name, r: strings.NewReader(text), size: int64(len(text))}, nil
}

// name records the text of the file read as path, under the name its
// positions carry, and returns the name for its #line (fileNames.display).
func (s *sourceFS) name(path, text string) string {
	shown, line := s.names.display(path)
	s.shown[path] = shown
	if line != shown {
		s.lines[line] = shown
	}
	s.record(shown, text)
	return line
}

// unmarkShown puts back in cc's errors the names positions carry where a
// #line name has another (lineName).
func (s *sourceFS) unmarkShown(errs ErrorList) {
	for _, e := range errs {
		e.Pos.File = shownName(e.Pos.File)
		for line, shown := range s.lines {
			e.Msg = strings.ReplaceAll(e.Msg, line, shown)
		}
	}
}

// shownAs is the name in positions of the file read as path.
func (s *sourceFS) shownAs(path string) string {
	if name, ok := s.shown[path]; ok {
		return name
	}
	return path
}

func (s *sourceFS) record(name, text string) {
	if _, ok := s.texts[name]; !ok {
		s.served = append(s.served, name)
	}
	s.texts[name] = text
}

// clampToEnd moves errors that wrapSource's closing pragma line puts after
// the end of a file (an #if without #endif) to the end of its last line.
func (s *sourceFS) clampToEnd(errs ErrorList) {
	for _, e := range errs {
		text, ok := s.texts[e.Pos.File]
		if !ok {
			continue
		}
		text = terminated(text)
		n := strings.Count(text, "\n")
		if e.Pos.Line > n {
			last := text[:len(text)-1]
			last = last[strings.LastIndex(last, "\n")+1:]
			e.Pos.Line, e.Pos.Col = n, len(last)+1
		}
	}
}

// typeArgBuiltins rewrites cc's parse error at the '(' of a call whose
// first argument is a type, which only GNU builtins take
// (__builtin_types_compatible_p(int, long)), to name the builtin, as the
// translator names the other builtins it does not read.
func (s *sourceFS) typeArgBuiltins(errs ErrorList) {
	for _, e := range errs {
		if e.Msg != "unexpected '(', expected postfix expression" {
			continue
		}
		line, ok := lineOf(s.texts[e.Pos.File], e.Pos.Line)
		if !ok || e.Pos.Col < 1 || e.Pos.Col > len(line) || line[e.Pos.Col-1] != '(' {
			continue // from a macro's body
		}
		before := strings.TrimRight(line[:e.Pos.Col-1], " \t")
		start := len(before)
		for start > 0 && isIdentByte(before[start-1]) {
			start--
		}
		if name := before[start:]; strings.HasPrefix(name, "__builtin_") {
			e.Pos.Col = start + 1
			e.Msg = name + " is not supported"
		}
	}
}

// typeNameFirst names the construct in cc's parse errors on type names
// cc does not read, which gcc does, and where the mark of an _Atomic from
// a macro's body lands (markAtomic):
//   - typeof and _Alignas of a type name whose first token is no type
//     specifier: __typeof__(const int), and with #define A _Atomic,
//     __typeof__(A int);
//   - a pointer's qualifier list, which takes no attribute after a
//     qualifier, as the mark is in #define A _Atomic, int * A p: refused
//     as the _Atomic written there is (syntaxErrors).
func (s *sourceFS) typeNameFirst(errs ErrorList, defines []string) {
	for _, e := range errs {
		line, ok := lineOf(s.texts[e.Pos.File], e.Pos.Line)
		if !ok || e.Pos.Col < 1 || e.Pos.Col > len(line) {
			continue
		}
		at := line[e.Pos.Col-1:]
		op := tokenAt(at)
		switch e.Msg {
		case "unexpected 'typeof', expected type specifier", "unexpected '_Alignas', expected alignment specifier":
			if !typeSpecifierFirst[op] {
				continue // from a macro's body
			}
			rest := strings.TrimLeft(at[len(op):], " \t")
			if !strings.HasPrefix(rest, "(") {
				continue
			}
			first := tokenAt(strings.TrimLeft(rest[1:], " \t"))
			switch {
			case qualifierKeywords[first] || first == "_Atomic":
				e.Msg = fmt.Sprintf("%s of a type name that starts with %s is not supported: write the type specifiers first, as in %s(int %s)", op, first, op, first)
			case isCIdent(first) && !cKeywords[first]:
				e.Msg = fmt.Sprintf("%s of a type name that starts, once %s is expanded, with _Atomic, a qualifier or an attribute is not supported: write the type specifiers first, as in %s(int const)", op, first, op)
			}
		case "unexpected '__attribute__', expected type qualifier":
			if isCIdent(op) && s.atomicMacro(op, defines) {
				e.Msg = "an _Atomic pointer written T * _Atomic p is not supported: write _Atomic(T *) p"
			}
		}
	}
}

// atomicMacro reports whether one of the files, or a -D, defines name as
// a macro whose body starts with _Atomic.
func (s *sourceFS) atomicMacro(name string, defines []string) bool {
	for _, d := range defines {
		if n, val, ok := strings.Cut(d, "="); ok && n == name && tokenAt(strings.TrimLeft(val, " \t")) == "_Atomic" {
			return true
		}
	}
	found := false
	for _, text := range s.texts {
		if !strings.Contains(text, name) {
			continue
		}
		var dirToks []string
		lastDir := 0
		scanDirTokens(text, func(tok string, _, _, _, dir int) bool {
			if dir != lastDir {
				dirToks, lastDir = dirToks[:0], dir
			}
			if dir == 0 {
				return true
			}
			dirToks = append(dirToks, tok)
			if len(dirToks) == 4 && dirToks[1] == "define" && dirToks[2] == name && tok == "_Atomic" {
				found = true
				return false
			}
			return true
		})
		if found {
			return true
		}
	}
	return false
}

// ifLine matches a #if or #elif line.
var ifLine = regexp.MustCompile(`^\s*#\s*(if|elif)\b`)

// ifTokens rewrites cc's messages on a token a #if expression cannot
// hold: "internal error" at it (a string literal), and the Go parser's
// words on a number that is no integer (1.0), in gcc's words.
func (s *sourceFS) ifTokens(errs ErrorList) {
	for _, e := range errs {
		switch {
		case e.Msg == unsupportedByParser:
			line, ok := lineOf(s.texts[e.Pos.File], e.Pos.Line)
			if !ok || e.Pos.Col < 1 || e.Pos.Col > len(line) || !ifLine.MatchString(line) {
				continue
			}
			e.Msg = fmt.Sprintf("token %s is not valid in preprocessor expressions", tokenAt(line[e.Pos.Col-1:]))
		case strings.HasPrefix(e.Msg, "strconv.Parse"):
			if _, num, ok := strings.Cut(e.Msg, "parsing "); ok {
				num, _, _ = strings.Cut(num, ":")
				e.Msg = fmt.Sprintf("%s is not an integer constant, as a preprocessor expression needs", num)
			}
		}
	}
}

// tokenAt returns the C token at the start of s, roughly: a string or
// character literal, an identifier or number, or one character.
func tokenAt(s string) string {
	if s == "" {
		return ""
	}
	if q := s[0]; q == '"' || q == '\'' {
		for i := 1; i < len(s); i++ {
			switch s[i] {
			case '\\':
				i++
			case q:
				return s[:i+1]
			}
		}
		return s
	}
	i := 0
	for i < len(s) && isIdentByte(s[i]) {
		i++
	}
	if i == 0 {
		_, n := utf8.DecodeRuneInString(s)
		i = n
	}
	return s[:i]
}

// lineOf returns line n (from 1) of text, without its newline.
func lineOf(text string, n int) (string, bool) {
	for i := 1; i < n; i++ {
		j := strings.IndexByte(text, '\n')
		if j < 0 {
			return "", false
		}
		text = text[j+1:]
	}
	if j := strings.IndexByte(text, '\n'); j >= 0 {
		text = text[:j]
	}
	return text, n >= 1
}

// includeErrors rewrites cc's "include file not found" where a candidate
// file exists but could not be read (a device, a FIFO, a directory, a
// symlink loop, a file over the size limit): the error then says what the
// file is. inc and sys are the search paths cc was given.
func (s *sourceFS) includeErrors(errs ErrorList, inc, sys []string) {
	const notFound = "include file not found: "
	for _, e := range errs {
		raw, ok := strings.CutPrefix(e.Msg, notFound)
		if !ok || len(raw) < 2 {
			continue
		}
		name := raw[1 : len(raw)-1]
		display := raw[:1] + unmarkAbs(name) + raw[len(raw)-1:]
		e.Msg = notFound + display
		dirs := sys
		if raw[0] == '"' {
			dirs = inc
		}
		for _, d := range dirs {
			if d == "" || d == "@" {
				d = filepath.Dir(e.Pos.File)
			}
			if err, ok := s.failures[unmarkAbs(filepath.ToSlash(filepath.Join(d, name)))]; ok {
				e.Msg = fmt.Sprintf("cannot include %s: %v", display, err)
				break
			}
		}
	}
}

// includeTracker follows the nesting of #include through the pragmas of
// wrapSource, and refuses nesting deeper than maxIncludeDepth: cc would
// include a file that includes itself until it runs out of time or
// memory. It also implements #pragma once.
type includeTracker struct {
	fsys  *sourceFS
	stack []string // the files open, outermost first
	count int      // files entered
	once  map[string]bool
	err   *lsl.Error
	// main is the main file's enter pragma, the first: its token
	// identifies the text cc read the file from (rawText).
	main cc.Token
}

// reset prepares for another pass of cc over the same sources.
func (t *includeTracker) reset() {
	t.stack, t.count, t.once, t.err, t.main = nil, 0, nil, nil, cc.Token{}
}

// pragma is the cc.Config.PragmaHandler.
func (t *includeTracker) pragma(toks []cc.Token) error {
	if len(toks) == 0 {
		return nil
	}
	switch toks[0].SrcStr() {
	case enterPragma:
		if t.count == 0 {
			t.main = toks[0]
		}
		// The enter pragma stands before the #line directive: its
		// position carries the name cc opened the file under.
		name := t.fsys.shownAs(unmarkAbs(toks[0].Position().Filename))
		if t.err != nil {
			return cc.SkipSource
		}
		if len(t.stack) >= maxIncludeDepth {
			t.err = t.tooDeep(name)
			return cc.SkipSource // stops the recursion
		}
		if t.count++; t.count > maxIncludes {
			parent := t.stack[len(t.stack)-1]
			t.err = &lsl.Error{Pos: includePos(parent, t.fsys.texts[parent], name),
				Msg: fmt.Sprintf("too many #include: more than %d files included", maxIncludes)}
			return cc.SkipSource
		}
		t.stack = append(t.stack, name)
	case exitPragma:
		if len(t.stack) > 0 {
			t.stack = t.stack[:len(t.stack)-1]
		}
	case "pack":
		// cc lays structs out at their members' alignment whatever the
		// pragma says
		if t.err == nil {
			pos := tokPos(toks[0])
			if pos.File == "_Pragma_" && len(t.stack) > 0 { // cc's name for _Pragma's text
				pos = t.pragmaPos(pragmaPackString)
			}
			t.err = &lsl.Error{Pos: pos, Msg: "#pragma pack is not supported: members are laid out at their natural alignment here"}
		}
	case "weak":
		// as __attribute__((weak)) (see refusedAttributes)
		if t.err == nil {
			pos := tokPos(toks[0])
			if pos.File == "_Pragma_" && len(t.stack) > 0 {
				pos = t.pragmaPos(pragmaWeakString)
			}
			t.err = &lsl.Error{Pos: pos, Msg: "#pragma weak is not supported: " + refusedAttributes["weak"]}
		}
	case "once":
		name := shownName(toks[0].Position().Filename) // one file, whatever its path
		if t.once[name] {
			// The rest of the file, its exit pragma included, is
			// skipped.
			if len(t.stack) > 0 {
				t.stack = t.stack[:len(t.stack)-1]
			}
			return cc.SkipSource
		}
		if t.once == nil {
			t.once = map[string]bool{}
		}
		t.once[name] = true
	}
	return nil
}

// pragmaPos finds the _Pragma("pack…") (the string's pattern) that ran, whose tokens cc
// places in a file of their own: the first in the file being read, else
// in the files read before (a macro's body), else the file being read.
func (t *includeTracker) pragmaPos(pattern *regexp.Regexp) lsl.Pos {
	cur := t.stack[len(t.stack)-1]
	// A _Pragma whose operand a macro makes (#define P(x) _Pragma(#x)):
	// the first, if no literal matches.
	var made lsl.Pos
	for _, name := range append([]string{cur}, t.fsys.served...) {
		var pos lsl.Pos
		var prev [2]string
		var prevPos lsl.Pos
		scanDirTokens(t.fsys.texts[name], func(tok string, _, line, col, _ int) bool {
			if prev[0] == "_Pragma" && prev[1] == "(" && pattern.MatchString(tok) {
				pos = prevPos
				return false
			}
			if prev[0] == "_Pragma" && prev[1] == "(" && !strings.HasPrefix(strings.TrimLeft(tok, "LuU8"), "\"") && made.Line == 0 {
				made = prevPos
			}
			if tok == "_Pragma" {
				prevPos = lsl.Pos{File: name, Line: line, Col: col}
			}
			prev = [2]string{prev[1], tok}
			return true
		})
		if pos.Line > 0 {
			return pos
		}
	}
	if made.Line > 0 {
		return made
	}
	return lsl.Pos{File: cur}
}

// pragmaPackString matches the string literal of _Pragma("pack(1)").
var pragmaPackString = regexp.MustCompile(`^L?"\s*pack\b`)

// pragmaWeakString matches the string literal of _Pragma("weak x").
var pragmaWeakString = regexp.MustCompile(`^L?"\s*weak\b`)

// tooDeep is the error for including name beyond maxIncludeDepth: at the
// #include in the file that includes it, naming the cycle if there is one.
func (t *includeTracker) tooDeep(name string) *lsl.Error {
	parent := t.stack[len(t.stack)-1]
	msg := fmt.Sprintf("#include nested more than %d levels deep", maxIncludeDepth)
	for i := len(t.stack) - 1; i >= 0; i-- {
		if t.stack[i] == name {
			chain := append(append([]string{}, t.stack[i:]...), name)
			for j, c := range chain {
				chain[j] = path.Base(c)
			}
			msg += " (file includes itself?): " + strings.Join(chain, " includes ")
			break
		}
	}
	return &lsl.Error{Pos: includePos(parent, t.fsys.texts[parent], name), Msg: msg}
}

// includePos finds the #include of child in the text of parent: the
// position of its name, as cc reports include errors. Without one found,
// the position is the file's.
func includePos(parent, text, child string) lsl.Pos {
	pos := lsl.Pos{File: parent}
	for i, ln := range strings.Split(text, "\n") {
		j := directiveArg(ln)
		if j < 0 {
			continue
		}
		end := strings.IndexAny(ln[j+1:], "\">")
		if end < 0 {
			continue
		}
		nm := ln[j+1 : j+1+end]
		if nm == child || path.Base(nm) == path.Base(child) {
			return lsl.Pos{File: parent, Line: i + 1, Col: j + 1}
		}
	}
	return pos
}

type memFile struct {
	name string
	r    *strings.Reader
	size int64
}

func (f *memFile) Stat() (fs.FileInfo, error) { return memInfo{f}, nil }
func (f *memFile) Read(b []byte) (int, error) { return f.r.Read(b) }
func (f *memFile) Close() error               { return nil }

type memInfo struct{ f *memFile }

func (i memInfo) Name() string       { return path.Base(i.f.name) }
func (i memInfo) Size() int64        { return i.f.size }
func (i memInfo) Mode() fs.FileMode  { return 0o444 }
func (i memInfo) ModTime() time.Time { return time.Time{} }
func (i memInfo) IsDir() bool        { return false }
func (i memInfo) Sys() any           { return nil }

// blankAsmInline blanks GNU C's asm inline qualifier (asm inline
// volatile("mfence")), a hint about the asm's size for inlining, which
// cc's type checker refuses without a position: the statement is then
// read as any asm is (asm.go). Columns do not move.
func blankAsmInline(text string) string {
	if !strings.Contains(text, "inline") {
		return text
	}
	var b []byte
	afterAsm, prevDir := false, 0
	scanDirTokens(text, func(tok string, off, _, _, dir int) bool {
		if dir != prevDir { // a directive's tokens qualify nothing outside it
			afterAsm, prevDir = false, dir
		}
		switch {
		case tok == "asm" || tok == "__asm__" || tok == "__asm":
			afterAsm = true
			return true
		case afterAsm && (tok == "inline" || tok == "__inline__" || tok == "__inline"):
			if b == nil {
				b = []byte(text)
			}
			copy(b[off:], strings.Repeat(" ", len(tok)))
			return true
		case afterAsm && (tok == "volatile" || tok == "__volatile__" || tok == "__volatile" || tok == "goto"):
			return true
		}
		afterAsm = false
		return true
	})
	if b == nil {
		return text
	}
	return string(b)
}
