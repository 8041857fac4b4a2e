package sealed

import (
	"cmp"
	"fmt"
	"iter"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
)

// Orders are a battle's sealed written orders: each player's for a turn,
// their text and salt secret until revealed, only their commitment public;
// and the umpire's choice of when they are revealed.
type Orders struct {
	// AtTurnEnd reveals a turn's orders when the turn ends (the next turn
	// begins); without it they are revealed at the umpire's call (/orders
	// reveal) or at the battle's end.
	AtTurnEnd bool `json:"at_turn_end,omitempty"`
	// Sealed are the orders written and not yet revealed, in the order
	// written.
	Sealed []Order `json:"sealed,omitempty"`
	// Shown are orders revealed under fog of war to the umpire and their
	// writer's side alone, the main channel told only that they match their
	// commitments: their text is published to all at the battle's end.
	Shown []Order `json:"shown,omitempty"`
	// Revealed is the last turn whose orders have been revealed (0: none):
	// orders for it or an earlier turn can no longer be written, since they
	// would be written knowing the others' (Orders.Closed).
	Revealed int `json:"revealed_through,omitempty"`
}

// An Order is one player's sealed orders for one turn.
type Order struct {
	User string `json:"user"`
	Turn int    `json:"turn"`
	// Text and Salt are secret until revealed: nothing renders them
	// elsewhere than to the writer and at the umpire's desk. Commitment is
	// rules.Commit(Form(Salt, Text)), published when written.
	Text       string    `json:"text"`
	Salt       string    `json:"salt"`
	Commitment string    `json:"commitment"`
	At         time.Time `json:"at"`
	// Replaced is how many orders written earlier for the turn these
	// replace.
	Replaced int `json:"replaced,omitempty"`
}

// MaxText is the longest orders a player may write, in characters.
const MaxText = 1000

// Form is what the commitment to orders hashes: the salt, a colon and the
// text, as written.
func Form(salt, text string) string { return salt + ":" + text }

// Matches reports whether s's text and salt hash to its commitment.
func (s Order) Matches() bool { return rules.Commit(Form(s.Salt, s.Text)) == s.Commitment }

// Closed reports whether orders for turn can no longer be written: that
// turn's orders have been revealed.
func (o *Orders) Closed(turn int) bool { return o != nil && turn <= o.Revealed }

