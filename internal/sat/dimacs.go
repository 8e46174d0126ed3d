package sat

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/go-air/gini/z"
)

// ReadDIMACS parses a DIMACS CNF file, returning the number of variables
// and the clauses.
func ReadDIMACS(r io.Reader) (int, [][]z.Lit, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	nv := 0
	var cls [][]z.Lit
	var cur []z.Lit
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == 'c' || line[0] == '%' {
			continue
		}
		f := strings.Fields(line)
		if f[0] == "p" {
			if len(f) < 3 {
				return 0, nil, fmt.Errorf("bad header %q", line)
			}
			n, err := strconv.Atoi(f[2])
			if err != nil {
				return 0, nil, fmt.Errorf("bad header %q", line)
			}
			nv = max(nv, n)
			continue
		}
		for _, w := range f {
			n, err := strconv.Atoi(w)
			if err != nil {
				return 0, nil, fmt.Errorf("bad literal %q", w)
			}
			if n == 0 {
				cls = append(cls, cur)
				cur = nil
				continue
			}
			nv = max(nv, n, -n)
			cur = append(cur, z.Dimacs2Lit(n))
		}
	}
	if len(cur) > 0 {
		cls = append(cls, cur)
	}
	return nv, cls, sc.Err()
}
