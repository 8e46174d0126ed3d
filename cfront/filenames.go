package cfront

import (
	"os"
	"path/filepath"
	"strings"
)

// fileNames gives each file read in one compilation a single name in
// positions, whatever path reached it: a.c given as /dir/a.c and b.c as
// b.c, both including "h.h", or "h.h" and <h.h> with -I $PWD, or a
// symlink to it. A fence slot is a place in the source (SEMANTICS.md,
// "Fence placement"), numbered by position, and the listing and the
// patch go by position too: two names of one file would make one place
// two slots, and the patch two sections for one file. The name is the
// first path the file was reached by (command-line order, then include
// order).
type fileNames struct {
	byPath map[string]string // display name by path read
	mem    map[string]string // by cleaned path, for files not on disk
	seen   []namedFile       // the files on disk, by identity
}

type namedFile struct {
	info os.FileInfo
	name string
}

// display returns the name positions of the file read as path carry
// (shown), and the name for wrapSource's #line (line): shown itself, or,
// where shown is in another directory, path with shown appended
// (lineName).
func (n *fileNames) display(path string) (shown, line string) {
	if strings.ContainsAny(path, "\"\\\n\r") { // wrapSource cannot name it
		return path, path
	}
	d, ok := n.byPath[path]
	if !ok {
		d = n.first(path)
		if n.byPath == nil {
			n.byPath = map[string]string{}
		}
		n.byPath[path] = d
	}
	if d == path || sameDir(d, path) {
		return d, d
	}
	return d, lineName(path, d)
}

// A #line name of lineName's: cc looks for "..." includes in the
// directory of the name in #line, which must be that of the path the
// file was read as (as gcc does: through other/h.h, "g.h" is other/g.h);
// positions carry the name after the marker (shownName). That name has
// its slashes replaced, so that the directory cc sees stays the path's.
const (
	shownMarker = "\x01checkfence-shown:"
	shownSlash  = "\x02"
)

func lineName(path, shown string) string {
	return path + shownMarker + strings.ReplaceAll(shown, "/", shownSlash)
}

// shownName is the name positions of the file cc names file carry.
func shownName(file string) string {
	if _, s, ok := strings.Cut(file, shownMarker); ok {
		return strings.ReplaceAll(s, shownSlash, "/")
	}
	return file
}

// first returns the first name by which the file read as name was read,
// recording name if it is the first.
func (n *fileNames) first(name string) string {
	info, err := os.Stat(name)
	if err != nil { // a source given in memory (CompileSources)
		clean := filepath.Clean(name)
		if d, ok := n.mem[clean]; ok {
			return d
		}
		if n.mem == nil {
			n.mem = map[string]string{}
		}
		n.mem[clean] = name
		return name
	}
	for _, f := range n.seen {
		if os.SameFile(f.info, info) {
			return f.name
		}
	}
	n.seen = append(n.seen, namedFile{info, name})
	return name
}

// sameDir reports whether the files a and b are in one directory.
func sameDir(a, b string) bool {
	da, db := filepath.Dir(a), filepath.Dir(b)
	if da == db {
		return true
	}
	ia, err := os.Stat(da)
	if err != nil {
		return false
	}
	ib, err := os.Stat(db)
	return err == nil && os.SameFile(ia, ib)
}
