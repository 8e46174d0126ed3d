package mining

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/tests"
)

// countingCache records how often entries are loaded and stored.
type countingCache struct {
	DirCache
	hits, stores int
}

func (c *countingCache) Load(key string) (*CachedSpec, bool) {
	s, ok := c.DirCache.Load(key)
	if ok {
		c.hits++
	}
	return s, ok
}

func (c *countingCache) Store(key string, s *CachedSpec) error {
	c.stores++
	return c.DirCache.Store(key, s)
}

func TestSpecCache(t *testing.T) {
	parse := func(src string) *lsl.Program {
		p, err := lsl.Parse("counters.lsl", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	ref := parse(counters)
	// An edited implementation: the racy increment is made a CAS loop
	// (same observations), so only the implementation text changes.
	impl := parse(strings.Replace(counters, "proc racy() -> () {", "proc racy2() -> () {", 1))
	ts, err := tests.Parse("t.tests", []byte("test T = ( inc | inc )\ntest U = ( racy | racy )\n"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	cache := &countingCache{DirCache: DirCache{Dir: t.TempDir()}}
	opt := PipelineOptions{MaxUnroll: 4, Cache: cache}
	sc := memmodel.MustByName("sc")

	first, err := CheckTest(ctx, ref, nil, ts[0], sc, opt)
	if err != nil {
		t.Fatal(err)
	}
	if first.SpecCached || cache.stores != 1 || cache.hits != 0 {
		t.Fatalf("first run: cached %v, %d stores, %d hits", first.SpecCached, cache.stores, cache.hits)
	}
	// The same reference again, now checking an edited implementation:
	// the set comes from the cache and is the same.
	second, err := CheckTest(ctx, impl, ref, ts[0], sc, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !second.SpecCached || cache.hits != 1 || cache.stores != 1 {
		t.Fatalf("second run: cached %v, %d stores, %d hits", second.SpecCached, cache.stores, cache.hits)
	}
	if !slices.Equal(first.Spec.Keys(), second.Spec.Keys()) || second.Verdict != first.Verdict {
		t.Fatalf("cached set %v (%s), mined %v (%s)", second.Spec.Keys(), second.Verdict, first.Spec.Keys(), first.Verdict)
	}
	// Mining the edited program itself is a different key.
	if _, err := CheckTest(ctx, impl, nil, ts[0], sc, opt); err != nil {
		t.Fatal(err)
	}
	if cache.stores != 2 {
		t.Errorf("editing the mined program did not mine again (%d stores)", cache.stores)
	}
	// A corrupt entry is a miss, then overwritten.
	files, _ := filepath.Glob(filepath.Join(cache.Dir, "*.json"))
	for _, f := range files {
		if err := os.WriteFile(f, []byte("{not json"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	again, err := CheckTest(ctx, ref, nil, ts[0], sc, opt)
	if err != nil {
		t.Fatal(err)
	}
	if again.SpecCached || !slices.Equal(again.Spec.Keys(), first.Spec.Keys()) {
		t.Errorf("after corrupting the cache: cached %v, keys %v", again.SpecCached, again.Spec.Keys())
	}
	// Only conclusive sets are stored: a failing mining run is not.
	before := cache.stores
	bad, _, err := MineTest(ctx, parse(strings.Replace(counters, "observe output \"old\" v\n}\n\n// racy", "observe output \"old\" v\n  z = 0\n  assert z\n}\n\n// racy", 1)), ts[0], opt)
	if err != nil {
		t.Fatal(err)
	}
	if bad.Verdict != Fail || cache.stores != before {
		t.Errorf("failing mining: verdict %s, %d new stores", bad.Verdict, cache.stores-before)
	}
}

func TestSpecKey(t *testing.T) {
	p, err := lsl.Parse("counters.lsl", []byte(counters))
	if err != nil {
		t.Fatal(err)
	}
	ts, err := tests.Parse("t.tests", []byte("test A = ( inc | inc )\ntest B = ( inc | inc )\ntest C = ( inc inc )\ntest D = inc ( inc )\n"))
	if err != nil {
		t.Fatal(err)
	}
	keys := make([]string, len(ts))
	for i, tc := range ts {
		if keys[i], err = SpecKey(p, tc); err != nil {
			t.Fatal(err)
		}
	}
	if keys[0] != keys[1] {
		t.Error("renaming a test changed its key")
	}
	if keys[0] == keys[2] || keys[2] == keys[3] || keys[0] == keys[3] {
		t.Error("different harnesses share a key")
	}
}
