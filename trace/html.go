package trace

import (
	"fmt"
	"html/template"
	"io"
	"strconv"
	"strings"
)

// SourceLine returns the text of a source line ("file:line:col" names
// it), or "" if it is not at hand.
type SourceLine func(pos string) string

// WriteHTML writes the trace as a self-contained page (no scripts, no
// files beside it): the cause first, with links to the pairs it
// restores; the threads side by side, each event with its C source line;
// the memory order; every load linked to the store it read from, and
// every event to its place in memory order and back.
func (t *Trace) WriteHTML(w io.Writer, src SourceLine) error {
	type cell struct {
		Ev     Event
		Source string
		Cause  bool
	}
	type column struct {
		Name  string
		Calls []struct {
			Call, Pos string
			Events    []cell
		}
	}
	inCause := map[int]bool{} // memory-order positions of cause pairs
	for _, r := range t.Reordered {
		if r.Cause {
			inCause[r.First.Order], inCause[r.Second.Order] = true, true
		}
	}
	var cols []column
	for _, th := range t.Threads {
		c := column{Name: th.Name}
		for _, op := range th.Ops {
			var evs []cell
			for _, e := range op.Events {
				s := ""
				if src != nil && e.Pos != "" {
					s = strings.TrimSpace(src(e.Pos))
				}
				evs = append(evs, cell{e, s, e.Kind != "fence" && inCause[e.Order]})
			}
			c.Calls = append(c.Calls, struct {
				Call, Pos string
				Events    []cell
			}{op.Call, op.Pos, evs})
		}
		cols = append(cols, c)
	}
	var reordered []struct {
		R     Reorder
		Index int
	}
	for i, r := range t.Reordered {
		reordered = append(reordered, struct {
			R     Reorder
			Index int
		}{r, i})
	}
	data := map[string]any{"T": t, "Columns": cols, "Reordered": reordered, "InCause": inCause}
	return reportTemplate.Execute(w, data)
}

