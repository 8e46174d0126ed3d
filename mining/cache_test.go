package mining

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"

	"checkfence/cfront"
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

// loopMP is message passing whose receiver counts up to the data in a
// loop: a set of two outcomes mined with a loop bound above 1.
const loopMP = `#include "lsl_protos.h"
int data, flag;
void init(void) { data = 0; flag = 0; }
void send(void) { data = 2; flag = 1; }
void recv(void)
{
    int f = flag;
    int d = data;
    int i = 0;
    while (i < d)
        i++;
    lsl_observe_output("flag", f);
    if (f)
        lsl_observe_output("i", i);
}
`

// compileTest compiles C (a file name, or the text itself if it names no
// file) and parses the tests named in harness.
func compileTest(tb testing.TB, file, text, harness string) (*lsl.Program, []*tests.Test) {
	tb.Helper()
	var prog *lsl.Program
	var err error
	if text != "" {
		prog, err = cfront.CompileSources([]cfront.Source{{Name: file, Text: text}}, cfront.Options{})
	} else {
		prog, err = cfront.Compile([]string{file}, cfront.Options{})
	}
	if err != nil {
		tb.Fatal(err)
	}
	ts, err := tests.Parse("t.tests", []byte(harness))
	if err != nil {
		tb.Fatal(err)
	}
	return prog, ts
}

// editEntry applies edit to the entry of the file as generic JSON.
func editEntry(t *testing.T, file string, edit func(e map[string]any)) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var e map[string]any
	if err := json.Unmarshal(b, &e); err != nil {
		t.Fatal(err)
	}
	edit(e)
	if b, err = json.Marshal(e); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// forgeEntry edits the entry of the file and gives it the checksum of
// its new content, as a forger (or a bug) would.
func forgeEntry(t *testing.T, file string, edit func(c *CachedSpec)) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	c := decodeEntry(b)
	if c.damage != nil {
		t.Fatal(c.damage)
	}
	edit(c)
	c.Checksum = c.checksum()
	if b, err = json.Marshal(c); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// outcomeList returns the outcomes of a generic entry.
func outcomeList(e map[string]any) []any { return e["outcomes"].([]any) }

// setObs sets the value of observation k of invocation 0 of thread th of
// a generic outcome.
func setObs(o any, th, k int, val string) {
	o.(map[string]any)["Threads"].([]any)[th].([]any)[0].([]any)[k].(map[string]any)["Val"] = val
}

