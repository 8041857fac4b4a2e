package pace

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/referee-bot/referee/commands/render"
)

// Pace is how a battle played by chat is kept moving: the umpire's move
// deadline, the reminders before it and what happens at expiry, whether the
// holder of a move is pinged in the channel, and the moves pending. A game
// without it (or with Move 0) has no deadlines.
type Pace struct {
	// Move is how long a holder has for his move, from when it falls to him.
	Move Span `json:"move,omitempty"`
	// Reminders are how long before the deadline the holder is reminded,
	// longest first.
	Reminders []Span `json:"reminders,omitempty"`
	// Expire is what a deadline reached does: ExpireUmpire or ExpirePass.
	Expire string `json:"expire,omitempty"`
	// Pings mentions the holder in the channel when a move falls to him.
	Pings bool `json:"pings,omitempty"`
	// Paused is when the umpire paused every deadline (nil: running).
	Paused *time.Time `json:"paused,omitempty"`
	// Pending are the moves the battle waits on, each with its deadline.
	Pending []Pending `json:"pending,omitempty"`
	// Seen are, under fog of war, the moves pending as each reader is
	// shown them, by side ("" the main channel): whom that reader's view
	// waits on, each with the deadline he was shown (commands/battle/view.For
	// gives a view these as its Pending). A move the main channel was shown
	// keeps, for every reader, the deadline it was shown there first, so
	// that what an unseen holder does moves no deadline another reads.
	Seen map[string][]Pending `json:"seen,omitempty"`
	// Listed names the umpire's rounds (deadline.Rounds) the battle is listed in for
	// his daily digest ("": none): a battle with moves pending is listed
	// in its umpire's rounds before its document says so.
	Listed string `json:"listed,omitempty"`
	// Checked is when the referee last did what was due (every firing
	// writes the document, so that it is a compare-and-set).
	Checked time.Time `json:"checked,omitzero"`
	// Unattended counts the clock's advances in a row (moves passed at their
	// deadline) with no command from any person between them; at
	// MaxUnattended the battle pauses itself (Stalled).
	Unattended int `json:"unattended,omitempty"`
	// Stalled is set when the battle paused itself, the clock having
	// advanced it MaxUnattended times with nobody there: it waits for the
	// umpire's /game resume.
	Stalled bool `json:"stalled,omitempty"`
}

// MaxUnattended is how many times in a row the clock alone may advance a
// battle (pass a move at its deadline) before the battle pauses itself: a
// battle left alone moves on, but never spins.
const MaxUnattended = 2

// What a deadline reached does.
const (
	// ExpireUmpire tells the umpire who is late; nothing changes.
	ExpireUmpire = "umpire"
	// ExpirePass passes the move, as its holder's own pass would.
	ExpirePass = "pass"
)

// A Pending move is one the battle waits on.
type Pending struct {
	User string `json:"user"`
	What string `json:"what"`
	// Moment is the key of the moment the move fell due at, and SetAt the
	// game's log length then: the game's state the deadline was set in.
	Moment string    `json:"moment"`
	SetAt  int       `json:"set_at"`
	Due    time.Time `json:"due"`
	// Reminded is how many of the reminders have gone.
	Reminded int `json:"reminded,omitempty"`
	// Late is set when the deadline passed under ExpireUmpire and the umpire
	// was told; the move stays pending.
	Late bool `json:"late,omitempty"`
	// Call marks the umpire's call (Wait.Call).
	Call bool `json:"call,omitempty"`
}

// On reports whether the battle has move deadlines.
func (p *Pace) On() bool { return p != nil && p.Move > 0 }

// SeenBy is the deadlines as the reader of side ("" the main channel)
// reads them: the moves pending his view waits on (Seen).
func (p *Pace) SeenBy(side string) *Pace {
	if p == nil {
		return nil
	}
	v := *p
	v.Pending, v.Seen = slices.Clone(p.Seen[side]), nil
	return &v
}

// each calls fn for every move pending, as the battle waits on it and as
// each reader is shown it.
func (p *Pace) each(fn func(q *Pending)) {
	for i := range p.Pending {
		fn(&p.Pending[i])
	}
	for _, qs := range p.Seen {
		for i := range qs {
			fn(&qs[i])
		}
	}
}

// ShownMain reports whether the main channel was shown move q (as every
// move is, but under fog of war; Seen).
func (p *Pace) ShownMain(q Pending) bool {
	return p.Seen == nil || slices.ContainsFunc(p.Seen[""], func(o Pending) bool { return o.User == q.User && o.Moment == q.Moment })
}

// ShownLate reports whether a move a reader was shown, with no deadline
// of its own, is to be marked late when its deadline passes: when the
// battle's deadlines tell the umpire who is late (a move passed at its
// deadline moves the battle on instead).
func (p *Pace) ShownLate(q Pending, now time.Time) bool {
	return p.Expire != ExpirePass && !q.Late && !q.Due.After(now)
}