// Unseal takes out of the sealed orders those of turns before below (every
// one, when below <= 0) and closes the turns through through to orders
// (Closed), as a reveal does; it returns those taken, in the order
// written, or nil, changing nothing, when there are none.
func (o *Orders) Unseal(below, through int) []Order {
	var out, kept []Order
	for _, s := range o.Sealed {
		if below > 0 && s.Turn >= below {
			kept = append(kept, s)
		} else {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return nil
	}
	o.Sealed, o.Revealed = kept, max(o.Revealed, through)
	return out
}

// Unwritten lists, by name (name of each user's id), the commanders who
// have no orders sealed for turn.
func (o *Orders) Unwritten(turn int, commanders []string, name func(user string) string) []string {
	var out []string
	for _, id := range commanders {
		if !slices.ContainsFunc(o.Sealed, func(s Order) bool { return s.User == id && s.Turn == turn }) {
			out = append(out, name(id))
		}
	}
	slices.Sort(out)
	return out
}

// Of is o with only the sealed orders users wrote: what a reader who
// knows of no other commanders is told.
func (o *Orders) Of(users []string) *Orders {
	c := *o
	c.Sealed = slices.DeleteFunc(slices.Clone(o.Sealed), func(s Order) bool { return !slices.Contains(users, s.User) })
	return &c
}

// Status says who (name of each user's id) has written orders for turn
// and which of the commanders has not, and when they are revealed, for the
// turn status.
func (o *Orders) Status(turn int, commanders []string, name func(user string) string) string {
	var written []string
	for _, s := range o.Sealed {
		if s.Turn == turn {
			written = append(written, "**"+render.Inert(name(s.User))+"**")
		}
	}
	var not []string
	for _, n := range o.Unwritten(turn, commanders, name) {
		not = append(not, "**"+render.Inert(n)+"**")
	}
	var parts []string
	if len(written) > 0 {
		parts = append(parts, "written by "+strings.Join(written, ", "))
	}
	if len(not) > 0 {
		parts = append(parts, "not yet written by "+strings.Join(not, ", ")+" (`/orders text:…`)")
	}
	if len(parts) == 0 {
		parts = append(parts, "no one has written orders")
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Turn %d: %s.", turn, strings.Join(parts, "; "))
	if o.AtTurnEnd {
		b.WriteString(" They are revealed at the turn's end.")
	} else {
		b.WriteString(" They are revealed at the umpire's call (`/orders reveal:true`) or the battle's end.")
	}
	return b.String()
}

// ByTurn groups orders by their turn, the earliest first, each turn's in
// the order given.
func ByTurn(orders []Order) iter.Seq2[int, []Order] {
	sorted := slices.Clone(orders)
	slices.SortStableFunc(sorted, func(a, b Order) int { return cmp.Compare(a.Turn, b.Turn) })
	return func(yield func(int, []Order) bool) {
		for i := 0; i < len(sorted); {
			j := i + 1
			for j < len(sorted) && sorted[j].Turn == sorted[i].Turn {
				j++
			}
			if !yield(sorted[i].Turn, sorted[i:j]) {
				return
			}
			i = j
		}
	}
}

// ShellHash is the shell command that prints the SHA-256 of form's bytes:
// printf '%s' 'form' | sha256sum, form quoted for a POSIX shell.
func ShellHash(form string) string {
	return "printf '%s' '" + strings.ReplaceAll(form, "'", `'\''`) + "' | sha256sum"
}

// CheckText says what is wrong with orders text ("" when nothing is): it
// must be valid UTF-8 of at most MaxText characters, on one line, and hold
// only what the reveal's code block shows as it is: letters, marks,
// digits, punctuation, symbols and plain spaces, but no backquote (which
// would end the code block). Anything else (a tab, a line break, a
// non-breaking or other unusual space, an invisible format character such as
// a direction mark or a zero-width joiner) would be hashed but not seen, so
// that what a player pastes into sha256sum would not be what was committed.
func CheckText(text string) string {
	switch {
	case !utf8.ValidString(text):
		return "Your orders are not valid text."
	case utf8.RuneCountInString(text) > MaxText:
		return fmt.Sprintf("Your orders are %d characters long; at most %d fit.", utf8.RuneCountInString(text), MaxText)
	}
	for _, r := range text {
		switch {
		case r == ' ':
		case r == '`':
			return "Your orders hold a backquote (`` ` ``), which the code block that shows them at the reveal cannot hold: write them without it."
		case unicode.IsControl(r) || unicode.IsSpace(r):
			return fmt.Sprintf("Your orders hold a control character or an unusual space (U+%04X: a line break, tab or non-breaking space), which the reveal could not show as it is: write them as plain text on one line.", r)
		case !unicode.IsGraphic(r):
			return fmt.Sprintf("Your orders hold an invisible character (U+%04X, such as a direction mark or a zero-width joiner), which the reveal could not show: write them without it.", r)
		}
	}
	return ""
}

// Exported is the orders as a running battle's export carries them: their
// commitments, without the secret text or salt.
func (o *Orders) Exported() *Orders {
	if o == nil {
		return nil
	}
	c := *o
	c.Sealed = make([]Order, len(o.Sealed))
	for i, s := range o.Sealed {
		s.Text, s.Salt = "", ""
		c.Sealed[i] = s
	}
	return &c
}

// Imported checks the orders of an imported battle (running or ended; name
// gives each user's name), as the end of a sentence saying what is wrong
// ("" when nothing is). Orders exist only as written in the battle, with
// their commitment posted: an export never carries the text or salt of
// orders not yet revealed, so a file that does was written by hand and is
// refused. The commitments it carries cannot be revealed without their
// text: they are dropped, to be written again.
func (o *Orders) Imported(running bool, name func(user string) string) string {
	if o == nil {
		return ""
	}
	for _, s := range o.Sealed {
		switch {
		case !running:
			return "it has ended with sealed orders not revealed."
		case s.Text != "" || s.Salt != "":
			return fmt.Sprintf("it carries the text of sealed orders (of %s for turn %d), which `/game export` never writes: orders are only ever written in the battle, with their commitment posted then.",
				render.Quote(name(s.User)), s.Turn)
		}
	}
	for _, s := range o.Shown {
		if !s.Matches() {
			return fmt.Sprintf("the orders of %s for turn %d, revealed to the umpire and their side, do not match their commitment.", render.Quote(name(s.User)), s.Turn)
		}
	}
	if o.Revealed < 0 {
		return "its sealed orders are revealed through a turn before the first."
	}
	o.Sealed = nil
	return ""
}