// TestCacheTampering: whatever is done to a cache entry, the verdict is
// the one checkfence gives without a cache (CLI.md). An entry that is
// damaged, another test's, or otherwise not to be believed is mined
// again, with a note saying why, and overwritten by the fresh one.
func TestCacheTampering(t *testing.T) {
	mp, mpTests := compileTest(t, "../examples/c/mp.c", "", "test T0 = init ( send | recv )\ntest T1 = init ( recv | send )\n")
	msn, msnTests := compileTest(t, "../algorithms/msn/msn.c", "", "test T0 = i ( e | d )\ntest Ti2 = i e ( e d | d e )\n")
	loop, loopTests := compileTest(t, "loopmp.c", loopMP, "test T0 = init ( send | recv )\n")
	relaxed, sc := memmodel.MustByName("relaxed"), memmodel.MustByName("sc")
	type target struct {
		prog  *lsl.Program
		test  *tests.Test
		other *tests.Test // whose entry is swapped in
		model *memmodel.Model
	}
	mpT0 := target{mp, mpTests[0], mpTests[1], relaxed}
	msnT0 := target{msn, msnTests[0], msnTests[1], sc}
	loopT0 := target{loop, loopTests[0], nil, sc}
	swap := func(t *testing.T, file, other string) {
		b, err := os.ReadFile(other)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name   string
		target target
		// tamper edits file, the entry of the test; other is the entry of
		// target.other
		tamper func(t *testing.T, file, other string)
		// maxUnroll for the tampered run (default 10), noStutter the
		// option
		maxUnroll int
		noStutter bool
		want      Verdict
		// stays: the fresh mining stores nothing (inconclusive), so the
		// entry is ignored again on the next run
		stays bool
	}{
		{name: "{}", target: mpT0, want: Fail, tamper: func(t *testing.T, file, _ string) { os.WriteFile(file, []byte("{}"), 0o644) }},
		{name: "null", target: mpT0, want: Fail, tamper: func(t *testing.T, file, _ string) { os.WriteFile(file, []byte("null"), 0o644) }},
		{name: "empty outcome list", target: mpT0, want: Fail, tamper: func(t *testing.T, file, _ string) {
			editEntry(t, file, func(e map[string]any) { e["outcomes"] = []any{} })
		}},
		{name: "one value changed", target: mpT0, want: Fail, tamper: func(t *testing.T, file, _ string) {
			// the outcome flag=1 data=42 becomes the bad flag=1 data=0
			editEntry(t, file, func(e map[string]any) { setObs(outcomeList(e)[1], 1, 1, "0") })
		}},
		{name: "outcome added", target: mpT0, want: Fail, tamper: func(t *testing.T, file, _ string) {
			editEntry(t, file, func(e map[string]any) {
				var bad any
				b, _ := json.Marshal(outcomeList(e)[1])
				json.Unmarshal(b, &bad)
				setObs(bad, 1, 1, "0")
				e["outcomes"] = append(outcomeList(e), bad)
			})
		}},
		{name: "another test's entry", target: mpT0, want: Fail, tamper: swap},
		{name: "msn: another test's entry", target: msnT0, want: Pass, tamper: swap},
		{name: "msn: another test's outcomes, checksum recomputed", target: msnT0, want: Pass, tamper: func(t *testing.T, file, other string) {
			swap(t, file, other)
			forgeEntry(t, file, func(c *CachedSpec) {
				c.Init, c.Threads = []string{"i"}, [][]string{{"e"}, {"d"}}
			})
		}},
		{name: "error outcome, checksum recomputed", target: mpT0, want: Fail, tamper: func(t *testing.T, file, _ string) {
			forgeEntry(t, file, func(c *CachedSpec) {
				c.Outcomes = append(c.Outcomes, lsl.Outcome{Init: c.Outcomes[0].Init, Threads: c.Outcomes[0].Threads, Fault: lsl.FaultUndefined})
			})
		}},
		{name: "truncated file", target: mpT0, want: Fail, tamper: func(t *testing.T, file, _ string) {
			b, _ := os.ReadFile(file)
			os.WriteFile(file, b[:len(b)/2], 0o644)
		}},
		// Not files: read forever, or block on open (a run without a
		// verdict, whatever its time limit).
		{name: "a named pipe", target: mpT0, want: Fail, tamper: func(t *testing.T, file, _ string) {
			os.Remove(file)
			if err := syscall.Mkfifo(file, 0o644); err != nil {
				t.Skip(err)
			}
		}},
		{name: "a link to /dev/zero", target: mpT0, want: Fail, tamper: func(t *testing.T, file, _ string) {
			os.Remove(file)
			if err := os.Symlink("/dev/zero", file); err != nil {
				t.Skip(err)
			}
		}},
		{name: "wrong format version", target: mpT0, want: Fail, tamper: func(t *testing.T, file, _ string) {
			editEntry(t, file, func(e map[string]any) { e["format"] = "checkfence observation set v2" })
		}},
		{name: "bounds tampered", target: loopT0, want: Pass, tamper: func(t *testing.T, file, _ string) {
			editEntry(t, file, func(e map[string]any) {
				for k := range e["bounds"].(map[string]any) {
					e["bounds"].(map[string]any)[k] = 1 // the loop needs 2
				}
			})
		}},
		// Not tampered: mined with a larger MaxUnroll than this run's.
		{name: "bounds above MaxUnroll", target: loopT0, maxUnroll: 1, want: Inconclusive, stays: true},
		{name: "other stutter reduction", target: loopT0, noStutter: true, want: Pass},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tg := tc.target
			opt := PipelineOptions{MaxUnroll: tc.maxUnroll, NoStutterReduction: tc.noStutter}
			if opt.MaxUnroll == 0 {
				opt.MaxUnroll = 10
			}
			ctx := context.Background()
			fresh, err := CheckTest(ctx, tg.prog, nil, tg.test, tg.model, opt)
			if err != nil {
				t.Fatal(err)
			}
			if fresh.Verdict != tc.want {
				t.Fatalf("without a cache: %s, want %s", fresh.Verdict, tc.want)
			}
			cache := DirCache{Dir: t.TempDir()}
			genuine := PipelineOptions{MaxUnroll: 10, Cache: cache}
			entry := func(tt *tests.Test) string {
				if _, _, err := MineTest(ctx, tg.prog, tt, genuine); err != nil {
					t.Fatal(err)
				}
				k, err := SpecKey(tg.prog, tt)
				if err != nil {
					t.Fatal(err)
				}
				return cache.path(k)
			}
			file, other := entry(tg.test), ""
			if tg.other != nil {
				other = entry(tg.other)
			}
			if tc.tamper != nil {
				tc.tamper(t, file, other)
			}
			var mu sync.Mutex
			var notes []string
			opt.Cache = cache
			opt.Progress = func(format string, args ...any) {
				mu.Lock()
				notes = append(notes, fmt.Sprintf(format, args...))
				mu.Unlock()
			}
			for run := range 2 {
				notes = nil
				res, err := CheckTest(ctx, tg.prog, nil, tg.test, tg.model, opt)
				if err != nil {
					t.Fatal(err)
				}
				if res.Verdict != fresh.Verdict || !slices.Equal(res.Spec.Keys(), fresh.Spec.Keys()) {
					t.Fatalf("run %d: %s with spec %v; without a cache %s with spec %v", run, res.Verdict, res.Spec.Keys(), fresh.Verdict, fresh.Spec.Keys())
				}
				ignored := slices.ContainsFunc(notes, func(n string) bool { return strings.Contains(n, "cached observation set ignored") })
				// first run: the entry is ignored; second: the fresh one
				// that replaced it is used
				if wantIgnored := run == 0 || tc.stays; res.SpecCached == wantIgnored || ignored != wantIgnored {
					t.Errorf("run %d: spec cached %v, ignored-note %v; notes %q", run, res.SpecCached, ignored, notes)
				}
			}
		})
	}
}

