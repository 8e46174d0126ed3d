package memmodel

import (
	"fmt"
	"strings"
)

// Keep says when a program-order pair x <p y of some access types must
// also be ordered x <M y.
type Keep uint8

const (
	Never    Keep = iota // the pair may be reordered
	SameAddr             // kept only if a(x) = a(y)
	Always               // always kept
)

func (k Keep) String() string { return [...]string{"never", "same-address", "always"}[k] }

// Model is one memory model.
type Model struct {
	Name string
	// Keep[x][y] for x, y in {Load, Store}: when x <p y implies x <M y.
	Keep [2][2]Keep
	// Forwarding: a load sees stores of its own thread that precede it in
	// program order even before they are in memory order (store buffers):
	// S(l) = {s | s <M l or s <p l}.
	Forwarding bool
	// AtomicFence: an atomic block also acts as a full fence (x86 locked
	// instructions under tso), unless it is marked lsl.Atomic.NoFence.
	AtomicFence bool
	// SerialOps: the accesses of each operation invocation are contiguous
	// in memory order (seriality, the specification model).
	SerialOps bool
	// Doc is a one-line description.
	Doc string
}

// Access types, the indices of Model.Keep.
const (
	Load  = 0
	Store = 1
)

// KeepPair returns the rule for x <p y where x, y are stores if the flags say so.
func (m *Model) KeepPair(xStore, yStore bool) Keep { return m.Keep[b2i(xStore)][b2i(yStore)] }

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// The table of SEMANTICS.md. Rows: Keep[load][load], [load][store],
// [store][load], [store][store].
var models = []*Model{
	{
		Name: "serial", Keep: [2][2]Keep{{Always, Always}, {Always, Always}},
		SerialOps: true,
		Doc:       "sequential consistency with atomic operations: the specification",
	},
	{
		Name: "sc", Keep: [2][2]Keep{{Always, Always}, {Always, Always}},
		Doc: "sequential consistency",
	},
	{
		Name: "tso", Keep: [2][2]Keep{{Always, Always}, {Never, Always}},
		Forwarding: true, AtomicFence: true,
		Doc: "SPARC/x86 total store order: store buffers with forwarding",
	},
	{
		Name: "pso", Keep: [2][2]Keep{{Always, Always}, {Never, SameAddr}},
		Forwarding: true,
		Doc:        "SPARC partial store order: TSO plus reordering of stores to different addresses",
	},
	{
		Name: "rmo", Keep: [2][2]Keep{{SameAddr, SameAddr}, {Never, SameAddr}},
		Forwarding: true,
		Doc:        "RMO: relaxed made coherent: only same-address pairs stay ordered, except store→load",
	},
	{
		Name: "relaxed", Keep: [2][2]Keep{{Never, SameAddr}, {Never, SameAddr}},
		Forwarding: true,
		Doc:        "the paper's Relaxed: only same-address accesses followed by a store stay ordered",
	},
}

// All returns the models in the order serial, sc, tso, pso, rmo, relaxed.
func All() []*Model { return append([]*Model(nil), models...) }

// Names returns the model names in table order.
func Names() []string {
	var n []string
	for _, m := range models {
		n = append(n, m.Name)
	}
	return n
}

// ByName returns the model called name.
func ByName(name string) (*Model, error) {
	for _, m := range models {
		if m.Name == name {
			return m, nil
		}
	}
	return nil, fmt.Errorf("unknown memory model %q (want one of %s)", name, strings.Join(Names(), ", "))
}

// MustByName is ByName for names known to exist.
func MustByName(name string) *Model {
	m, err := ByName(name)
	if err != nil {
		panic(err)
	}
	return m
}
