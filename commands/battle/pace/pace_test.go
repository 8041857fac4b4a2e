package pace

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestParseSpan(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want time.Duration
		str  string
	}{
		{"24h", 24 * time.Hour, "24h"},
		{"2d", 48 * time.Hour, "2d"},
		{"90m", 90 * time.Minute, "1h30m"},
		{"1d12h", 36 * time.Hour, "36h"},
		{" 3D ", 72 * time.Hour, "3d"},
		{"2d6h30m", 54*time.Hour + 30*time.Minute, "2d6h30m"},
		{"1.5h", 90 * time.Minute, "1h30m"},
		{"1w", 7 * 24 * time.Hour, "7d"},
		{"2W", 14 * 24 * time.Hour, "14d"},
		{"1w2d12h", 9*24*time.Hour + 12*time.Hour, "9d12h"},
	} {
		got, err := ParseSpan(tc.in)
		if err != nil || time.Duration(got) != tc.want || got.String() != tc.str {
			t.Errorf("ParseSpan(%q) = %v (%s), %v; want %v (%s)", tc.in, time.Duration(got), got, err, tc.want, tc.str)
		}
	}
	for _, bad := range []string{"", "soon", "-1h", "0h", "1.01h", "d", "1d-2h", "400d", "10s5ms", "w", "1d1w", "53w", "52w2d", "-1w"} {
		if got, err := ParseSpan(bad); err == nil {
			t.Errorf("ParseSpan(%q) = %v, want an error", bad, got)
		}
	}
}

func TestNewRefuses(t *testing.T) {
	for _, tc := range []struct{ move, reminders, expire, want string }{
		{"soon", "", "", "move: `soon` is not a length of time"},
		{"5m", "", "", "between 10m and 30d"},
		{"40d", "", "", "between 10m and 30d"},
		{"24h", "24h", "", "would come before the move falls due"},
		{"24h", "1h,1h", "", "1h is given twice"},
		{"24h", "1h,2h", "", "reminded once a deadline"},
		{"24h", "1x", "", "reminders: `1x` is not a length of time"},
		{"24h", "", "never", "neither `umpire`"},
	} {
		_, err := New(nil, tc.move, tc.reminders, tc.expire)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("New(%q, %q, %q) = %v, want an error saying %q", tc.move, tc.reminders, tc.expire, err, tc.want)
		}
	}
	p, err := New(&Pace{Pings: true}, "24h", " 12h", "pass")
	want := &Pace{Move: Span(24 * time.Hour), Reminders: []Span{Span(12 * time.Hour)}, Expire: ExpirePass, Pings: true}
	if diff := cmp.Diff(want, p); err != nil || diff != "" {
		t.Errorf("New: %v, (-want +got):\n%s", err, diff)
	}
}

// The moments a battle's deadlines fall due at: reminders longest first,
// then the deadline, which stays due only until the umpire is told (Late).
func TestPaceNext(t *testing.T) {
	t0 := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	h := func(n int) time.Time { return t0.Add(time.Duration(n) * time.Hour) }
	p := &Pace{Move: Span(24 * time.Hour), Reminders: []Span{Span(12 * time.Hour), Span(time.Hour)},
		Pending: []Pending{{User: "a", Due: h(24)}, {User: "b", Due: h(30)}}}
	steps := []struct {
		what string
		do   func()
		want time.Time
	}{
		{"a's first reminder", func() {}, h(12)},
		{"after it", func() { p.Pending[0].Reminded = 1 }, h(18)},
		{"after b's", func() { p.Pending[1].Reminded = 1 }, h(23)},
		{"after a's second", func() { p.Pending[0].Reminded = 2 }, h(24)},
		{"a late", func() { p.Pending[0].Late = true }, h(29)},
		{"paused", func() { p.Pause(h(25)) }, time.Time{}},
		{"resumed two hours on", func() { p.Resume(h(27)) }, h(31)},
		{"b extended 12h", func() { p.Extend("b", 12*time.Hour, h(27)) }, h(44 - 1)},
	}
	for _, s := range steps {
		s.do()
		if got := p.Next(); !got.Equal(s.want) {
			t.Errorf("%s: Next() = %v, want %v", s.what, got, s.want)
		}
	}
	if q := p.Pending[1]; q.Reminded != 1 || !q.Due.Equal(h(44)) {
		t.Errorf("b extended: %+v, want due at %v with its 12h reminder still gone (only a reminder not yet due is armed again)", q, h(44))
	}
}

// Due is the earliest thing due by now: a reminder or a deadline passed,
// the earlier first; a move a reader was shown falls due at its own
// deadline when the umpire is told who is late; nothing is due of a
// battle paused or without deadlines.
func TestDue(t *testing.T) {
	t0 := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	h := func(n int) time.Time { return t0.Add(time.Duration(n) * time.Hour) }
	paused := h(0)
	day, hour := Span(24*time.Hour), []Span{Span(time.Hour)}
	for _, tc := range []struct {
		name     string
		p        *Pace
		now      time.Time
		at       time.Time
		wantKind string
	}{
		{"no deadlines", nil, h(5), h(5), "check"},
		{"nothing yet", &Pace{Move: day, Reminders: hour, Pending: []Pending{{User: "a", Due: h(24)}}}, h(5), h(5), "check"},
		{"a reminder", &Pace{Move: day, Reminders: hour, Pending: []Pending{{User: "a", Due: h(24)}}}, h(23), h(23), "remind"},
		{"the deadline before a later reminder", &Pace{Move: day, Reminders: hour, Pending: []Pending{{User: "a", Due: h(24), Reminded: 1}, {User: "b", Due: h(30)}}}, h(30), h(24), "expire"},
		{"a reminder before a later deadline", &Pace{Move: day, Reminders: hour, Pending: []Pending{{User: "a", Due: h(20), Reminded: 1}, {User: "b", Due: h(19)}}}, h(21), h(18), "remind"},
		{"late already", &Pace{Move: day, Pending: []Pending{{User: "a", Due: h(2), Late: true}}}, h(5), h(5), "check"},
		{"shown late", &Pace{Move: day, Seen: map[string][]Pending{"": {{User: "a", Due: h(3)}}}}, h(5), h(3), "expire"},
		{"shown, passed at the deadline", &Pace{Move: day, Expire: ExpirePass, Seen: map[string][]Pending{"": {{User: "a", Due: h(3)}}}}, h(5), h(5), "check"},
		{"paused", &Pace{Move: day, Paused: &paused, Pending: []Pending{{User: "a", Due: h(2)}}}, h(5), h(5), "check"},
	} {
		if at, kind := tc.p.Due(tc.now); !at.Equal(tc.at) || kind != tc.wantKind {
			t.Errorf("%s: Due(%v) = %v, %q; want %v, %q", tc.name, tc.now, at, kind, tc.at, tc.wantKind)
		}
	}
}
