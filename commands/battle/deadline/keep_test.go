package deadline

import (
	"testing"
	"time"
)

// covered: a change writes the index first only when it brings the due
// time earlier than the stored one; a firing sets it exactly.
func TestCovered(t *testing.T) {
	t0 := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	var none time.Time
	h := func(n int) time.Time { return t0.Add(time.Duration(n) * time.Hour) }
	for _, tc := range []struct {
		name                 string
		before, after, wrote time.Time
		written, firing      bool
		want                 bool
	}{
		{"nothing due", none, none, none, false, false, true},
		{"later than stored", h(1), h(2), none, false, false, true},
		{"first deadline", none, h(2), none, false, false, false},
		{"earlier than stored", h(3), h(2), none, false, false, false},
		{"lowered already", h(3), h(2), h(2), true, false, true},
		{"firing, not written", h(1), h(2), none, false, true, false},
		{"firing, written", h(1), h(2), h(2), true, true, true},
		{"firing, moved earlier since", h(1), h(2), h(3), true, true, false},
		{"firing, nothing left", h(1), none, none, true, true, true},
		{"firing, something left", h(1), h(2), none, true, true, false},
	} {
		if got := covered(tc.before, tc.after, tc.wrote, tc.written, tc.firing); got != tc.want {
			t.Errorf("%s: covered = %v, want %v", tc.name, got, tc.want)
		}
	}
}