// TestCacheUnwritable: a cache that cannot be written is a warning, and
// the verdict and the set are those without a cache.
func TestCacheUnwritable(t *testing.T) {
	prog, ts := compileTest(t, "../examples/c/mp.c", "", "test T0 = init ( send | recv )\n")
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	var warnings []string
	opt := PipelineOptions{Cache: DirCache{Dir: filepath.Join(file, "sub")}, Warn: func(format string, args ...any) {
		warnings = append(warnings, fmt.Sprintf(format, args...))
	}}
	res, err := CheckTest(context.Background(), prog, nil, ts[0], memmodel.MustByName("relaxed"), opt)
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != Fail || res.Spec.Len() != 2 {
		t.Errorf("verdict %s, %d observations; want fail, 2", res.Verdict, res.Spec.Len())
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "cannot write the observation-set cache") {
		t.Errorf("warnings %q", warnings)
	}
}

// layoutReuse frees a block of struct s1 and allocates one of struct s2:
// the second can be the first (and ok can be 1 serially) only if the two
// have the same words at the same bytes (lsl.SameWords). Otherwise ok=1
// comes only from reordering w's stores, which relaxed allows.
const layoutReuse = `#include "lsl_protos.h"
struct s1 { int a; long b; };
struct s2 { S2 };
int data, flag;
void w(void) { data = 1; flag = 1; }
void r(void) {
  struct s1 *p = lsl_malloc(sizeof(struct s1));
  lsl_free(p);
  struct s2 *q = lsl_malloc(sizeof(struct s2));
  int f = flag;
  int d = data;
  lsl_observe_output("ok", (f == 1 && d == 0) || (void *)p == (void *)q);
}
`

