package infer

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"checkfence/lsl"
)

// NameMacro makes an Impossible result's reason name the macro, when the
// accesses that no fence slot separates (Result.Unseparated) are of one
// expansion of a macro: all the statements of an expansion have the
// position of the macro's use, and the C text has no place between them
// for a fence, but the macro's definition has. It says which macro, where
// it is used and defined, and which fence its definition needs. The
// definition is looked for in the file of the use and in the files it
// includes with "..." (beside it, then in includeDirs), as read reads
// them; a use whose macro is not found there is left as it was. No
// placement is found all the same: the verdict stays Impossible.
func (r *Result) NameMacro(read func(string) ([]byte, error), includeDirs []string) {
	u := r.Unseparated
	if r.Verdict != Impossible || u == nil {
		return
	}
	a, b := u.Before, u.After
	if a.Stmt == nil || b.Stmt == nil {
		return
	}
	pos := a.Stmt.Position()
	if pos != b.Stmt.Position() || pos.Line < 1 {
		return
	}
	src, err := read(pos.File)
	if err != nil {
		return
	}
	name := identAt(string(src), pos)
	if name == "" {
		return
	}
	def, ok := findDefine(read, pos.File, name, includeDirs, map[string]bool{})
	if !ok {
		return
	}
	kind := fenceBetween(a.Store, b.Store)
	r.Why = fmt.Sprintf("%s fails in an execution that reorders two accesses of one expansion of the macro %s (used at %s, defined at %s): "+
		"no fence slot of the C text separates them, and a patch cannot put a fence inside an expansion; "+
		"a %s fence between them in the definition of %s, added by hand, would forbid this reordering", u.Test, name, pos, def, kind, name)
}

// fenceBetween is the fence kind that orders an access before one after,
// given whether each is a store.
func fenceBetween(before, after bool) lsl.FenceKind {
	switch {
	case before && after:
		return lsl.StoreStore
	case before:
		return lsl.StoreLoad
	case after:
		return lsl.LoadStore
	}
	return lsl.LoadLoad
}

// identAt returns the identifier that starts at pos in text, or "".
func identAt(text string, pos lsl.Pos) string {
	lines := strings.SplitAfter(text, "\n")
	if pos.Line > len(lines) {
		return ""
	}
	line := lines[pos.Line-1]
	if pos.Col < 1 || pos.Col > len(line) {
		return ""
	}
	rest := line[pos.Col-1:]
	n := 0
	for n < len(rest) && isIdentByte(rest[n]) {
		n++
	}
	if n == 0 || rest[0] >= '0' && rest[0] <= '9' {
		return ""
	}
	return rest[:n]
}

var includeQuoted = regexp.MustCompile(`(?m)^[ \t]*#[ \t]*include[ \t]*"([^"]+)"`)

// findDefine returns where name is #defined in file or in a file it
// includes with "..." (seen: the files looked at).
func findDefine(read func(string) ([]byte, error), file, name string, includeDirs []string, seen map[string]bool) (lsl.Pos, bool) {
	if seen[file] {
		return lsl.Pos{}, false
	}
	seen[file] = true
	src, err := read(file)
	if err != nil {
		return lsl.Pos{}, false
	}
	define := regexp.MustCompile(`(?m)^[ \t]*#[ \t]*define[ \t]+(` + regexp.QuoteMeta(name) + `)\b`)
	if m := define.FindSubmatchIndex(src); m != nil {
		line := 1 + strings.Count(string(src[:m[2]]), "\n")
		col := m[2] - (strings.LastIndexByte(string(src[:m[2]]), '\n') + 1) + 1
		return lsl.Pos{File: file, Line: line, Col: col}, true
	}
	for _, m := range includeQuoted.FindAllStringSubmatch(string(src), -1) {
		for _, dir := range append([]string{filepath.Dir(file)}, includeDirs...) {
			inc := filepath.Join(dir, m[1])
			if _, err := read(inc); err != nil {
				continue
			}
			if p, ok := findDefine(read, inc, name, includeDirs, seen); ok {
				return p, true
			}
			break
		}
	}
	return lsl.Pos{}, false
}
