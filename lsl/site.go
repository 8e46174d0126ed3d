package lsl

// AccessSite names the loads, or the stores, of the statements at one
// position: all instances of one access of the source (unrolled copies,
// invocations and threads share it).
type AccessSite struct {
	Pos   Pos
	Store bool
}

// Kind is "load" or "store".
func (s AccessSite) Kind() string {
	if s.Store {
		return "store"
	}
	return "load"
}

func (s AccessSite) String() string { return s.Kind() + " at " + s.Pos.String() }
