package tests

import (
	"slices"
	"testing"
)

func TestSelect(t *testing.T) {
	// T2 is defined three times, as T2, T2#2 and T2#3.
	const src = `
test T0 = i ( e | d )
test T2 = i ( e | e )
test T1 = i ( d | d )
test T2 = i ( d | e )
test T2 = i ( e d | e )
`
	all, err := Parse("s.lsl", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name    string
		names   []string
		want    []string // names of the selected tests
		wantErr string
	}{
		{"all by default", nil, []string{"T0", "T2", "T1", "T2#2", "T2#3"}, ""},
		{"all by empty list", []string{}, []string{"T0", "T2", "T1", "T2#2", "T2#3"}, ""},
		{"one", []string{"T1"}, []string{"T1"}, ""},
		{"file order, not argument order", []string{"T1", "T0"}, []string{"T0", "T1"}, ""},
		{"a name picks its duplicates", []string{"T2"}, []string{"T2", "T2#2", "T2#3"}, ""},
		{"one duplicate", []string{"T2#2"}, []string{"T2#2"}, ""},
		{"first definition only", []string{"T2#1"}, nil,
			`no test named "T2#1"; the tests are T0, T2, T1, T2#2, T2#3`},
		{"repeated names pick once", []string{"T0", "T0", "T2#3", "T2"}, []string{"T0", "T2", "T2#2", "T2#3"}, ""},
		{"unknown", []string{"T0", "T9"}, nil,
			`no test named "T9"; the tests are T0, T2, T1, T2#2, T2#3`},
		{"several unknown", []string{"T8", "t0", "T8"}, nil,
			`no test named "T8", "t0"; the tests are T0, T2, T1, T2#2, T2#3`},
		{"prefix is not a match", []string{"T"}, nil,
			`no test named "T"; the tests are T0, T2, T1, T2#2, T2#3`},
		{"empty name", []string{""}, nil,
			`no test named ""; the tests are T0, T2, T1, T2#2, T2#3`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Select(all, c.names)
			if c.wantErr != "" {
				if err == nil || err.Error() != c.wantErr {
					t.Fatalf("error %v, want %s", err, c.wantErr)
				}
				if got != nil {
					t.Errorf("tests %v returned with the error", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, test := range got {
				names = append(names, test.Name)
			}
			if !slices.Equal(names, c.want) {
				t.Errorf("selected %v, want %v", names, c.want)
			}
		})
	}
}

// Tests of several files may share names; nil entries are ignored.
func TestSelectEdges(t *testing.T) {
	a, errA := Parse("a.lsl", []byte("test T0 = ( e )"))
	b, errB := Parse("b.lsl", []byte("test T0 = ( d ) test T1 = ( d )"))
	if errA != nil || errB != nil {
		t.Fatal(errA, errB)
	}
	all := append(append([]*Test{nil}, a...), b...)
	cases := []struct {
		name    string
		all     []*Test
		names   []string
		want    []string // files of the selected tests
		wantErr string
	}{
		{"same name in two files", all, []string{"T0"}, []string{"a.lsl", "b.lsl"}, ""},
		{"nil skipped", all, nil, []string{"a.lsl", "b.lsl", "b.lsl"}, ""},
		{"names listed once", all, []string{"X"}, nil, `no test named "X"; the tests are T0, T1`},
		{"no tests, none asked", nil, nil, nil, ""},
		{"no tests, one asked", nil, []string{"T0"}, nil, `no test named "T0": there are no tests`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Select(c.all, c.names)
			if c.wantErr != "" {
				if err == nil || err.Error() != c.wantErr {
					t.Fatalf("error %v, want %s", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var files []string
			for _, test := range got {
				files = append(files, test.Pos.File)
			}
			if !slices.Equal(files, c.want) {
				t.Errorf("selected tests of %v, want %v", files, c.want)
			}
		})
	}
}