// TestCacheLayout: programs that differ only in a struct's byte layout
// (same size, same field names) have different observation sets, so one
// must not be given the other's from the cache (CLI.md). Each is checked
// in turn with one cache.
func TestCacheLayout(t *testing.T) {
	cache := &countingCache{DirCache: DirCache{Dir: t.TempDir()}}
	relaxed := memmodel.MustByName("relaxed")
	for i, tc := range []struct {
		s2   string
		want Verdict
		obs  int // observations of the serial set
	}{
		{"int a; long b;", Pass, 2},  // reusable: ok=1 serially too
		{"long a; int b;", Fail, 1},  // other offsets' widths
		{"long a; long b;", Fail, 1}, // a wider than s1's
		{"int a; long b;", Pass, 2},  // the first again: from the cache
	} {
		prog, ts := compileTest(t, "layout.c", strings.Replace(layoutReuse, "S2", tc.s2, 1), "test T = ( w | r )\n")
		res, err := CheckTest(context.Background(), prog, nil, ts[0], relaxed, PipelineOptions{MaxUnroll: 4, Cache: cache})
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict != tc.want || res.Spec.Len() != tc.obs {
			t.Errorf("struct s2 { %s }: %s with %d observations (cached %v), want %s with %d", tc.s2, res.Verdict, res.Spec.Len(), res.SpecCached, tc.want, tc.obs)
		}
		if wantCached := i == 3; res.SpecCached != wantCached {
			t.Errorf("struct s2 { %s }: cached %v, want %v", tc.s2, res.SpecCached, wantCached)
		}
	}
}

// asBuild makes the tests run as the build of checkfence called id.
func asBuild(t *testing.T, id string) {
	t.Helper()
	saved := buildIdentity
	buildIdentity = func() string { return id }
	t.Cleanup(func() { buildIdentity = saved })
}

// TestCacheOtherBuild: an entry another build of checkfence mined is not
// believed, genuine as it may be otherwise: that build's serial runs may
// give another set. It is mined again, with a note, and the verdict is
// the one without a cache.
func TestCacheOtherBuild(t *testing.T) {
	prog, ts := compileTest(t, "../examples/c/mp.c", "", "test T0 = init ( send | recv )\n")
	ctx := context.Background()
	relaxed := memmodel.MustByName("relaxed")
	fresh, err := CheckTest(ctx, prog, nil, ts[0], relaxed, PipelineOptions{MaxUnroll: 10})
	if err != nil {
		t.Fatal(err)
	}
	if fresh.Verdict != Fail || fresh.Spec.Len() != 2 {
		t.Fatalf("without a cache: %s with %d observations, want fail with 2", fresh.Verdict, fresh.Spec.Len())
	}
	cache := DirCache{Dir: t.TempDir()}
	key := func() string {
		k, err := SpecKey(prog, ts[0])
		if err != nil {
			t.Fatal(err)
		}
		return k
	}

	asBuild(t, "old build")
	if _, _, err := MineTest(ctx, prog, ts[0], PipelineOptions{MaxUnroll: 10, Cache: cache}); err != nil {
		t.Fatal(err)
	}
	oldKey := key()
	// That build's serial runs also gave flag=1 data=0 (the outcome that
	// makes mp fail on relaxed): believed, the set would hide the failure.
	forgeEntry(t, cache.path(oldKey), func(c *CachedSpec) {
		var bad lsl.Outcome
		b, _ := json.Marshal(c.Outcomes[1])
		json.Unmarshal(b, &bad)
		bad.Threads[1][0][1].Val = lsl.Int(0)
		c.Outcomes = append(c.Outcomes, bad)
	})

	asBuild(t, "new build")
	if key() == oldKey {
		t.Fatal("two builds share a key")
	}
	// Under the new build's key too (a key is only a file name).
	b, err := os.ReadFile(cache.path(oldKey))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cache.path(key()), b, 0o644); err != nil {
		t.Fatal(err)
	}
	var notes []string
	opt := PipelineOptions{MaxUnroll: 10, Cache: cache, Progress: func(format string, args ...any) {
		notes = append(notes, fmt.Sprintf(format, args...))
	}}
	for run, wantCached := range []bool{false, true} {
		notes = nil
		res, err := CheckTest(ctx, prog, nil, ts[0], relaxed, opt)
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict != fresh.Verdict || !slices.Equal(res.Spec.Keys(), fresh.Spec.Keys()) || res.SpecCached != wantCached {
			t.Errorf("run %d: %s with %v (cached %v); want %s with %v (cached %v)", run, res.Verdict, res.Spec.Keys(), res.SpecCached, fresh.Verdict, fresh.Spec.Keys(), wantCached)
		}
		ignored := slices.ContainsFunc(notes, func(n string) bool { return strings.Contains(n, "mined by another build") })
		if ignored == wantCached {
			t.Errorf("run %d: note of another build's entry %v; notes %q", run, ignored, notes)
		}
	}
}

