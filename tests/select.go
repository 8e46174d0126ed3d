package tests

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Select returns the tests of all that names picks, in the order of all;
// with no names, all of them. A name picks the tests called so and, unless
// it carries a "#", their renamed duplicates: "T2" picks T2, T2#2, ...,
// while "T2#2" picks only that one. A name that picks nothing is an error
// that lists the names there are.
func Select(all []*Test, names []string) ([]*Test, error) {
	var tests []*Test
	for _, t := range all {
		if t != nil {
			tests = append(tests, t)
		}
	}
	if len(names) == 0 {
		return tests, nil
	}
	picks := func(name string, t *Test) bool {
		return t.Name == name || !strings.Contains(name, "#") && t.BaseName() == name
	}
	var unknown []string
	for _, name := range names {
		if !slices.ContainsFunc(tests, func(t *Test) bool { return picks(name, t) }) &&
			!slices.Contains(unknown, strconv.Quote(name)) {
			unknown = append(unknown, strconv.Quote(name))
		}
	}
	if len(unknown) > 0 {
		what := "no test named " + strings.Join(unknown, ", ")
		var have []string
		for _, t := range tests {
			if !slices.Contains(have, t.Name) {
				have = append(have, t.Name)
			}
		}
		if len(have) == 0 {
			return nil, fmt.Errorf("%s: there are no tests", what)
		}
		return nil, fmt.Errorf("%s; the tests are %s", what, strings.Join(have, ", "))
	}
	var picked []*Test
	for _, t := range tests {
		if slices.ContainsFunc(names, func(name string) bool { return picks(name, t) }) {
			picked = append(picked, t)
		}
	}
	return picked, nil
}