var reportTemplate = template.Must(template.New("report").Funcs(template.FuncMap{
	"line": func(e Event) string { e.Pos = ""; return strings.TrimSpace(e.line(true)) },
	"pos":  func(e Event) string { return e.Pos },
	"ref": func(r *Ref) string {
		if r == nil || r.Init {
			return ""
		}
		return "m" + strconv.Itoa(r.Order)
	},
	"order": func(n int) string { return "m" + strconv.Itoa(n) },
	"pairText": func(t *Trace, i int) string {
		r := t.Reordered[i]
		return fmt.Sprintf("%s: %s %s (%s) went before %s %s (%s)", r.Thread, r.First.Kind, r.First.Addr, r.First.Pos, r.Second.Kind, r.Second.Addr, r.Second.Pos)
	},
	"title": func(t *Trace) string {
		if t.PastBound != "" {
			return fmt.Sprintf("%s: an execution that runs %s", t.subject(), t.PastBound)
		}
		return "counterexample for " + t.subject()
	},
}).Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>{{title .T}}</title>
<style>
body { font-family: sans-serif; margin: 1.5em; }
code, td.ev, .mono { font-family: monospace; font-size: 90%; }
table.threads { border-collapse: collapse; table-layout: fixed; width: 100%; }
table.threads > tbody > tr > td { vertical-align: top; padding: 0 1em 0 0; border-right: 1px solid #ccc; }
.call { font-weight: bold; margin-top: .6em; }
.event { padding: 2px 4px; font-family: monospace; font-size: 85%; }
.event .src { color: #555; display: block; margin-left: 2em; overflow-wrap: anywhere; }
.cause { background: #fdd; border-left: 3px solid #c00; }
.fence { color: #777; }
:target { outline: 2px solid #06c; }
ol.mo li { white-space: pre; font-family: monospace; font-size: 90%; }
</style></head>
<body>
<h1>{{title .T}}</h1>
{{with .T.Note}}<p><strong>{{.}}</strong></p>
{{end}}{{with .T}}{{if not .PastBound}}<p>Observed: <code>{{.Observation.Text}}</code></p>{{end}}
{{range .Faults}}<p class="cause">Fault: {{.What}} in {{.Thread}} at <code>{{.Pos}}</code> ({{.Stmt}}){{if .Detail}}: {{.Detail}}{{end}}{{if .Needs}} (follows from what {{.NeedsWho}} did after its fault){{end}}</p>{{end}}
{{if .Spec}}<details><summary>The specification allows {{len .Spec}} observations</summary><ul>{{range .Spec}}<li><code>{{.Text}}</code></li>{{end}}</ul></details>{{end}}
{{with .Cause}}<h2 id="cause">Cause</h2>
{{if .Found}}<p>With these fences no execution {{if .WithinBounds}}within this trace's loop bounds fails so, though one may run longer{{else}}fails so{{end}} (a minimal set; each restores the pairs listed with it):</p>
<ul>{{range .Fences}}<li class="cause">a {{.Kind}} fence {{.Where}} the {{.Site.Kind}} at <code>{{.Site.Pos}}</code>
<ul>{{range .Restores}}<li><a href="#pair{{.}}">{{pairText $.T .}}</a></li>{{else}}<li>restores pairs of another failing execution</li>{{end}}</ul></li>{{end}}</ul>
{{else}}<p>None among the reorderings: the failure happens with every access in program order.</p>{{end}}{{end}}{{with .Placement}}<h2 id="placement">Fences</h2>
<p>An optimal placement for this test (cost {{.Cost}}) adds these fences; with them no execution fails:</p>
<ul>{{range .Fences}}<li{{if .Needed}} class="cause"{{end}}>a {{.Kind}} fence at <code>{{.Pos}}</code>: {{if .Needed}}this execution needs it
<ul>{{range .Restores}}<li><a href="#pair{{.}}">{{pairText $.T .}}</a></li>{{else}}<li>for accesses that no other thread sees</li>{{end}}</ul>{{else if eq .VerdictWithout "inconclusive"}}without it the test is inconclusive: an execution that runs a loop past its bound needs it{{else}}another failing execution needs it{{end}}</li>{{end}}</ul>{{end}}
{{end}}
<h2 id="threads">Threads</h2>
<table class="threads"><tbody><tr>
{{range .Columns}}<td><h3>{{.Name}}</h3>
{{range .Calls}}<div class="call">{{.Call}} {{if .Pos}}<span class="src">({{.Pos}})</span>{{end}}</div>
{{range .Events}}<div class="event{{if .Cause}} cause{{end}}{{if eq .Ev.Kind "fence"}} fence{{end}}"{{if ne .Ev.Kind "fence"}} id="t{{.Ev.Order}}"{{end}}>{{if ne .Ev.Kind "fence"}}<a href="#{{order .Ev.Order}}">{{line .Ev}}</a>{{else}}{{line .Ev}}{{end}}{{with ref .Ev.ReadsFrom}} <a href="#{{.}}">reads #{{slice . 1}}</a>{{else}}{{if .Ev.ReadsFrom}} reads init{{end}}{{end}}<span class="src">{{pos .Ev}}{{if .Source}}: {{.Source}}{{end}}</span></div>
{{end}}{{end}}</td>
{{end}}</tr></tbody></table>
<h2 id="memory-order">Memory order</h2>
<ol class="mo">{{range .T.MemoryOrder}}<li id="{{order .Order}}" value="{{.Order}}"{{if index $.InCause .Order}} class="cause"{{end}}><a href="#t{{.Order}}">{{.Thread}} {{.Call}}</a>  {{line .}}{{with ref .ReadsFrom}}  <a href="#{{.}}">reads #{{slice . 1}}</a>{{end}}  <span class="src">{{.Pos}}</span></li>
{{end}}</ol>
{{if .Reordered}}<h2 id="reordered">Reordered pairs</h2>
<ol start="0">{{range .Reordered}}<li id="pair{{.Index}}"{{if .R.Cause}} class="cause"{{end}}>{{.R.Thread}}: <a href="#{{order .R.First.Order}}">{{.R.First.Kind}} {{.R.First.Addr}}</a> ({{.R.First.Pos}}) went before <a href="#{{order .R.Second.Order}}">{{.R.Second.Kind}} {{.R.Second.Addr}}</a> ({{.R.Second.Pos}}){{if not .R.Cause}}, incidental{{end}}</li>
{{end}}</ol>{{end}}
</body></html>
`))
