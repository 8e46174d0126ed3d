package mining

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"checkfence/lsl"
	"checkfence/tests"
	"checkfence/unroll"
)

// SpecCache keeps mined observation sets between runs (paper Section 4.4:
// "observation sets need not be recomputed after each change to the
// implementation"). Only complete sets are stored: a mining run that met
// an error or an unbounded loop is not.
//
// Nothing a cache returns is believed unchecked (CLI.md: the cache cannot
// change a verdict): an entry must say what it was mined from and by
// which build, and those must be the program and test being checked and
// this build; its checksum must match its content; its outcomes must fit
// the test. Otherwise it is mined again.
type SpecCache interface {
	// Load returns the entry stored under key, if any.
	Load(key string) (*CachedSpec, bool)
	// Store records an entry under key.
	Store(key string, c *CachedSpec) error
}

// CachedSpec is one stored mining result.
type CachedSpec struct {
	// Format is cacheFormat: an entry of another layout is not read.
	Format string `json:"format"`
	// Build is buildIdentity of the checkfence that mined the set: only
	// that build believes it.
	Build string `json:"build"`
	// What the set was mined from, so that an entry put under another
	// key is recognised: the SHA-256 of the printed program (what
	// SpecKey hashes, with the harness) and the test's operations.
	Program string     `json:"program_sha256"`
	Init    []string   `json:"init"`
	Threads [][]string `json:"threads"`
	// NoStutterReduction is the unrolling option Bounds were found
	// with; the other option may need other bounds.
	NoStutterReduction bool `json:"no_stutter_reduction,omitempty"`

	Outcomes []lsl.Outcome `json:"outcomes"`
	// Blocks name the allocated blocks the outcomes' pointers point
	// into (ObservationSet.Blocks).
	Blocks map[int64]string `json:"blocks,omitempty"`
	// Bounds are the loop bounds that sufficed under serial; CheckTest
	// starts the model's unrolling from them.
	Bounds unroll.Bounds `json:"bounds"`

	// Checksum is the SHA-256 of the fields above (see checksum): an
	// entry damaged into other valid JSON does not match it.
	Checksum string `json:"sha256"`

	// For a person looking at the file; not checked, not used.
	MiningSeconds float64 `json:"mining_s"`
	Test          string  `json:"test"`

	// damage is why DirCache could not read an entry that exists.
	damage error
}

// cacheFormat changes whenever the layout of an entry, or what its fields
// mean, changes: old entries then no longer match any key. It is not what
// keeps an entry from being believed by a build that would mine another
// set (a change to the C front end, the unroller or the serial runs): that
// is buildIdentity, which changes by itself.
const cacheFormat = "checkfence observation set v8" // v8: entries name their build; shapes print their byte layout

// buildIdentity names the build of checkfence that is running, for the
// cache key and Build. What an observation set holds depends on nearly
// all of checkfence (the C front end, the unroller, the interpreter, the
// serial runs). A version number raised by hand when one of them changes
// is easily forgotten, and then an entry an older build wrote is trusted
// by a newer one whose serial runs give another set; so every build is
// its own version (readBuildIdentity), and a new build mines each set
// once again. A variable so that tests can stand in for another build.
var buildIdentity = sync.OnceValue(func() string {
	return readBuildIdentity(debug.ReadBuildInfo, os.Executable)
})

// readBuildIdentity identifies the build that readBuildInfo describes
// and executable names. A build from a clean checkout is named by its
// build information (the commit, the Go version, the dependencies and
// their sums, the build settings), which determines the binary. Any other
// build (from a modified tree, or without version control information,
// as go test and go run make them) is named by the SHA-256 of its
// executable: the same source gives the same binary, and any change to
// the code a different one. If neither can be had, the name is random,
// so that this process believes only the entries it wrote itself.
func readBuildIdentity(readBuildInfo func() (*debug.BuildInfo, bool), executable func() (string, error)) string {
	if info, ok := readBuildInfo(); ok {
		settings := map[string]string{}
		for _, s := range info.Settings {
			settings[s.Key] = s.Value
		}
		if settings["vcs.revision"] != "" && settings["vcs.modified"] == "false" {
			sum := sha256.Sum256([]byte(info.String()))
			return "build " + hex.EncodeToString(sum[:])
		}
	}
	if exe, err := executable(); err == nil {
		if f, err := os.Open(exe); err == nil {
			defer f.Close()
			h := sha256.New()
			if _, err := io.Copy(h, f); err == nil {
				return "executable " + hex.EncodeToString(h.Sum(nil))
			}
		}
	}
	var b [16]byte
	rand.Read(b[:])
	return "process " + hex.EncodeToString(b[:])
}