// RemindAt is when pending move q's reminder goes (false: none left). A
// player is reminded once a deadline, whatever the settings: the first of
// Pace.Reminders to come is the one sent (a battle set up before may hold
// several; New takes one), and it spends them all (deadline.Fire).
func (p *Pace) RemindAt(q Pending) (time.Time, bool) {
	if q.Reminded >= len(p.Reminders) {
		return time.Time{}, false
	}
	return q.Due.Add(-time.Duration(p.Reminders[q.Reminded])), true
}

// reminded is how many reminders of a move due at due have passed by now.
func (p *Pace) reminded(due, now time.Time) int {
	n := 0
	for _, r := range p.Reminders {
		if !now.Before(due.Add(-time.Duration(r))) {
			n++
		}
	}
	return n
}

// Next is when something is next to be done: a reminder or an expiry. It
// is zero when nothing is (no deadlines, none pending, or paused).
func (p *Pace) Next() time.Time {
	if !p.On() || p.Paused != nil {
		return time.Time{}
	}
	var next time.Time
	earlier := func(t time.Time) {
		if next.IsZero() || t.Before(next) {
			next = t
		}
	}
	for _, q := range p.Pending {
		if at, ok := p.RemindAt(q); ok {
			earlier(at)
		}
		if !q.Late {
			earlier(q.Due)
		}
	}
	if p.Expire != ExpirePass {
		for _, qs := range p.Seen {
			for _, q := range qs {
				if !q.Late {
					earlier(q.Due)
				}
			}
		}
	}
	return next
}

// Due is the earliest thing due by now and its kind ("remind", "expire"),
// or now and "check" when nothing is.
func (p *Pace) Due(now time.Time) (time.Time, string) {
	at, kind := now, "check"
	if !p.On() || p.Paused != nil {
		return at, kind
	}
	for _, q := range p.Pending {
		if r, ok := p.RemindAt(q); ok && !r.After(now) && (kind == "check" || r.Before(at)) {
			at, kind = r, "remind"
		}
		if !q.Late && !q.Due.After(now) && (kind == "check" || q.Due.Before(at)) {
			at, kind = q.Due, "expire"
		}
	}
	for _, qs := range p.Seen {
		for _, q := range qs {
			if p.ShownLate(q, now) && (kind == "check" || q.Due.Before(at)) {
				at, kind = q.Due, "expire"
			}
		}
	}
	return at, kind
}

// DigestEvery is how often an umpire's desk is given the moves pending in
// his battles.
const DigestEvery = 24 * time.Hour

// Pause stops every deadline's clock at now.
func (p *Pace) Pause(now time.Time) {
	if p.Paused == nil {
		p.Paused = &now
	}
}

// Resume starts the clocks again: each deadline moves on by the pause. A
// battle that paused itself (Stalled) starts counting the clock's advances
// afresh.
func (p *Pace) Resume(now time.Time) {
	if p.Paused == nil {
		return
	}
	by := now.Sub(*p.Paused)
	p.Paused, p.Stalled, p.Unattended = nil, false, 0
	p.each(func(q *Pending) { q.Due = q.Due.Add(by).Truncate(time.Second) })
}

// Extend moves the deadlines of the moves pending (of user only, unless he
// is "") on by by, as the battle waits on them and as each reader is shown
// them; it returns how many of the first it moved. Only a reminder not yet
// due is armed again: one already gone is not sent again, nor one whose
// time the new deadline leaves behind. A move that was late is no longer.
func (p *Pace) Extend(user string, by time.Duration, now time.Time) int {
	n := 0
	p.each(func(q *Pending) {
		if user != "" && q.User != user {
			return
		}
		q.Due = q.Due.Add(by).Truncate(time.Second)
		q.Reminded, q.Late = max(q.Reminded, p.reminded(q.Due, now)), false
	})
	for _, q := range p.Pending {
		if user == "" || q.User == user {
			n++
		}
	}
	return n
}

// A Span is a length of time the umpire gives: "24h", "2d", "90m", "1d12h".
// It is stored as it is written back (FormatSpan).
type Span time.Duration

// Limits of the spans an umpire may set.
const (
	MinMove      = 10 * time.Minute
	MaxMove      = 30 * 24 * time.Hour
	MaxReminders = 4
)

// ParseSpan reads a span: weeks (w), days (d), hours (h) and minutes (m),
// largest first, as "1w", "2d", "36h", "1h30m". The error says what is wrong, for the user.
func ParseSpan(s string) (Span, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return 0, errors.New("a length of time is missing: write it as `24h`, `2d`, `1w` or `90m`")
	}
	rest, days := s, 0
	for _, u := range []struct {
		unit string
		days int
	}{{"w", 7}, {"d", 1}} { // weeks before days: "1w2d"
		if d, r, ok := strings.Cut(rest, u.unit); ok {
			n, err := strconv.Atoi(d)
			if err != nil || n < 0 || n*u.days > 365 {
				return 0, fmt.Errorf("`%s` is not a length of time: write it as `24h`, `2d`, `1w` or `90m`", s)
			}
			rest, days = r, days+n*u.days
		}
	}
	if days > 365 {
		return 0, fmt.Errorf("`%s` is not a length of time: write it as `24h`, `2d`, `1w` or `90m`", s)
	}
	var part time.Duration
	if rest != "" {
		var err error
		if part, err = time.ParseDuration(rest); err != nil || part < 0 {
			return 0, fmt.Errorf("`%s` is not a length of time: write it as `24h`, `2d`, `1w` or `90m`", s)
		}
	}
	d := time.Duration(days)*24*time.Hour + part
	switch {
	case d <= 0:
		return 0, fmt.Errorf("`%s` is no time at all: give a length such as `24h`", s)
	case d%time.Minute != 0:
		return 0, fmt.Errorf("`%s` is not a whole number of minutes: deadlines are kept to the minute", s)
	}
	return Span(d), nil
}

