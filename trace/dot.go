package trace

import (
	"fmt"
	"io"
	"strings"
)

// WriteDOT writes the execution as a Graphviz graph: one cluster per
// thread with its events in program order (black), reads-from edges from
// each store to the loads that read it (green; "init" for the initial
// values), the memory order of the stores to each address (blue,
// dashed), and the reordered pairs of the failure's cause in red (the
// access that went first, to the one it overtook). Names come from the
// trace; nodes are named by memory-order position.
func (t *Trace) WriteDOT(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "digraph %q {\n", t.subject())
	b.WriteString("  rankdir=TB;\n  node [shape=box, fontname=\"monospace\", fontsize=10];\n  edge [fontname=\"monospace\", fontsize=9];\n")
	title := t.Observation.Text
	if t.PastBound != "" {
		title = "runs " + t.PastBound
	}
	fmt.Fprintf(&b, "  label=%q;\n  labelloc=t;\n", t.subject()+": "+title)
	id := func(e Event) string { return fmt.Sprintf("e%d", e.Order) }
	readsInit := false
	for ti, th := range t.Threads {
		fmt.Fprintf(&b, "  subgraph cluster_%d {\n    label=%q;\n", ti, th.Name)
		prev := ""
		for oi, op := range th.Ops {
			for ei, e := range op.Events {
				name := id(e)
				if e.Kind == "fence" {
					name = fmt.Sprintf("f%d_%d_%d", ti, oi, ei)
					fmt.Fprintf(&b, "    %s [label=%q, shape=plaintext];\n", name, op.Call+": "+e.label())
				} else {
					fmt.Fprintf(&b, "    %s [label=%q];\n", name, op.Call+": "+e.label())
				}
				if prev != "" {
					fmt.Fprintf(&b, "    %s -> %s [label=\"po\"];\n", prev, name)
				}
				prev = name
				readsInit = readsInit || e.ReadsFrom != nil && e.ReadsFrom.Init
			}
		}
		b.WriteString("  }\n")
	}
	if readsInit {
		b.WriteString("  init [label=\"initial values\", shape=ellipse];\n")
	}
	lastStore := map[string]Event{}
	for _, e := range t.MemoryOrder {
		switch {
		case e.Kind == "load" && e.ReadsFrom != nil && e.ReadsFrom.Init:
			fmt.Fprintf(&b, "  init -> %s [color=darkgreen, label=\"rf\"];\n", id(e))
		case e.Kind == "load" && e.ReadsFrom != nil:
			fmt.Fprintf(&b, "  e%d -> %s [color=darkgreen, label=\"rf\"];\n", e.ReadsFrom.Order, id(e))
		case e.Kind == "store":
			if p, ok := lastStore[e.Addr]; ok {
				fmt.Fprintf(&b, "  %s -> %s [color=blue, style=dashed, label=\"mo\"];\n", id(p), id(e))
			}
			lastStore[e.Addr] = e
		}
	}
	for _, r := range t.Reordered {
		if r.Cause {
			fmt.Fprintf(&b, "  %s -> %s [color=red, penwidth=2, label=\"went first\"];\n", id(r.First), id(r.Second))
		}
	}
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}
