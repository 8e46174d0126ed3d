package cfront

import (
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"sync"

	"modernc.org/cc/v4"

	"checkfence/lsl"
)

// cc's type checker reports some constructs without a position ("internal
// error: PrimaryExpressionString", "TODO *cc.FunctionType") and crashes on
// others. Where the front end does not refuse them first (syntaxErrors),
// locate finds the place by checking prefixes of the translation unit,
// preprocessed (so that declarations of headers, and lines a #line
// renumbers, are cut as those of the file): the error is in the first
// top-level declaration, and within a function definition in the first
// statement of its body, whose prefix shows it.

// unit is a translation unit twice: parsed from its files, which give the
// positions, and from its preprocessed text, whose offsets cut it.
type unit struct {
	parsed, pp *cc.AST
	text       string // preprocessed
}

// topLevel returns the top-level declarations of ast that are not the
// front end's <end>.
func topLevel(ast *cc.AST) []*cc.ExternalDeclaration {
	var out []*cc.ExternalDeclaration
	for tu := ast.TranslationUnit; tu != nil; tu = tu.TranslationUnit {
		if ed := tu.ExternalDeclaration; ed != nil && ed.Position().Filename != "<end>" {
			out = append(out, ed)
		}
	}
	return out
}

// bodyItems returns the statements and declarations of def's body (cc
// puts its declaration of __func__ at the '{': left out).
func bodyItems(def *cc.FunctionDefinition) []*cc.BlockItem {
	if def == nil || def.CompoundStatement == nil {
		return nil
	}
	var out []*cc.BlockItem
	open := def.CompoundStatement.Token.Position()
	for l := def.CompoundStatement.BlockItemList; l != nil; l = l.BlockItemList {
		if l.BlockItem != nil && l.BlockItem.Position() != open {
			out = append(out, l.BlockItem)
		}
	}
	return out
}

// cutOffsets returns the offsets in text of the starts of nodes, false
// where one lies outside text or they are out of order.
func cutOffsets[N cc.Node](text string, nodes []N) ([]int, bool) {
	var out []int
	for _, n := range nodes {
		p := n.Position()
		if p.Offset < 0 || p.Offset >= len(text) || len(out) > 0 && p.Offset <= out[len(out)-1] {
			return nil, false
		}
		out = append(out, p.Offset)
	}
	return out, true
}

// shape is what identifies n among the declarations or statements of a
// translation unit: its kind, and a function definition's name.
func shape(n cc.Node) string {
	switch x := n.(type) {
	case *cc.ExternalDeclaration:
		if x.Case == cc.ExternalDeclarationFuncDef && x.FunctionDefinition != nil && x.FunctionDefinition.Declarator != nil {
			return x.Case.String() + " " + x.FunctionDefinition.Declarator.Name()
		}
		return x.Case.String()
	case *cc.BlockItem:
		return x.Case.String()
	}
	return fmt.Sprintf("%T", n)
}

// same reports whether the two lists of nodes match one for one.
func same[N cc.Node](a, b []N) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if shape(a[i]) != shape(b[i]) {
			return false
		}
	}
	return true
}

// locate returns the position of the first top-level declaration (or
// statement of a function body) of u after which a prefix of u's
// preprocessed text makes fails true; fails is true of the whole text.
// It reports false where no prefix shows it, or the two parses of u do
// not match.
func locate(u unit, fails func(text string) bool) (lsl.Pos, bool) {
	decls, ppDecls := topLevel(u.parsed), topLevel(u.pp)
	cuts, ok := cutOffsets(u.text, ppDecls)
	if !ok || !same(decls, ppDecls) || len(cuts) == 0 {
		return lsl.Pos{}, false
	}
	// prefix(k): the text up to the start of declaration k+1 (all of it
	// for the last).
	prefix := func(k int) string {
		if k+1 < len(cuts) {
			return u.text[:cuts[k+1]]
		}
		return u.text
	}
	k := sort.Search(len(cuts), func(k int) bool { return fails(prefix(k)) })
	if k == len(cuts) {
		return lsl.Pos{}, false
	}
	pos := convPos(decls[k].Position())
	if decls[k].Position().Filename == "<predefined>" {
		return lsl.Pos{}, false
	}
	// Within a function definition, the statement.
	if decls[k].Case != cc.ExternalDeclarationFuncDef || ppDecls[k].Case != cc.ExternalDeclarationFuncDef {
		return pos, true
	}
	items, ppItems := bodyItems(decls[k].FunctionDefinition), bodyItems(ppDecls[k].FunctionDefinition)
	stmts, ok := cutOffsets(u.text, ppItems)
	if !ok || !same(items, ppItems) || len(stmts) == 0 || stmts[0] <= cuts[k] || k+1 < len(cuts) && stmts[len(stmts)-1] >= cuts[k+1] {
		return pos, true
	}
	// upTo(j): the function up to the start of statement j+1, closed
	// (j = -1: its head alone).
	upTo := func(j int) string {
		if j+1 < len(stmts) {
			return u.text[:stmts[j+1]] + "\n}\n"
		}
		return prefix(k)
	}
	if fails(upTo(-1)) {
		return pos, true
	}
	j := sort.Search(len(stmts), func(j int) bool { return fails(upTo(j)) })
	if j == len(stmts) {
		return pos, true
	}
	return convPos(items[j].Position()), true
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
// locate finds, translating prefixes of the translation unit of sources
// preprocessed; parsed is its parse. reset prepares the configuration for
// another run.
func positionCheckerErrors(errs ErrorList, raw map[*lsl.Error]string, crash bool, cfg *cc.Config, sources []cc.Source, parsed *cc.AST, reset func()) {
	var todo []*lsl.Error
	for _, e := range errs {
		if e.Pos.Line == 0 && (crash || raw[e] != "") {
			todo = append(todo, e)
		}
	}
	if len(todo) == 0 {
		return
	}
	// the sources but the last, the front end's <end>, which every run
	// keeps
	end := sources[len(sources)-1]
	var text strings.Builder
	reset()
	if err := cc.Preprocess(cfg, sources[:len(sources)-1], &text); err != nil {
		return
	}
	run := func(text string) (error, any) {
		reset()
		_, err, crash := translate(cfg, []cc.Source{{Name: "<preprocessed>", Value: text}, end})
		return err, crash
	}
	reset()
	pp, err := cc.Parse(cfg, []cc.Source{{Name: "<preprocessed>", Value: text.String()}, end})
	if err != nil {
		return
	}
	u := unit{parsed, pp, text.String()}
	for _, e := range todo {
		want := raw[e]
		pos, ok := locate(u, func(text string) bool {
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