// String writes the span as ParseSpan reads it: "24h", "2d12h", "30m".
func (d Span) String() string {
	t := time.Duration(d).Truncate(time.Minute)
	var b strings.Builder
	if days := t / (24 * time.Hour); days >= 2 { // 24h and 36h read better in hours
		fmt.Fprintf(&b, "%dd", days)
		t -= days * 24 * time.Hour
	}
	if h := t / time.Hour; h > 0 {
		fmt.Fprintf(&b, "%dh", h)
		t -= h * time.Hour
	}
	if m := t / time.Minute; m > 0 || b.Len() == 0 {
		fmt.Fprintf(&b, "%dm", m)
	}
	return b.String()
}

// MarshalText writes the span as String does.
func (d Span) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText reads a span as ParseSpan does.
func (d *Span) UnmarshalText(b []byte) error {
	v, err := ParseSpan(string(b))
	if err != nil {
		return errors.New("a span must be written as 24h, 2d, 1w or 90m")
	}
	*d = v
	return nil
}

// New checks the umpire's settings and returns them as a Pace (with
// the pending moves and pings of old, which may be nil).
func New(old *Pace, move string, reminders string, expire string) (*Pace, error) {
	m, err := ParseSpan(move)
	if err != nil {
		return nil, fmt.Errorf("move: %w", err)
	}
	if time.Duration(m) < MinMove || time.Duration(m) > MaxMove {
		return nil, fmt.Errorf("move: a move's deadline must be between %s and %s; `%s` is not", Span(MinMove), Span(MaxMove), move)
	}
	p := &Pace{Move: m, Expire: ExpireUmpire}
	if old != nil {
		p.Pings, p.Paused, p.Pending, p.Seen = old.Pings, old.Paused, old.Pending, old.Seen
	}
	switch strings.ToLower(strings.TrimSpace(expire)) {
	case "", ExpireUmpire:
	case ExpirePass:
		p.Expire = ExpirePass
	default:
		return nil, fmt.Errorf("expire: `%s` is neither `umpire` (the umpire is told who is late) nor `pass` (the move is passed)", expire)
	}
	for _, f := range strings.FieldsFunc(reminders, func(r rune) bool { return r == ',' || r == ' ' }) {
		r, err := ParseSpan(f)
		if err != nil {
			return nil, fmt.Errorf("reminders: %w", err)
		}
		if r >= m {
			return nil, fmt.Errorf("reminders: a reminder %s before a %s deadline would come before the move falls due", r, m)
		}
		if slices.Contains(p.Reminders, r) {
			return nil, fmt.Errorf("reminders: %s is given twice", r)
		}
		p.Reminders = append(p.Reminders, r)
	}
	if len(p.Reminders) > 1 {
		return nil, errors.New("reminders: a player is reminded once a deadline: give one length of time, as `12h`")
	}
	slices.Sort(p.Reminders)
	slices.Reverse(p.Reminders) // longest first
	return p, nil
}

// Imported checks the deadlines of an imported battle, as the end of a
// sentence saying what is wrong ("" when nothing is), and lets its pending
// moves fall due afresh: the battle's next change gives each a deadline
// from then.
func (p *Pace) Imported() string {
	if p == nil {
		return ""
	}
	switch {
	case p.Move != 0 && (time.Duration(p.Move) < MinMove || time.Duration(p.Move) > MaxMove):
		return fmt.Sprintf("its move deadline (%s) is not between %s and %s.", p.Move, Span(MinMove), Span(MaxMove))
	case len(p.Reminders) > MaxReminders:
		return fmt.Sprintf("it has %d reminders before a deadline; at most %d are kept.", len(p.Reminders), MaxReminders)
	case p.Expire != "" && p.Expire != ExpireUmpire && p.Expire != ExpirePass:
		return fmt.Sprintf("its deadlines expire to \"%s\", which is neither umpire nor pass.", render.Quote(p.Expire))
	}
	for _, r := range p.Reminders {
		if r <= 0 || r >= p.Move {
			return fmt.Sprintf("its reminder %s before the deadline does not fall within a move of %s.", r, p.Move)
		}
	}
	p.Pending, p.Seen, p.Listed = nil, nil, ""
	return ""
}
