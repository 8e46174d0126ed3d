package memmodel

import (
	"strings"
	"testing"
)

// The table must match SEMANTICS.md's prose; each row is restated here from
// the spec's table (not from the code) as the set of kept pairs.
func TestTableMatchesSpec(t *testing.T) {
	// kept pairs as "LL LS SL SS", "a" = always, "s" = same address, "-" = never
	want := map[string]string{
		"serial":  "a a a a",
		"sc":      "a a a a",
		"tso":     "a a - a", // always, except store→load
		"pso":     "a a - s", // also store→store only to the same address
		"rmo":     "s s - s", // only when a(x)=a(y), unless x is a store and y a load
		"relaxed": "- s - s", // only when a(x)=a(y) and y is a store
	}
	code := map[Keep]string{Never: "-", SameAddr: "s", Always: "a"}
	for _, m := range All() {
		got := code[m.Keep[Load][Load]] + " " + code[m.Keep[Load][Store]] + " " +
			code[m.Keep[Store][Load]] + " " + code[m.Keep[Store][Store]]
		if got != want[m.Name] {
			t.Errorf("%s: kept pairs %q, spec says %q", m.Name, got, want[m.Name])
		}
	}
	fw := map[string]bool{"tso": true, "pso": true, "rmo": true, "relaxed": true}
	for _, m := range All() {
		if m.Forwarding != fw[m.Name] {
			t.Errorf("%s: forwarding %v", m.Name, m.Forwarding)
		}
		if m.SerialOps != (m.Name == "serial") || m.AtomicFence != (m.Name == "tso") {
			t.Errorf("%s: serial ops %v, atomic fence %v", m.Name, m.SerialOps, m.AtomicFence)
		}
	}
}

// The encoder relies on program-order preservation being transitive: if
// x <p y <p z, x–y and y–z are kept, then x–z is kept (for the addresses
// involved). Check it over all access types and address equalities.
func TestKeptOrderIsTransitive(t *testing.T) {
	for _, m := range All() {
		for mask := 0; mask < 8; mask++ {
			types := [3]bool{mask&1 != 0, mask&2 != 0, mask&4 != 0}
			// addresses: each of the three gets one of 3 addresses
			for a := 0; a < 27; a++ {
				addr := [3]int{a % 3, a / 3 % 3, a / 9}
				kept := func(i, j int) bool {
					switch m.KeepPair(types[i], types[j]) {
					case Always:
						return true
					case SameAddr:
						return addr[i] == addr[j]
					}
					return false
				}
				if kept(0, 1) && kept(1, 2) && !kept(0, 2) {
					t.Errorf("%s: kept order not transitive for stores=%v addrs=%v", m.Name, types, addr)
				}
			}
		}
	}
}

func TestByName(t *testing.T) {
	for _, n := range []string{"serial", "sc", "tso", "pso", "rmo", "relaxed"} {
		if m, err := ByName(n); err != nil || m.Name != n {
			t.Errorf("ByName(%q) = %v, %v", n, m, err)
		}
	}
	if _, err := ByName("power"); err == nil {
		t.Error("ByName(power) succeeded")
	}
}

// All and Names list the models from strongest to weakest, the order of
// SEMANTICS.md's table, which `--model all` and the tests follow.
func TestOrder(t *testing.T) {
	want := "serial sc tso pso rmo relaxed"
	var all []string
	for _, m := range All() {
		all = append(all, m.Name)
	}
	if got := strings.Join(Names(), " "); got != want {
		t.Errorf("Names() = %q, want %q", got, want)
	}
	if got := strings.Join(all, " "); got != want {
		t.Errorf("All() = %q, want %q", got, want)
	}
}
