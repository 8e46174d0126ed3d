package lsl

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// ValueKind distinguishes the three run-time types of LSL values.
type ValueKind uint8

const (
	KindUndef ValueKind = iota // undefined (uninitialised memory)
	KindInt                    // an integer
	KindPtr                    // a pointer: base address and offsets
	// KindTagged is a pointer with some of its low address bits set, as
	// (uintptr_t)p | 1 marks a pointer in lock-free lists: it keeps the
	// pointer to give it back ((uintptr_t)m & ~1), but is no address.
	KindTagged
)

// TagBits are the low address bits a tag may set: every object is made of
// words here, so a pointer is at least 4-aligned.
const TagBits = 3

// Value is an LSL value (paper Fig. 4: undefined | n | [n...]).
// Values are comparable and can be used as map keys.
//
// Integers are held as int64 in the canonical form of the operation that
// produced them: signed types sign-extended, unsigned types zero-extended
// (a 64-bit unsigned value is held as its bit pattern). The null pointer is
// the integer 0.
type Value struct {
	kind ValueKind
	tag  uint8  // KindTagged: the low bits set (within TagBits, not 0)
	n    int64  // the integer, or the base address of a pointer
	offs string // pointer offsets, encoded by encodeOffsets
}

// Undefined is the undefined value.
var Undefined = Value{}

// Int returns the integer value n.
func Int(n int64) Value { return Value{kind: KindInt, n: n} }

// Bool returns 1 for true and 0 for false.
func Bool(b bool) Value {
	if b {
		return Int(1)
	}
	return Int(0)
}

// Ptr returns the pointer [base offs...]. Base addresses start at 1.
func Ptr(base int64, offs ...int64) Value {
	return Value{kind: KindPtr, n: base, offs: encodeOffsets(offs)}
}

// Kind returns the run-time type of v.
func (v Value) Kind() ValueKind { return v.kind }

// IsUndef, IsInt and IsPtr test the kind of v.
func (v Value) IsUndef() bool { return v.kind == KindUndef }
func (v Value) IsInt() bool   { return v.kind == KindInt }
func (v Value) IsPtr() bool   { return v.kind == KindPtr }

// IsTagged reports whether v is a pointer with low bits set (KindTagged).
func (v Value) IsTagged() bool { return v.kind == KindTagged }

// Tag returns the low bits set in a tagged pointer (0 otherwise).
func (v Value) Tag() int64 { return int64(v.tag) }

// Untagged returns the pointer a tagged pointer marks; other values are
// themselves.
func (v Value) Untagged() Value {
	if v.kind != KindTagged {
		return v
	}
	return Value{kind: KindPtr, n: v.n, offs: v.offs}
}

// WithTag returns the pointer v (tagged or not) with its low bits set to
// tag (within TagBits): a tagged pointer, or the pointer itself for 0.
func (v Value) WithTag(tag int64) Value {
	p := v.Untagged()
	if tag&TagBits == 0 {
		return p
	}
	p.kind, p.tag = KindTagged, uint8(tag&TagBits)
	return p
}

// IntVal returns the integer of an integer value (0 otherwise).
func (v Value) IntVal() int64 {
	if v.kind != KindInt {
		return 0
	}
	return v.n
}

// Base returns the base address of a pointer (0 otherwise).
func (v Value) Base() int64 {
	if v.kind != KindPtr {
		return 0
	}
	return v.n
}

// Offsets returns the offsets of a pointer after its base.
func (v Value) Offsets() []int64 { return decodeOffsets(v.offs) }

// Depth returns the number of offsets of a pointer.
func (v Value) Depth() int { return len(v.Offsets()) }

// WithOffset returns the pointer v with offset k appended (field or element
// selection, Fig. 5).
func (v Value) WithOffset(k int64) Value {
	return Value{kind: KindPtr, n: v.n, offs: v.offs + encodeOffsets([]int64{k})}
}

// Address returns the address v denotes, as C compares pointers: a pointer
// with its trailing zero offsets removed, since a block, its first field
// and the first element of that field start at one address ([b], [b 0]
// and [b 0 0] compare equal in C, as (void *)p == (void *)&p->first
// does). Other values are themselves.
func (v Value) Address() Value {
	if v.kind != KindPtr && v.kind != KindTagged || v.offs == "" {
		return v
	}
	o := v.Offsets()
	n := len(o)
	for n > 0 && o[n-1] == 0 {
		n--
	}
	if n == len(o) {
		return v
	}
	return Ptr(v.n, o[:n]...).WithTag(int64(v.tag)) // a tag marks the same address
}

// PastEnd is the offset of the pointer one past a whole block: C treats
// an object that is no element of an array as an array of one (C11
// 6.5.6p7), so &x + 1 is a pointer that compares, after every location of
// x's block, but names none: [b PastEnd] for &x = [b].
const PastEnd = math.MaxInt64

// wholeIndex returns the index of a pointer to a whole block, or one past
// it, in the array of one that the block is: 0 for [b], 1 for [b PastEnd].
func (v Value) wholeIndex() (int64, bool) {
	switch {
	case v.kind != KindPtr:
		return 0, false
	case v.offs == "":
		return 0, true
	case v.offs == pastEndOffs:
		return 1, true
	}
	return 0, false
}

