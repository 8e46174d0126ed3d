package longtest

import "testing"

func TestEnabled(t *testing.T) {
	for _, tc := range []struct {
		val  string
		want bool
	}{{"", false}, {"0", false}, {"1", true}, {"yes", true}} {
		t.Setenv(Env, tc.val)
		if got := Enabled(); got != tc.want {
			t.Errorf("%s=%q: Enabled() = %v, want %v", Env, tc.val, got, tc.want)
		}
		want := 10
		if tc.want {
			want = 1000
		}
		if got := N(10, 1000); got != want {
			t.Errorf("%s=%q: N(10, 1000) = %d, want %d", Env, tc.val, got, want)
		}
	}
}