// checksum is the SHA-256 of c's meaningful fields in their JSON form,
// which encoding/json makes canonical (fields in declaration order, map
// keys sorted), so that it is the same after a round trip through a file.
func (c *CachedSpec) checksum() string {
	b, err := json.Marshal(struct {
		Format             string
		Build              string
		Program            string
		Init               []string
		Threads            [][]string
		NoStutterReduction bool
		Outcomes           []lsl.Outcome
		Blocks             map[int64]string
		Bounds             unroll.Bounds
	}{c.Format, c.Build, c.Program, c.Init, c.Threads, c.NoStutterReduction, c.Outcomes, c.Blocks, c.Bounds})
	if err != nil {
		return "" // matches no stored checksum
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// specInputs are what an observation set is mined from: the cache key,
// and what an entry records of it. The printed program stands for the
// program: lsl.Print writes every field the interpreter and the encoder
// read (a shape's byte layout too, which lsl.SameWords reads), so two
// programs that may have different sets print differently.
type specInputs struct {
	key     string
	build   string // buildIdentity
	program string // SHA-256 of the printed program
	init    []string
	threads [][]string
}

func newSpecInputs(spec *lsl.Program, t *tests.Test) (specInputs, error) {
	var printed bytes.Buffer
	if err := lsl.Print(&printed, spec); err != nil {
		return specInputs{}, err
	}
	build := buildIdentity()
	h := sha256.New()
	h.Write([]byte(cacheFormat + "\n" + build + "\n"))
	h.Write(printed.Bytes())
	// The harness without the test's name: renaming a test does not
	// change its observations.
	in := specInputs{build: build, init: opNames(t.Init), threads: make([][]string, 0, len(t.Threads))}
	h.Write([]byte("\ninit"))
	for _, op := range in.init {
		h.Write([]byte(" " + op))
	}
	for _, th := range t.Threads {
		ops := opNames(th)
		in.threads = append(in.threads, ops)
		h.Write([]byte("\nthread"))
		for _, op := range ops {
			h.Write([]byte(" " + op))
		}
	}
	in.key = hex.EncodeToString(h.Sum(nil))
	sum := sha256.Sum256(printed.Bytes())
	in.program = hex.EncodeToString(sum[:])
	return in, nil
}

// harnessString renders a test's operations as a test file does.
func harnessString(init []string, threads [][]string) string {
	ths := make([]string, len(threads))
	for i, th := range threads {
		ths[i] = strings.Join(th, " ")
	}
	return strings.TrimSpace(strings.Join(init, " ") + " ( " + strings.Join(ths, " | ") + " )")
}

func opNames(ops []tests.OpCall) []string {
	names := make([]string, 0, len(ops))
	for _, op := range ops {
		names = append(names, op.Name)
	}
	return names
}

// SpecKey is the cache key of the observation set of test t of spec: a
// hash of everything that determines the set (the printed program, the
// harness and the build of checkfence), and nothing else.
func SpecKey(spec *lsl.Program, t *tests.Test) (string, error) {
	in, err := newSpecInputs(spec, t)
	return in.key, err
}

// check returns why c cannot be believed as the observation set of test
// t with inputs in under opt, or nil.
func (c *CachedSpec) check(in specInputs, t *tests.Test, opt *PipelineOptions) error {
	switch {
	case c.damage != nil:
		return c.damage
	case c.Format != cacheFormat:
		return fmt.Errorf("format %q, not %q", c.Format, cacheFormat)
	case c.Build != in.build:
		return errors.New("it was mined by another build of checkfence")
	case c.Checksum != c.checksum():
		return errors.New("its checksum does not match its content")
	case c.Program != in.program:
		return errors.New("it was mined from another program")
	case !slices.Equal(c.Init, in.init) || !slices.EqualFunc(c.Threads, in.threads, slices.Equal):
		return fmt.Errorf("it was mined for another test, %s", harnessString(c.Init, c.Threads))
	case c.NoStutterReduction != opt.NoStutterReduction:
		return errors.New("its loop bounds were found with the other stutter-reduction setting")
	}
	// A genuine entry passes these; a forged one may not, and an outcome
	// of another shape would silently exclude nothing.
	seen := map[string]bool{}
	for _, o := range c.Outcomes {
		if err := outcomeFits(o, t); err != nil {
			return fmt.Errorf("outcome %s: %w", o.Key(), err)
		}
		if seen[o.Key()] {
			return fmt.Errorf("outcome %s is listed twice", o.Key())
		}
		seen[o.Key()] = true
	}
	// Bounds above MaxUnroll would decide a test that mining under this
	// MaxUnroll finds inconclusive (the entry may come from a run with a
	// larger one).
	for _, id := range slices.Sorted(maps.Keys(c.Bounds)) {
		if b := c.Bounds[id]; b < 1 || b > opt.MaxUnroll {
			return fmt.Errorf("loop bound %d of %s is outside 1..%d", b, id, opt.MaxUnroll)
		}
	}
	return nil
}

// outcomeFits reports whether o is an outcome a correct execution of t
// could have: an observation list per invocation, no final values, no
// fault.
func outcomeFits(o lsl.Outcome, t *tests.Test) error {
	if o.Fault != lsl.NoFault {
		return errors.New("an error execution")
	}
	if len(o.Final) != 0 {
		return errors.New("final values, which harness tests do not have")
	}
	if len(o.Init) != len(t.Init) || len(o.Threads) != len(t.Threads) {
		return errors.New("another number of threads or init operations")
	}
	items := slices.Clone(o.Init)
	for i, th := range o.Threads {
		if len(th) != len(t.Threads[i]) {
			return fmt.Errorf("another number of operations in thread %d", i)
		}
		items = append(items, th...)
	}
	for _, inv := range items {
		for _, it := range inv {
			if it.Kind > lsl.ObsLabel || (it.Kind == lsl.ObsLabel) != it.Val.IsUndef() {
				return fmt.Errorf("malformed observation %s", it)
			}
		}
	}
	return nil
}

// loadSpec returns the entry of opt.Cache for test t with inputs in, if
// there is one that can be believed; of one that cannot, it tells
// opt.Progress why.
func loadSpec(opt *PipelineOptions, in specInputs, t *tests.Test) (*CachedSpec, bool) {
	c, ok := opt.Cache.Load(in.key)
	if !ok {
		return nil, false
	}
	if err := c.check(in, t, opt); err != nil {
		opt.progress("%s: cached observation set ignored (%v); mining it again", t.Name, err)
		return nil, false
	}
	return c, true
}

// storeSpec stores a mined set in opt.Cache. A cache that cannot be
// written is a warning (CLI.md): the verdict does not need it.
func storeSpec(opt *PipelineOptions, in specInputs, t *tests.Test, set *ObservationSet, bounds unroll.Bounds, took time.Duration) {
	blocks := set.Blocks
	if len(blocks) == 0 {
		blocks = nil // as JSON gives it back, for the checksum
	}
	c := &CachedSpec{
		Format: cacheFormat, Build: in.build, Program: in.program, Init: in.init, Threads: in.threads,
		NoStutterReduction: opt.NoStutterReduction,
		Outcomes:           set.Outcomes, Blocks: blocks, Bounds: maps.Clone(bounds),
		MiningSeconds: took.Seconds(), Test: strings.TrimSpace(t.String()),
	}
	c.Checksum = c.checksum()
	if err := opt.Cache.Store(in.key, c); err != nil {
		opt.warn("cannot write the observation-set cache (%v); going on without it", err)
	}
}

// warn reports trouble that does not change the verdict.
func (o *PipelineOptions) warn(format string, args ...any) {
	if o.Warn != nil {
		o.Warn(format, args...)
	} else {
		o.progress(format, args...)
	}
}

// DirCache is a SpecCache of JSON files in a directory.
type DirCache struct{ Dir string }

// DefaultCacheDir is where checkfence keeps observation sets unless told
// otherwise: the user's cache directory.
func DefaultCacheDir() (string, error) {
	d, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "checkfence", "specs"), nil
}

func (c DirCache) path(key string) string { return filepath.Join(c.Dir, key+".json") }

// Load implements SpecCache. An entry that exists but cannot be read or
// parsed is returned damaged, so that the pipeline can say why it is
// mined again.
func (c DirCache) Load(key string) (*CachedSpec, bool) {
	p := c.path(key)
	// Non-blocking, so that a named pipe in the entry's place does not
	// stop the run before its time limit starts.
	f, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		if _, serr := os.Stat(p); serr != nil {
			return nil, false // no entry
		}
		return &CachedSpec{damage: err}, true
	}
	defer f.Close()
	// Only a regular file can be an entry: a device (a link to
	// /dev/zero) would be read forever.
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		if err == nil {
			err = fmt.Errorf("not a regular file: %s", fi.Mode().Type())
		}
		return &CachedSpec{damage: err}, true
	}
	b, err := io.ReadAll(f)
	if err != nil {
		return &CachedSpec{damage: err}, true
	}
	return decodeEntry(b), true
}

// decodeEntry parses a stored entry; one that is not an entry is
// returned damaged.
func decodeEntry(b []byte) *CachedSpec {
	var s *CachedSpec
	if err := json.Unmarshal(b, &s); err != nil {
		return &CachedSpec{damage: fmt.Errorf("unreadable: %v", err)}
	}
	if s == nil {
		return &CachedSpec{damage: errors.New("not an entry: null")}
	}
	return s
}

// Store implements SpecCache, writing through a temporary file so that a
// concurrent reader never sees half an entry.
func (c DirCache) Store(key string, s *CachedSpec) error {
	if err := os.MkdirAll(c.Dir, 0o755); err != nil {
		return err
	}
	b, err := json.MarshalIndent(s, "", " ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(c.Dir, key+".*.tmp")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), c.path(key)); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}

// specFromCache turns a cache entry into a mining result.
func specFromCache(c *CachedSpec) *ObservationSet {
	set := &ObservationSet{Blocks: c.Blocks, keys: map[string]bool{}}
	for _, o := range c.Outcomes {
		if !set.keys[o.Key()] {
			set.keys[o.Key()] = true
			set.Outcomes = append(set.Outcomes, o)
		}
	}
	return set
}