// TestReadBuildIdentity: a build is named by its build information only
// when that pins its source (a clean checkout), else by its executable's
// content, else by a name no other process has.
func TestReadBuildIdentity(t *testing.T) {
	dir := t.TempDir()
	exeA, exeB := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	os.WriteFile(exeA, []byte("one binary"), 0o755)
	os.WriteFile(exeB, []byte("another binary"), 0o755)
	info := func(goVersion string, settings ...string) func() (*debug.BuildInfo, bool) {
		return func() (*debug.BuildInfo, bool) {
			bi := &debug.BuildInfo{GoVersion: goVersion, Path: "checkfence/cmd/checkfence", Main: debug.Module{Path: "checkfence", Version: "(devel)"}}
			for i := 0; i < len(settings); i += 2 {
				bi.Settings = append(bi.Settings, debug.BuildSetting{Key: settings[i], Value: settings[i+1]})
			}
			return bi, true
		}
	}
	noInfo := func() (*debug.BuildInfo, bool) { return nil, false }
	exe := func(p string) func() (string, error) { return func() (string, error) { return p, nil } }
	noExe := func() (string, error) { return "", errors.New("no executable") }
	clean := func(rev string) func() (*debug.BuildInfo, bool) {
		return info("go1.26.8", "vcs", "git", "vcs.revision", rev, "vcs.modified", "false")
	}
	modified := info("go1.26.8", "vcs", "git", "vcs.revision", "abc", "vcs.modified", "true")

	for _, tc := range []struct {
		name string
		a, b string // identities that must differ, or be equal if same
		same bool
	}{
		{"a clean build is its build information, not its executable", readBuildIdentity(clean("abc"), exe(exeA)), readBuildIdentity(clean("abc"), exe(exeB)), true},
		{"another commit", readBuildIdentity(clean("abc"), exe(exeA)), readBuildIdentity(clean("abd"), exe(exeA)), false},
		{"another Go", readBuildIdentity(clean("abc"), exe(exeA)), readBuildIdentity(info("go1.27", "vcs.revision", "abc", "vcs.modified", "false"), exe(exeA)), false},
		{"a modified tree: the executable", readBuildIdentity(modified, exe(exeA)), readBuildIdentity(modified, exe(exeB)), false},
		{"a modified tree, same executable", readBuildIdentity(modified, exe(exeA)), readBuildIdentity(noInfo, exe(exeA)), true},
		{"no version control information: the executable", readBuildIdentity(info("go1.26.8"), exe(exeA)), readBuildIdentity(info("go1.26.8"), exe(exeB)), false},
		{"nothing known: every process its own", readBuildIdentity(noInfo, noExe), readBuildIdentity(noInfo, noExe), false},
		{"an unreadable executable", readBuildIdentity(modified, exe(filepath.Join(dir, "none"))), readBuildIdentity(modified, exe(filepath.Join(dir, "none"))), false},
	} {
		if (tc.a == tc.b) != tc.same {
			t.Errorf("%s: %q and %q", tc.name, tc.a, tc.b)
		}
	}
	sum := sha256.Sum256([]byte("one binary"))
	if got, want := readBuildIdentity(modified, exe(exeA)), "executable "+hex.EncodeToString(sum[:]); got != want {
		t.Errorf("modified tree: %q, want %q", got, want)
	}
}
