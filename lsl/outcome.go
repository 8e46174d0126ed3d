package lsl

import (
	"sort"
	"strconv"
	"strings"
)

// ObsItem is one recorded observation: a value passed to
// lsl_observe_input/output, or a label reached.
type ObsItem struct {
	Kind ObsKind
	Name string
	Val  Value // Undefined for labels
	// Unsigned is Observe.Unsigned: Val prints as an unsigned 64-bit
	// number.
	Unsigned bool `json:",omitempty"`
}

// Item returns the observation s makes of value v (v is ignored for a
// label).
func (s *Observe) Item(v Value) ObsItem {
	if s.Kind == ObsLabel {
		return ObsItem{Kind: ObsLabel, Name: s.Name}
	}
	return ObsItem{Kind: s.Kind, Name: s.Name, Val: v, Unsigned: s.Unsigned}
}

// String is the item's form in Outcome.Key: "label NAME" or
// "KIND NAME=VALUE", the name as QuoteName renders it.
func (o ObsItem) String() string {
	if o.Kind == ObsLabel {
		return "label " + QuoteName(o.Name)
	}
	return o.Kind.String() + " " + QuoteName(o.Name) + "=" + o.ValueString()
}

// QuoteName returns an observation's name as it is, or quoted (Go syntax)
// if it is empty or holds a character that could run it into what follows
// it in a key or a printed observation: a space, '=', '{', '}', '|', '@',
// '(', ')', ',', ';', a quote or a character Go escapes. The names a program
// ordinarily observes ("flag", "data") thus keep their form, and a quoted
// name, which starts with '"', is never read as an unquoted one.
func QuoteName(name string) string {
	if name == "" || strings.ContainsAny(name, " ={}|@(),;") {
		return strconv.Quote(name)
	}
	if q := strconv.Quote(name); q[1:len(q)-1] != name {
		return q
	}
	return name
}

// ValueString renders the observed value as the program's C type reads
// it: a 64-bit unsigned value as its unsigned number.
func (o ObsItem) ValueString() string {
	if o.Unsigned && o.Val.IsInt() {
		return strconv.FormatUint(uint64(o.Val.IntVal()), 10)
	}
	return o.Val.String()
}

// Outcome is what one execution of a Test shows to its client: the
// observations of each invocation, the final values of Test.Final, and
// whether the execution is an error execution (SEMANTICS.md).
//
// An error execution is a failed check whatever it observed, so all error
// executions have one outcome: Key renders it as "error" and ignores the
// other fields.
type Outcome struct {
	Init    [][]ObsItem   // per init invocation
	Threads [][][]ObsItem // per thread, per invocation
	Final   []Value       // parallel to Test.Final
	Fault   Fault         // NoFault for a correct execution
}

// Key renders o canonically; two outcomes are equal iff their keys are.
// Format: groups separated by " | ": "init0{...}", "t0.1{...}",
// "final{1 0}" (values in Test.Final order); "error" for any error
// execution.
func (o Outcome) Key() string {
	if o.Fault != NoFault {
		return "error"
	}
	var b strings.Builder
	group := func(name string, items []ObsItem) {
		if b.Len() > 0 {
			b.WriteString(" | ")
		}
		b.WriteString(name)
		b.WriteByte('{')
		for i, it := range items {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(it.String())
		}
		b.WriteByte('}')
	}
	for i, items := range o.Init {
		group("init"+itoa(i), items)
	}
	for t, invs := range o.Threads {
		for k, items := range invs {
			group("t"+itoa(t)+"."+itoa(k), items)
		}
	}
	if len(o.Final) > 0 {
		parts := make([]string, len(o.Final))
		for i, v := range o.Final {
			parts[i] = v.String()
		}
		if b.Len() > 0 {
			b.WriteString(" | ")
		}
		b.WriteString("final{" + strings.Join(parts, " ") + "}")
	}
	return b.String()
}

// OutcomeKeys returns the sorted, de-duplicated keys of os.
func OutcomeKeys(os []Outcome) []string {
	seen := map[string]bool{}
	var keys []string
	for _, o := range os {
		k := o.Key()
		if !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys
}

func itoa(n int) string { return strconv.Itoa(n) }

// MapBlocks returns o with every pointer (marked or not) into base b
// pointing into f(b) instead, at the same offsets; false if f has no image
// for the base of some pointer o holds. f is asked for globals' bases too.
func (o Outcome) MapBlocks(f func(base int64) (int64, bool)) (Outcome, bool) {
	ok := true
	val := func(v Value) Value {
		if !v.IsPtr() && !v.IsTagged() {
			return v
		}
		b, found := f(v.Untagged().Base())
		if !found {
			ok = false
			return v
		}
		return Ptr(b, v.Offsets()...).WithTag(v.Tag())
	}
	items := func(its []ObsItem) []ObsItem {
		out := make([]ObsItem, len(its))
		for k, it := range its {
			it.Val = val(it.Val)
			out[k] = it
		}
		return out
	}
	img := Outcome{Fault: o.Fault}
	for _, inv := range o.Init {
		img.Init = append(img.Init, items(inv))
	}
	for _, invs := range o.Threads {
		var th [][]ObsItem
		for _, inv := range invs {
			th = append(th, items(inv))
		}
		img.Threads = append(img.Threads, th)
	}
	for _, v := range o.Final {
		img.Final = append(img.Final, val(v))
	}
	return img, ok
}
