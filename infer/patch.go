package infer

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// Patch returns a unified diff that inserts the fences into the C files
// they belong to (read with read), as lsl_fence calls: on a line of their
// own before the statement (or closing brace) at the slot, indented like
// the code around it, or in the line when something precedes it there
// (after a blank, should that be a name: the use of a macro). A
// file that does not include lsl_protos.h gets the include (after a byte
// order mark the file starts with: the mark stays first). Paths are the
// files' names relative to the working directory (PatchPath), prefixed a/
// and b/, so that patch -p1 applies the diff from there.
func Patch(fences []Candidate, read func(file string) ([]byte, error)) ([]byte, error) {
	byFile := map[string][]Candidate{}
	for _, f := range fences {
		byFile[f.Pos.File] = append(byFile[f.Pos.File], f)
	}
	var out bytes.Buffer
	for _, file := range slices.Sorted(maps.Keys(byFile)) {
		src, err := read(file)
		if err != nil {
			return nil, err
		}
		edits, err := fenceEdits(file, src, byFile[file])
		if err != nil {
			return nil, err
		}
		name, err := PatchPath(file)
		if err != nil {
			return nil, err
		}
		writeUnified(&out, name, splitLines(string(src)), edits)
	}
	return out.Bytes(), nil
}

// edit replaces old lines [at, at+del) with ins.
type edit struct {
	at, del int
	ins     []string
}

