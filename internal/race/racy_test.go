package race

import "testing"

func TestRacy(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{"// racy: reads a total plainly\nint x;", true},
		{"using System;\n  //racy:reason\n", true},
		{"// racy:\nint x;", false},            // a reason is required
		{"int racy = 1; // racy: no\n", false}, // only a line of its own
		{"// not racy: at all\n", false},
	} {
		if got := Racy([]byte(tc.src)); got != tc.want {
			t.Errorf("Racy(%q) = %v, want %v", tc.src, got, tc.want)
		}
	}
}
