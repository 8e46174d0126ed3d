package cfront

import (
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"sync"

	"modernc.org/cc/v4"
	"modernc.org/token"

	"checkfence/lsl"
)

// cc's type checker reports some constructs without a position ("internal
// error: PrimaryExpressionString", "TODO *cc.FunctionType") and crashes on
// others. Where the front end does not refuse them first (syntaxErrors),
// locate finds the place by checking prefixes of the file: the error is
// in the first top-level declaration, and within a function definition
// in the first statement of its body, whose prefix shows it.

// cutPoint is a place of the main file where a prefix may end.
type cutPoint struct {
	pos token.Position
	off int // in the wrapped text
}

// cutPoints returns the starts, in wrapped (the file's text as wrapSource
// gives it, its positions carrying name), of the nodes that come from the
// file, in order; nodes from other files or out of order are left out.
func cutPoints(wrapped, name string, ps []token.Position) []cutPoint {
	const head = 2 // wrapSource's lines before the file's first
	lineStart := []int{0}
	for i := 0; i < len(wrapped); i++ {
		if wrapped[i] == '\n' {
			lineStart = append(lineStart, i+1)
		}
	}
	var out []cutPoint
	for _, p := range ps {
		i := p.Line - 1 + head
		if p.Filename != name || p.Line < 1 || i >= len(lineStart) || p.Column < 1 {
			continue
		}
		off := lineStart[i] + p.Column - 1
		if off > len(wrapped) || len(out) > 0 && off <= out[len(out)-1].off {
			continue
		}
		out = append(out, cutPoint{p, off})
	}
	return out
}

// locate returns the position of the first declaration (or statement of a
// function body) of the main file after which a prefix of wrapped makes
// fails true; fails is true of the whole text. It reports false where no
// prefix shows it.
func locate(parsed *cc.AST, name, wrapped string, fails func(text string) bool) (lsl.Pos, bool) {
	tail := "\n#pragma " + exitPragma + "\n"
	var decls []token.Position
	var nodes []*cc.ExternalDeclaration
	for tu := parsed.TranslationUnit; tu != nil; tu = tu.TranslationUnit {
		if ed := tu.ExternalDeclaration; ed != nil {
			decls = append(decls, ed.Position())
			nodes = append(nodes, ed)
		}
	}
	cuts := cutPoints(wrapped, name, decls)
	if len(cuts) == 0 {
		return lsl.Pos{}, false
	}
	// prefix(k): the text up to the start of cut k+1 (all of it for the
	// last).
	prefix := func(k int, end string) string {
		if k+1 < len(cuts) {
			return wrapped[:cuts[k+1].off] + end + tail
		}
		return wrapped
	}
	k := sort.Search(len(cuts), func(k int) bool { return fails(prefix(k, "")) })
	if k == len(cuts) {
		return lsl.Pos{}, false
	}
	pos := convPos(cuts[k].pos)
	// Within a function definition, the statement.
	var def *cc.FunctionDefinition
	for i, d := range decls {
		if d == cuts[k].pos && nodes[i].Case == cc.ExternalDeclarationFuncDef {
			def = nodes[i].FunctionDefinition
		}
	}
	if def == nil || def.CompoundStatement == nil {
		return pos, true
	}
	var items []token.Position
	open := def.CompoundStatement.Token.Position()
	for l := def.CompoundStatement.BlockItemList; l != nil; l = l.BlockItemList {
		// (cc puts its declaration of __func__ at the '{')
		if l.BlockItem != nil && l.BlockItem.Position() != open {
			items = append(items, l.BlockItem.Position())
		}
	}
	stmts := cutPoints(wrapped, name, items)
	if len(stmts) == 0 || stmts[0].off <= cuts[k].off || k+1 < len(cuts) && stmts[len(stmts)-1].off >= cuts[k+1].off {
		return pos, true
	}
	// upTo(j): the function up to the start of statement j+1, closed
	// (j = -1: its head alone).
	upTo := func(j int) string {
		if j+1 < len(stmts) {
			return wrapped[:stmts[j+1].off] + "\n}\n" + tail
		}
		return prefix(k, "")
	}
	if fails(upTo(-1)) {
		return pos, true
	}
	j := sort.Search(len(stmts), func(j int) bool { return fails(upTo(j)) })
	if j == len(stmts) {
		return pos, true
	}
	return convPos(stmts[j].pos), true
}

// initMismatch matches cc's report of an initializer of another type
// than the object's.
var initMismatch = regexp.MustCompile(`<- val .*, t (.+), exprT (.+)$`)

// quietStderr sends what cc writes to the process's standard error (its
// debug traces, "check.go:3730:check: TRC …") nowhere until the returned
// function is called; compilations running at once share it.
func quietStderr() (restore func()) {
	stderrMu.Lock()
	defer stderrMu.Unlock()
	if stderrUsers == 0 {
		null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
		if err != nil {
			return func() {}
		}
		savedStderr, os.Stderr = os.Stderr, null
	}
	stderrUsers++
	return func() {
		stderrMu.Lock()
		defer stderrMu.Unlock()
		if stderrUsers--; stderrUsers == 0 {
			os.Stderr.Close()
			os.Stderr = savedStderr
		}
	}
}

var (
	stderrMu    sync.Mutex
	stderrUsers int
	savedStderr *os.File
)

// translate runs cc's type checker, a crash of it being an error.
func translate(cfg *cc.Config, sources []cc.Source) (ast *cc.AST, err error, crash any) {
	defer func() {
		if r := recover(); r != nil {
			ast, err, crash = nil, nil, r
		}
	}()
	ast, err = cc.Translate(cfg, sources)
	return ast, err, nil
}

// positionCheckerErrors gives the errors of errs that have no position
// (raw holds cc's line for each; crash says errs is a crash's) the place
// locate finds, translating prefixes of the main file, sources[1], whose
// positions carry line. reset prepares the configuration for another run.
func positionCheckerErrors(errs ErrorList, raw map[*lsl.Error]string, crash bool, cfg *cc.Config, sources []cc.Source, parsed *cc.AST, line string, reset func()) {
	wrapped, ok := sources[1].Value.(string)
	if !ok {
		return
	}
	run := func(text string) (error, any) {
		srcs := append([]cc.Source(nil), sources...)
		srcs[1].Value = text
		reset()
		_, err, crash := translate(cfg, srcs)
		return err, crash
	}
	for _, e := range errs {
		if e.Pos.Line > 0 || !crash && raw[e] == "" {
			continue
		}
		want := raw[e]
		pos, ok := locate(parsed, line, wrapped, func(text string) bool {
			err, crashed := run(text)
			if crash {
				return crashed != nil
			}
			return err != nil && strings.Contains(err.Error(), want)
		})
		if ok {
			e.Pos = pos
		}
	}
}

// crashError is the error of a crash of cc's checker.
func crashError(file string, r any) *lsl.Error {
	return &lsl.Error{Pos: lsl.Pos{File: file}, Msg: fmt.Sprintf("construct not supported by the C type checker (it failed: %v)", r)}
}
