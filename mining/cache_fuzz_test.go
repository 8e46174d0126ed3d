package mining

import (
	"context"
	"encoding/json"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"checkfence/lsl"
)

// bytesCache is a SpecCache holding one stored entry, as bytes.
type bytesCache []byte

func (c bytesCache) Load(string) (*CachedSpec, bool) { return decodeEntry(c), true }
func (c bytesCache) Store(string, *CachedSpec) error { return nil }

// FuzzCacheLoad loads bytes as the cache entry of a test: whatever they
// are, loading must not crash, and must not be believed unless it means
// exactly the observation set and bounds that mining gives. The seeds are
// a genuine entry (of loopMP, which has two outcomes and a loop bound) and
// damaged, forged and mixed-up versions of it.
func FuzzCacheLoad(f *testing.F) {
	prog, ts := compileTest(f, "loopmp.c", loopMP, "test T0 = init ( send | recv )\ntest T1 = init ( recv | send )\n")
	dir := f.TempDir()
	opt := PipelineOptions{MaxUnroll: 10, Cache: DirCache{Dir: dir}}
	res, bounds, err := MineTest(context.Background(), prog, ts[0], opt)
	if err != nil {
		f.Fatal(err)
	}
	if res.Verdict != Pass || res.Spec.Len() != 2 || len(bounds) == 0 {
		f.Fatalf("mining: %s, %d outcomes, bounds %v", res.Verdict, res.Spec.Len(), bounds)
	}
	in, err := newSpecInputs(prog, ts[0])
	if err != nil {
		f.Fatal(err)
	}
	valid, err := os.ReadFile(DirCache{Dir: dir}.path(in.key))
	if err != nil {
		f.Fatal(err)
	}
	load := func(b []byte) (*CachedSpec, bool) {
		return loadSpec(&PipelineOptions{MaxUnroll: 10, Cache: bytesCache(b)}, in, ts[0])
	}
	if _, ok := load(valid); !ok {
		f.Fatal("the genuine entry is not believed")
	}

	// Seeds: the genuine entry, and edits of it; those marked forged get
	// the checksum of their new content.
	f.Add(valid)
	for _, s := range []string{"", "{}", "null", "[]", `{"outcomes": null}`, string(valid[:len(valid)/2])} {
		f.Add([]byte(s))
	}
	other, err := newSpecInputs(prog, ts[1])
	if err != nil {
		f.Fatal(err)
	}
	for _, edit := range []struct {
		forged bool
		edit   func(c *CachedSpec)
	}{
		{false, func(c *CachedSpec) { c.Outcomes = nil }},
		{false, func(c *CachedSpec) { c.Outcomes = c.Outcomes[:1] }},
		{false, func(c *CachedSpec) { c.Outcomes = append(c.Outcomes, c.Outcomes[0]) }},
		{false, func(c *CachedSpec) { c.Outcomes[1].Threads[1][0][1].Val = lsl.Int(0) }},
		{false, func(c *CachedSpec) { c.Format = "checkfence observation set v2" }},
		{false, func(c *CachedSpec) { c.Bounds = nil }},
		{false, func(c *CachedSpec) {
			for k := range c.Bounds {
				c.Bounds[k]++
			}
		}},
		{false, func(c *CachedSpec) { c.Checksum = strings.ToUpper(c.Checksum) }},
		{true, func(c *CachedSpec) { c.Format = "" }},
		{true, func(c *CachedSpec) { c.Program = strings.Repeat("0", 64) }},
		{true, func(c *CachedSpec) { c.Init, c.Threads = other.init, other.threads }},
		{true, func(c *CachedSpec) { c.NoStutterReduction = true }},
		{true, func(c *CachedSpec) { c.Build = "another build" }},
		{true, func(c *CachedSpec) { c.Build = "" }},
		{true, func(c *CachedSpec) { c.Outcomes = append(c.Outcomes, lsl.Outcome{Fault: lsl.FaultUndefined}) }},
		{true, func(c *CachedSpec) { c.Outcomes = append(c.Outcomes, c.Outcomes[0]) }},
		{true, func(c *CachedSpec) { c.Outcomes[0].Threads = c.Outcomes[0].Threads[:1] }},
		{true, func(c *CachedSpec) { c.Outcomes[0].Final = []lsl.Value{lsl.Int(1)} }},
		{true, func(c *CachedSpec) { c.Outcomes[0].Threads[1][0][0].Kind = lsl.ObsLabel }},
		{true, func(c *CachedSpec) {
			for k := range c.Bounds {
				c.Bounds[k] = 11
			}
		}},
	} {
		c := decodeEntry(valid)
		edit.edit(c)
		if edit.forged {
			c.Checksum = c.checksum()
		}
		b, err := json.MarshalIndent(c, "", " ")
		if err != nil {
			f.Fatal(err)
		}
		if _, ok := load(b); ok {
			f.Fatalf("an edited entry is believed:\n%s", b)
		}
		f.Add(b)
	}

	want := res.Spec.Keys()
	f.Fuzz(func(t *testing.T, b []byte) {
		c, ok := load(b)
		if !ok {
			return
		}
		if got := specFromCache(c); !slices.Equal(got.Keys(), want) || got.Len() != len(want) || !maps.Equal(c.Bounds, bounds) {
			t.Fatalf("believed an entry of set %v, bounds %v; mining gives %v, %v", got.Keys(), c.Bounds, want, bounds)
		}
	})
}