var pastEndOffs = encodeOffsets([]int64{PastEnd})

// WithLastOffset returns the pointer v with its last offset replaced by k.
func (v Value) WithLastOffset(k int64) Value {
	o := v.Offsets()
	o[len(o)-1] = k
	return Ptr(v.n, o...)
}

// Truthy reports whether v holds as a condition (of a break, an assume,
// an assert): a non-zero integer, or a pointer, marked or not, which is
// never null (C's uintptr_t may hold one: if (!u) and lsl_assume(u) on
// u = (uintptr_t)&g | 1 are as in C). An undefined condition is a fault.
func (v Value) Truthy() bool {
	return v.kind == KindInt && v.n != 0 || v.kind == KindPtr || v.kind == KindTagged
}

// String prints v in LSL syntax: "undefined", "-3", "[1 0 2]".
func (v Value) String() string {
	switch v.kind {
	case KindUndef:
		return "undefined"
	case KindInt:
		return strconv.FormatInt(v.n, 10)
	}
	var b strings.Builder
	b.WriteByte('[')
	b.WriteString(strconv.FormatInt(v.n, 10))
	for _, o := range v.Offsets() {
		b.WriteByte(' ')
		b.WriteString(strconv.FormatInt(o, 10))
	}
	b.WriteByte(']')
	if v.kind == KindTagged {
		b.WriteByte('|')
		b.WriteString(strconv.Itoa(int(v.tag)))
	}
	return b.String()
}

// Compare orders values: undefined < integers < pointers; integers
// numerically; pointers by base, then offsets lexicographically. It gives
// printed sets a deterministic order.
func Compare(a, b Value) int {
	if a.kind != b.kind {
		return int(a.kind) - int(b.kind)
	}
	if a.n != b.n {
		if a.n < b.n {
			return -1
		}
		return 1
	}
	if a.kind != KindPtr && a.kind != KindTagged {
		return 0
	}
	// offset by offset, read from the encodings in place: sorting large
	// sets of pointers compares them often
	as, bs := a.offs, b.offs
	na, nb := strings.Count(as, ","), strings.Count(bs, ",")
	for as != "" && bs != "" {
		var x, y int64
		x, as = nextOffset(as)
		y, bs = nextOffset(bs)
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	if na != nb {
		return na - nb
	}
	return int(a.tag) - int(b.tag)
}

// nextOffset reads the first offset of an encoding (encodeOffsets) and
// returns it with the rest.
func nextOffset(s string) (int64, string) {
	neg := s[0] == '-'
	i := 0
	if neg {
		i = 1
	}
	var n uint64
	for ; s[i] != ','; i++ {
		n = 10*n + uint64(s[i]-'0')
	}
	if neg {
		return -int64(n), s[i+1:]
	}
	return int64(n), s[i+1:]
}

func encodeOffsets(offs []int64) string {
	if len(offs) == 0 {
		return ""
	}
	var b []byte
	for _, o := range offs {
		b = strconv.AppendInt(b, o, 10)
		b = append(b, ',')
	}
	return string(b)
}

func decodeOffsets(s string) []int64 {
	if s == "" {
		return nil
	}
	out := make([]int64, 0, strings.Count(s, ","))
	for s != "" {
		var o int64
		o, s = nextOffset(s)
		out = append(out, o)
	}
	return out
}

// MarshalText writes v as String does, so that values (and the outcomes
// that hold them) can be stored as JSON.
func (v Value) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads what MarshalText wrote.
func (v *Value) UnmarshalText(b []byte) error {
	x, err := ParseValue(string(b))
	if err != nil {
		return err
	}
	*v = x
	return nil
}

// ParseValue reads a value written by Value.String: "undefined", an
// integer, a pointer "[base off...]", or a tagged pointer "[base off...]|t".
func ParseValue(s string) (Value, error) {
	if s == "undefined" {
		return Undefined, nil
	}
	if i := strings.LastIndex(s, "]|"); i >= 0 {
		t, err := strconv.ParseInt(s[i+2:], 10, 64)
		if err != nil || t <= 0 || t&^TagBits != 0 {
			return Undefined, fmt.Errorf("bad value %q", s)
		}
		p, err := ParseValue(s[:i+1])
		if err != nil {
			return Undefined, err
		}
		return p.WithTag(t), nil
	}
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return Int(n), nil
	}
	if len(s) < 3 || s[0] != '[' || s[len(s)-1] != ']' {
		return Undefined, fmt.Errorf("bad value %q", s)
	}
	var nums []int64
	for _, f := range strings.Fields(s[1 : len(s)-1]) {
		n, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			return Undefined, fmt.Errorf("bad value %q", s)
		}
		nums = append(nums, n)
	}
	if len(nums) == 0 {
		return Undefined, fmt.Errorf("bad value %q", s)
	}
	return Ptr(nums[0], nums[1:]...), nil
}
