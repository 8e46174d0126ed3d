package lsl

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// Offsets gives back the offsets a pointer was made with, and Compare
// orders pointers by base, then offsets lexicographically (a prefix
// first), then tag, reading the offsets from their encoding in place.
func TestOffsetsAndCompare(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	pool := []int64{0, 1, 2, 9, 10, 11, 100, -1, -10, PastEnd, math.MaxInt64, math.MinInt64}
	type ptr struct {
		base int64
		offs []int64
		tag  int64
	}
	rnd := func() ptr {
		p := ptr{base: 1 + r.Int64N(2), tag: r.Int64N(TagBits + 1)}
		for range r.IntN(4) {
			p.offs = append(p.offs, pool[r.IntN(len(pool))])
		}
		return p
	}
	cmpInt := func(x, y int64) int {
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	}
	sign := func(c int) int { return cmpInt(int64(c), 0) }
	for range 20000 {
		a, b := rnd(), rnd()
		va, vb := Ptr(a.base, a.offs...).WithTag(a.tag), Ptr(b.base, b.offs...).WithTag(b.tag)
		if got := va.Offsets(); !slices.Equal(got, a.offs) && len(got)+len(a.offs) > 0 {
			t.Fatalf("%v: offsets %v, want %v", va, got, a.offs)
		}
		var want int
		switch {
		case a.tag == 0 && b.tag != 0:
			want = -1 // a pointer before a tagged one (Kind)
		case a.tag != 0 && b.tag == 0:
			want = 1
		default:
			want = cmpInt(a.base, b.base)
			if want == 0 {
				want = slices.Compare(a.offs, b.offs)
			}
			if want == 0 {
				want = cmpInt(a.tag, b.tag)
			}
		}
		if got := sign(Compare(va, vb)); got != want {
			t.Fatalf("Compare(%v, %v) = %d, want %d", va, vb, got, want)
		}
	}
}
