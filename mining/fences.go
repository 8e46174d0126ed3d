package mining

import (
	"context"
	"sort"

	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/tests"
)

// FenceVerdict says whether one fence of a program is needed by a set of
// tests on a model (paper Section 4.2: "we verified that on Relaxed these
// fences are sufficient and necessary for the tests").
type FenceVerdict struct {
	Pos  lsl.Pos
	Kind lsl.FenceKind
	// Needed is set when some test does not pass without the fence; Result
	// is that test's check without it.
	Needed bool
	Result *TestResult
}

// FenceNecessity checks prog without each of its fences in turn: a fence
// is one lsl_fence in the source, however often it is inlined. Fences are
// identified by position; those without one (none come from C) are
// skipped, and so are the fences of atomic operations' memory orders
// (Implied) and those that do not exist on m. The specification is mined once per test, from spec (prog if
// nil; fences do not change serial executions), and reused.
func FenceNecessity(ctx context.Context, prog, spec *lsl.Program, ts []*tests.Test, m *memmodel.Model, opt PipelineOptions) ([]FenceVerdict, error) {
	type site struct {
		pos  lsl.Pos
		kind lsl.FenceKind
	}
	seen := map[site]bool{}
	var sites []site
	for _, f := range prog.Fences() {
		s := site{f.Pos, f.Kind}
		if f.Pos.IsValid() && !f.Implied && f.On(m.Name) && !seen[s] {
			seen[s] = true
			sites = append(sites, s)
		}
	}
	sort.Slice(sites, func(i, j int) bool {
		a, b := sites[i].pos, sites[j].pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	if spec == nil {
		spec = prog
	}
	if opt.Cache == nil {
		opt.Cache = NewMemoryCache()
	}
	var out []FenceVerdict
	for _, s := range sites {
		v := FenceVerdict{Pos: s.pos, Kind: s.kind}
		without := prog.WithoutFences(func(f *lsl.Fence) bool { return f.Pos == s.pos && f.Kind == s.kind && !f.Implied })
		for _, t := range ts {
			opt.progress("without the %s fence at %s: %s", s.kind, s.pos, t.Name)
			res, err := CheckTest(ctx, without, spec, t, m, opt)
			if err != nil {
				return nil, err
			}
			if res.Verdict != Pass {
				v.Needed, v.Result = true, res
				break
			}
		}
		out = append(out, v)
	}
	return out, nil
}

// NewMemoryCache returns a SpecCache that lives as long as the process:
// one run that checks the same tests several times mines each once.
func NewMemoryCache() SpecCache { return memoryCache{} }

type memoryCache map[string]*CachedSpec

func (c memoryCache) Load(key string) (*CachedSpec, bool) { s, ok := c[key]; return s, ok }
func (c memoryCache) Store(key string, s *CachedSpec) error {
	c[key] = s
	return nil
}