func splitLines(s string) []string {
	lines := strings.SplitAfter(s, "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// fenceEdits places the fences of one file.
func fenceEdits(file string, src []byte, fences []Candidate) ([]edit, error) {
	// cfront reads a file past its byte order mark, so the columns of
	// line 1 count from after it: the edits are made on the lines
	// without it, and the mark is put back at the start of the new file
	// (below), not left after an include inserted above it.
	bom := bytes.HasPrefix(src, []byte(utf8BOM))
	src = bytes.TrimPrefix(src, []byte(utf8BOM))
	lines := splitLines(string(src))
	slices.SortStableFunc(fences, func(a, b Candidate) int {
		if c := comparePos(a.Pos, b.Pos); c != 0 {
			return c
		}
		return int(a.Kind) - int(b.Kind)
	})
	// inner: the end of a loop body given braces, inside them, which may
	// be where the statement after the loop starts (another slot)
	type slot struct {
		line, col int
		// open: for the end of a body given braces (inside them), the
		// body's start; such ends may share a column with each other
		// and with the statement after the loop
		openLine, openCol int
	}
	calls := map[slot][]string{}
	var order []slot
	add := func(s slot, text string) error {
		if s.line < 1 || s.line > len(lines) || s.col < 1 || s.col > len(lines[s.line-1]) {
			return fmt.Errorf("%s: fence slot %d:%d is outside the file (was it edited since?)", file, s.line, s.col)
		}
		if calls[s] == nil {
			order = append(order, s)
		}
		calls[s] = append(calls[s], text)
		return nil
	}
	// A slot of a loop body or an if's branch without braces
	// (Candidate.Brace) puts the braces around the body, in the line:
	// "{" before it, "}" after it.
	type body struct{ open, close slot }
	var bodies []body
	braced, after := map[slot]bool{}, map[slot]bool{}
	for _, f := range fences {
		s := slot{line: f.Pos.Line, col: f.Pos.Col}
		if f.Brace.Line > 0 {
			b := body{s, slot{f.Brace.Line, f.Brace.Col, f.Pos.Line, f.Pos.Col}}
			if comparePos(f.Brace, f.Pos) < 0 {
				s.openLine, s.openCol = f.Brace.Line, f.Brace.Col
				b.open, b.close = slot{line: f.Brace.Line, col: f.Brace.Col}, s
			}
			if !slices.Contains(bodies, b) {
				bodies = append(bodies, b)
				if err := add(b.open, "{"); err != nil {
					return nil, err
				}
			}
			braced[b.open], braced[b.close], after[b.close] = true, true, true
		}
		if err := add(s, fmt.Sprintf("lsl_fence(%q);", f.Kind.String())); err != nil {
			return nil, err
		}
	}
	for _, b := range bodies {
		if err := add(b.close, "}"); err != nil {
			return nil, err
		}
	}
	var edits []edit
	if !includesProtos.Match(src) {
		edits = append(edits, edit{at: 0, ins: []string{"#include \"lsl_protos.h\"" + lineEnd(lines, 0)}})
	}
	// slots on one line are edited together, from the right
	byLine := map[int][]slot{}
	for _, s := range order {
		byLine[s.line] = append(byLine[s.line], s)
	}
	for _, ln := range slices.Sorted(maps.Keys(byLine)) {
		text := lines[ln-1]
		indent := leadingSpace(text)
		ss := byLine[ln]
		if len(ss) == 1 && ss[0].col == len(indent)+1 && !braced[ss[0]] {
			// the slot starts the line: the fences go on lines before it
			ind := indent
			if text[ss[0].col-1] == '}' {
				ind = blockIndent(lines, ln, indent)
			}
			var ins []string
			for _, c := range calls[ss[0]] {
				ins = append(ins, ind+c+lineEnd(lines, ln-1))
			}
			edits = append(edits, edit{at: ln - 1, ins: ins})
			continue
		}
		slices.SortFunc(ss, func(a, b slot) int {
			if a.col != b.col {
				return b.col - a.col
			}
			// at one column the statement after the loop first, then
			// the bodies' ends from the outermost (the earliest start):
			// each insertion lands left of the ones before it
			if a.openLine != b.openLine {
				return a.openLine - b.openLine
			}
			return a.openCol - b.openCol
		})
		for _, s := range ss {
			if after[s] {
				text = text[:s.col-1] + " " + strings.Join(calls[s], " ") + text[s.col-1:]
			} else {
				sep := ""
				if s.col > 1 && isIdentByte(text[s.col-2]) {
					// the slot follows a name (of a macro cfront
					// could not see through): not joined to it
					sep = " "
				}
				text = text[:s.col-1] + sep + strings.Join(calls[s], " ") + " " + text[s.col-1:]
			}
		}
		edits = append(edits, edit{at: ln - 1, del: 1, ins: []string{text}})
	}
	if bom {
		edits = keepBOMFirst(edits, lines)
	}
	return edits, nil
}

const utf8BOM = "\ufeff"

// keepBOMFirst moves the byte order mark, which the edits (made on lines
// without it) leave out, to the start of the new file. The edits at line 1
// become one that replaces it (the diff's old line keeps the mark: it is
// given the file as read) with what goes there, the mark first: the lines
// inserted before line 1, then line 1 as edited or as it was.
func keepBOMFirst(edits []edit, lines []string) []edit {
	first := edit{at: 0, del: 1}
	var rest []edit
	del := 0
	for _, e := range edits {
		if e.at != 0 {
			rest = append(rest, e)
			continue
		}
		first.ins = append(first.ins, e.ins...)
		del = max(del, e.del)
	}
	if len(first.ins) == 0 {
		return edits
	}
	if del == 0 {
		first.ins = append(first.ins, lines[0])
	}
	first.ins[0] = utf8BOM + first.ins[0]
	return append([]edit{first}, rest...)
}

// lineEnd is the line ending of lines[i], for a line inserted before it:
// a file written with CRLF gets CRLF lines (a bare LF would mix the two).
// The last line may have none: then that of the line before it.
func lineEnd(lines []string, i int) string {
	for ; i >= 0; i-- {
		if strings.HasSuffix(lines[i], "\r\n") {
			return "\r\n"
		}
		if strings.HasSuffix(lines[i], "\n") {
			return "\n"
		}
	}
	return "\n"
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func leadingSpace(s string) string {
	return s[:len(s)-len(strings.TrimLeft(s, " \t"))]
}

// blockIndent is the indentation of the statements of a block closed on
// line ln (whose brace is indented by closing): that of the last nonblank
// line before it if deeper, else one level (a tab or four spaces) more.
func blockIndent(lines []string, ln int, closing string) string {
	for i := ln - 2; i >= 0; i-- {
		if strings.TrimSpace(lines[i]) == "" {
			continue
		}
		if in := leadingSpace(lines[i]); len(in) > len(closing) {
			return in
		}
		break
	}
	if strings.Contains(closing, "\t") {
		return closing + "\t"
	}
	return closing + "    "
}

// writeUnified writes the edits of one file as a unified diff with three
// lines of context.
func writeUnified(w *bytes.Buffer, file string, old []string, edits []edit) {
	if len(edits) == 0 {
		return
	}
	slices.SortStableFunc(edits, func(a, b edit) int { return a.at - b.at })
	// patch reads a name up to the first blank unless a TAB ends it (as
	// diff -u and git write it for a name with blanks)
	end := ""
	if strings.ContainsAny(file, " \t") {
		end = "\t"
	}
	fmt.Fprintf(w, "--- a/%s%s\n+++ b/%s%s\n", file, end, file, end)
	const ctx = 3
	for i := 0; i < len(edits); {
		// a hunk: edits whose contexts touch
		j := i + 1
		for j < len(edits) && edits[j].at-(edits[j-1].at+edits[j-1].del) <= 2*ctx {
			j++
		}
		start := max(edits[i].at-ctx, 0)
		end := min(edits[j-1].at+edits[j-1].del+ctx, len(old))
		var body []string
		oldN, newN := 0, 0
		pos := start
		for _, e := range edits[i:j] {
			for ; pos < e.at; pos++ {
				body = append(body, " "+old[pos])
				oldN++
				newN++
			}
			for k := 0; k < e.del; k++ {
				body = append(body, "-"+old[pos])
				pos++
				oldN++
			}
			for _, l := range e.ins {
				body = append(body, "+"+l)
				newN++
			}
		}
		for ; pos < end; pos++ {
			body = append(body, " "+old[pos])
			oldN++
			newN++
		}
		oldStart, newStart := start+1, start+1+shift(edits[:i])
		if oldN == 0 {
			oldStart--
		}
		fmt.Fprintf(w, "@@ -%d,%d +%d,%d @@\n", oldStart, oldN, newStart, newN)
		for _, l := range body {
			w.WriteString(l)
			if !strings.HasSuffix(l, "\n") {
				w.WriteString("\n\\ No newline at end of file\n")
			}
		}
		i = j
	}
}

// shift is how many lines the edits add.
func shift(edits []edit) int {
	n := 0
	for _, e := range edits {
		n += len(e.ins) - e.del
	}
	return n
}

// PatchPath is the name of a file in the diff: relative to the working
// directory, so that patch -p1 applies the diff from there (CLI.md). A
// file outside it has no such name (patch refuses "../" and absolute
// names): an error says to run from a directory above the file. Nor
// does patch write through a symbolic link ("not a regular file"), or
// through a link to a directory outside the working directory: a name
// that goes through a link is that of the file it leads to, when that
// is under the working directory, and an error otherwise.
func PatchPath(file string) (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	abs := file
	if !filepath.IsAbs(file) {
		abs = filepath.Join(wd, file)
	}
	rel, err := filepath.Rel(wd, abs)
	if err != nil {
		rel = abs
	}
	outsideErr := fmt.Errorf("%s: --patch: the file is outside the working directory, so patch -p1 cannot apply a diff to it from here; run the command from a directory above the file", file)
	real, err1 := filepath.EvalSymlinks(abs)
	realWd, err2 := filepath.EvalSymlinks(wd)
	if err1 != nil || err2 != nil {
		// a file that cannot be resolved is for the reading to report
		if outside(rel) {
			return "", outsideErr
		}
		return filepath.ToSlash(rel), nil
	}
	if !outside(rel) && real == filepath.Join(realWd, rel) {
		return filepath.ToSlash(rel), nil // no link on the way
	}
	// through a link (or from a working directory reached through one)
	if target, err := filepath.Rel(realWd, real); err == nil && !outside(target) {
		return filepath.ToSlash(target), nil
	}
	if outside(rel) {
		return "", outsideErr
	}
	return "", fmt.Errorf("%s: --patch: the file is %s, reached through a symbolic link, outside the working directory; patch -p1 writes neither through a link nor outside the directory, so run the command from a directory above %s", file, real, real)
}

// outside says whether a cleaned relative name leaves its directory.
func outside(rel string) bool {
	return filepath.IsAbs(rel) || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// includesProtos matches a line including lsl_protos.h (which declares
// lsl_fence); a mention elsewhere, in a comment, does not declare it.
var includesProtos = regexp.MustCompile(`(?m)^[ \t]*#[ \t]*include[ \t]*[<"]([^>"]*/)?lsl_protos\.h[>"]`)
