package mining

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"time"

	"checkfence/lsl"
	"checkfence/tests"
	"checkfence/unroll"
)

// SpecCache keeps mined observation sets between runs (paper Section 4.4:
// "observation sets need not be recomputed after each change to the
// implementation"). Only complete sets are stored: a mining run that met
// an error or an unbounded loop is not.
type SpecCache interface {
	// Load returns the entry stored under key, if any.
	Load(key string) (*CachedSpec, bool)
	// Store records an entry under key.
	Store(key string, c *CachedSpec) error
}

// CachedSpec is one stored mining result.
type CachedSpec struct {
	Outcomes []lsl.Outcome `json:"outcomes"`
	// Bounds are the loop bounds that sufficed under serial.
	Bounds unroll.Bounds `json:"bounds"`
	// MiningSeconds is how long the mining took when it ran.
	MiningSeconds float64 `json:"mining_s"`
	// What the key was computed from, for a person looking at the file.
	Test string `json:"test"`
}

// cacheFormat changes whenever what is cached, or how it is computed,
// changes meaning: old entries then no longer match any key.
const cacheFormat = "checkfence observation set v2"

// SpecKey is the cache key of the observation set of test t of spec: a
// hash of everything that determines the set (the printed program and
// the harness), and nothing else.
func SpecKey(spec *lsl.Program, t *tests.Test) (string, error) {
	h := sha256.New()
	h.Write([]byte(cacheFormat + "\n"))
	if err := lsl.Print(h, spec); err != nil {
		return "", err
	}
	// The harness without the test's name: renaming a test does not
	// change its observations.
	h.Write([]byte("\ninit"))
	for _, op := range t.Init {
		h.Write([]byte(" " + op.Name))
	}
	for _, th := range t.Threads {
		h.Write([]byte("\nthread"))
		for _, op := range th {
			h.Write([]byte(" " + op.Name))
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
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

// Load implements SpecCache. An unreadable or malformed entry is a miss.
func (c DirCache) Load(key string) (*CachedSpec, bool) {
	b, err := os.ReadFile(c.path(key))
	if err != nil {
		return nil, false
	}
	var s CachedSpec
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, false
	}
	return &s, true
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
	return os.Rename(tmp.Name(), c.path(key))
}

// specFromCache turns a cache entry into a mining result.
func specFromCache(c *CachedSpec) *ObservationSet {
	set := &ObservationSet{keys: map[string]bool{}}
	for _, o := range c.Outcomes {
		if !set.keys[o.Key()] {
			set.keys[o.Key()] = true
			set.Outcomes = append(set.Outcomes, o)
		}
	}
	return set
}

func cachedSpec(t *tests.Test, set *ObservationSet, bounds unroll.Bounds, took time.Duration) *CachedSpec {
	return &CachedSpec{Outcomes: set.Outcomes, Bounds: bounds, MiningSeconds: took.Seconds(), Test: strings.TrimSpace(t.String())}
}
