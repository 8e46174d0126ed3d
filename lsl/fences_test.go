package lsl

import (
	"strings"
	"testing"
)

func TestWithoutFences(t *testing.T) {
	src := `proc f() {
  fence load-load
  L: {
    fence store-store
    atomic {
      fence full
    }
  }
  fence store-load
}
`
	p, err := Parse("f.lsl", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	fs := p.Fences()
	if len(fs) != 4 {
		t.Fatalf("Fences: got %d, want 4", len(fs))
	}
	for _, tc := range []struct {
		drop FenceKind
		want int
	}{{LoadLoad, 3}, {StoreStore, 3}, {Full, 3}, {StoreLoad, 3}, {LoadStore, 4}} {
		q := p.WithoutFences(func(f *Fence) bool { return f.Kind == tc.drop })
		if got := len(q.Fences()); got != tc.want {
			t.Errorf("without %v: %d fences, want %d", tc.drop, got, tc.want)
		}
		var b strings.Builder
		if err := Print(&b, q); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(b.String(), "fence "+tc.drop.String()+"\n") {
			t.Errorf("without %v: still printed", tc.drop)
		}
	}
	if len(p.Fences()) != 4 {
		t.Errorf("WithoutFences changed its receiver")
	}
}

func TestValueText(t *testing.T) {
	for _, v := range []Value{Undefined, Int(0), Int(-7), Int(1 << 40), Ptr(3), Ptr(3, 0), Ptr(12, 1, 0, 4)} {
		b, err := v.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var w Value
		if err := w.UnmarshalText(b); err != nil || w != v {
			t.Errorf("%v: round trip gave %v, %v", v, w, err)
		}
	}
	for _, bad := range []string{"", "[]", "[x]", "undef", "1.5", "[1 2"} {
		if _, err := ParseValue(bad); err == nil {
			t.Errorf("ParseValue(%q): no error", bad)
		}
	}
}
