package battle

import (
	"cmp"
	"fmt"
	"iter"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/referee-bot/referee/commands/interaction"
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
	Sealed []Sealed `json:"sealed,omitempty"`
	// Shown are orders revealed under fog of war to the umpire and their
	// writer's side alone, the main channel told only that they match their
	// commitments: their text is published to all at the battle's end
	// (RevealAll).
	Shown []Sealed `json:"shown,omitempty"`
	// Revealed is the last turn whose orders have been revealed (0: none):
	// orders for it or an earlier turn can no longer be written, since they
	// would be written knowing the others' (Orders.Closed).
	Revealed int `json:"revealed_through,omitempty"`
}

// Closed reports whether orders for turn can no longer be written: that
// turn's orders have been revealed.
func (o *Orders) Closed(turn int) bool { return o != nil && turn <= o.Revealed }

// Sealed orders are one player's for one turn.
type Sealed struct {
	User string `json:"user"`
	Turn int    `json:"turn"`
	// Text and Salt are secret until revealed: nothing renders them
	// elsewhere than to the writer and at the umpire's desk. Commitment is
	// rules.Commit(OrdersForm(Salt, Text)), published when written.
	Text       string    `json:"text"`
	Salt       string    `json:"salt"`
	Commitment string    `json:"commitment"`
	At         time.Time `json:"at"`
	// Replaced is how many orders written earlier for the turn these
	// replace.
	Replaced int `json:"replaced,omitempty"`
}

// OrdersForm is what the commitment to orders hashes: the salt, a colon and
// the text, as written.
func OrdersForm(salt, text string) string { return salt + ":" + text }

// OrdersTurn is the turn orders written now are for: the turn under way
// (the first, before it begins).
func (s *Service) OrdersTurn(g *Game) (int, error) {
	te, ok := s.rulesets[g.Ruleset].(TurnEngine)
	if !ok {
		return 1, nil
	}
	m, err := te.Moment(g)
	if err != nil {
		return 0, err
	}
	return max(m.Turn, 1), nil
}

// Commanders are the ids of the battle's players (the umpire aside) who
// command something: those with a side (Service.SideOf: the umpire's
// /game side, or what they command on the roster). A bystander who only
// rolled dice commands nothing.
func (s *Service) Commanders(g *Game) ([]string, error) {
	var out []string
	for id := range g.Players {
		if id == g.Umpire {
			continue
		}
		side, err := s.SideOf(g, id)
		if err != nil {
			return nil, err
		}
		if side != "" {
			out = append(out, id)
		}
	}
	slices.Sort(out)
	return out, nil
}

// Unwritten lists, by name, the commanders (Service.Commanders) who have no
// orders sealed for turn.
func (o *Orders) Unwritten(g *Game, turn int, commanders []string) []string {
	var out []string
	for _, id := range commanders {
		if !slices.ContainsFunc(o.Sealed, func(s Sealed) bool { return s.User == id && s.Turn == turn }) {
			out = append(out, g.Player(id))
		}
	}
	slices.Sort(out)
	return out
}

// RevealOrders reveals every sealed order of the battle (of turns before
// below only, when below > 0), each with its text, its salt and the exact
// bytes hashed, so that it can be checked against the commitment posted
// when it was written; why says what reveals them ("at the umpire's call").
// Under fog of war they are revealed so to the umpire (ForUmpire) and to
// each writer's side (posted in its channel, or sent to the writer by DM);
// the main channel is shown only who wrote them, their commitments and
// that they match, their text kept for the battle's end (Orders.Shown).
// The revealed orders are logged and leave the sealed ones, and the turns
// they were revealed for are closed to orders (Orders.Closed): every turn
// before below, or with below 0 the turn under way.
func RevealOrders(tx *Tx, below int, why string) (interaction.Response, error) {
	out, err := unseal(tx, below)
	if err != nil || len(out) == 0 {
		return interaction.Response{}, err
	}
	if !tx.Game.Fogged() {
		return publish(tx, out, "revealed "+why, "revealed"), nil
	}
	return tx.svc.revealUnderFog(tx, out, why)
}

// RevealAll publishes to all, as at the battle's end (why), every order
// revealed before under fog to its side alone (Orders.Shown), and every
// order still sealed.
func RevealAll(tx *Tx, why string) (interaction.Response, error) {
	out, err := unseal(tx, 0)
	if err != nil || tx.Game.Orders == nil {
		return interaction.Response{}, err
	}
	shown := tx.Game.Orders.Shown
	tx.Game.Orders.Shown = nil
	resp := publish(tx, shown, "revealed before to the umpire and their side, published "+why, "published")
	resp.Public = append(resp.Public, publish(tx, out, "revealed "+why, "revealed").Public...)
	return resp, nil
}

// unseal takes out of the sealed orders those RevealOrders reveals, and
// closes their turns to orders; the order records them as revealed.
func unseal(tx *Tx, below int) ([]Sealed, error) {
	g := tx.Game
	if g.Orders == nil {
		return nil, nil
	}
	through := below - 1
	if below <= 0 {
		turn, err := tx.svc.OrdersTurn(g)
		if err != nil {
			return nil, err
		}
		through = turn
	}
	var out, kept []Sealed
	for _, s := range g.Orders.Sealed {
		if below > 0 && s.Turn >= below {
			kept = append(kept, s)
		} else {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return nil, nil
	}
	g.Orders.Sealed, g.Orders.Revealed = kept, max(g.Orders.Revealed, through)
	for _, s := range out {
		tx.revealed = append(tx.revealed, Revealed{Commitment: s.Commitment, Salt: s.Salt, Text: s.Text})
	}
	return out, nil
}

// publish is the orders as published to all, by turn, each logged with its
// salt and text as what happened to it (done).
func publish(tx *Tx, orders []Sealed, what, done string) interaction.Response {
	var resp interaction.Response
	for turn, os := range byTurn(orders) {
		m := interaction.Message{Content: fmt.Sprintf("**Sealed orders of turn %d, %s.** Check each against the commitment posted when it was written.", turn, what)}
		for _, s := range os {
			m.Embeds = append(m.Embeds, revealed(tx.Game, s))
			tx.Log(render.Clip(fmt.Sprintf("orders of %s for turn %d %s (salt %s): %s", tx.Game.Player(s.User), s.Turn, done, s.Salt, s.Text), MaxSummary))
		}
		resp.Public = append(resp.Public, m)
	}
	return resp
}

// revealUnderFog reveals orders under fog of war: in full to the umpire
// and to each writer's side, to the main channel only that they match,
// and only those of the writers its view knows of (Service.KnowsPlayer):
// of the others it is told nothing, not even that they wrote.
func (s *Service) revealUnderFog(tx *Tx, orders []Sealed, why string) (interaction.Response, error) {
	g := tx.Game
	var resp interaction.Response
	for turn, os := range byTurn(orders) {
		head := fmt.Sprintf("**Sealed orders of turn %d, revealed %s** to the umpire and each writer's side; the battle's channel is shown that they match their commitments, and their text at the battle's end.", turn, why)
		main := interaction.Message{Content: head}
		all := interaction.Message{Content: head}
		told := false // the main channel is told of some of them
		// each writer's side is shown its orders in its channel, or the
		// writer his own by DM when his side has none
		type reader struct{ channel, user string }
		sides := map[reader]*interaction.Message{}
		var order []reader
		for _, o := range os {
			match, they := "matches", "match"
			if rules.Commit(OrdersForm(o.Salt, o.Text)) != o.Commitment {
				match, they = "does NOT match", "do NOT match"
			}
			known, err := s.KnowsPlayer(g, Main, o.User)
			if err != nil {
				return interaction.Response{}, err
			}
			if known {
				main.Content += fmt.Sprintf("\n• **%s**: commitment `%s` — %s.", render.Inert(g.Player(o.User)), o.Commitment, match)
				told = true
			}
			e := revealed(g, o)
			all.Embeds = append(all.Embeds, e)
			tx.LogOf(fmt.Sprintf("orders of %s for turn %d revealed to the umpire and their side: they %s their commitment", g.Player(o.User), o.Turn, they), o.User)
			if o.User == g.Umpire {
				continue
			}
			side, err := s.SideOf(g, o.User)
			if err != nil {
				return interaction.Response{}, err
			}
			to := reader{user: o.User}
			if sd := g.Side(side); side != "" && sd != nil && sd.Channel != "" {
				to = reader{channel: sd.Channel}
			}
			if sides[to] == nil {
				sides[to] = &interaction.Message{Content: head}
				order = append(order, to)
			}
			sides[to].Embeds = append(sides[to].Embeds, e)
		}
		g.Orders.Shown = append(g.Orders.Shown, os...)
		if told {
			resp.Public = append(resp.Public, main)
		}
		ForUmpire(g, &resp, all, "")
		for _, to := range order {
			if to.channel == "" {
				resp.DMs = append(resp.DMs, interaction.DM{UserID: to.user, UserName: g.Player(to.user), Message: *sides[to]})
			} else {
				resp.Posts = append(resp.Posts, interaction.Post{ChannelID: to.channel, Message: *sides[to]})
			}
		}
	}
	return resp, nil
}

// byTurn groups orders by their turn, the earliest first, each turn's in
// the order given.
func byTurn(orders []Sealed) iter.Seq2[int, []Sealed] {
	sorted := slices.Clone(orders)
	slices.SortStableFunc(sorted, func(a, b Sealed) int { return cmp.Compare(a.Turn, b.Turn) })
	return func(yield func(int, []Sealed) bool) {
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

// revealed is one player's orders as published: the text, the salt, and
// the exact bytes hashed in a code block (the text holds nothing a code
// block cannot show: CheckOrdersText), with the command that hashes them,
// and whether they match the commitment.
func revealed(g *Game, s Sealed) interaction.Embed {
	form := OrdersForm(s.Salt, s.Text)
	check := "Its SHA-256 is `" + s.Commitment + "`, the commitment posted when they were written."
	if got := rules.Commit(form); got != s.Commitment {
		check = fmt.Sprintf("Its SHA-256 is `%s`: it does NOT match the commitment posted when they were written, `%s`.", got, s.Commitment)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "> %s\n\nWritten %s", render.Inert(s.Text), Stamp(s.At))
	switch s.Replaced {
	case 0:
		b.WriteString(".")
	case 1:
		b.WriteString(", in place of the orders written before them for the turn.")
	default:
		fmt.Fprintf(&b, ", in place of %d orders written before them for the turn.", s.Replaced)
	}
	fmt.Fprintf(&b, "\nSalt `%s`. The commitment hashed the salt, a colon and the text: exactly the bytes of this line, without a line break:\n```\n%s\n```\nTo check: \n```\n%s\n```\n%s",
		s.Salt, form, ShellHash(form), check)
	return interaction.Embed{Title: "Orders of " + g.Player(s.User), Color: render.ColourRuling, Description: b.String()}
}

// ShellHash is the shell command that prints the SHA-256 of form's bytes:
// printf '%s' 'form' | sha256sum, form quoted for a POSIX shell.
func ShellHash(form string) string {
	return "printf '%s' '" + strings.ReplaceAll(form, "'", `'\''`) + "' | sha256sum"
}

// CheckOrdersText says what is wrong with orders text ("" when nothing is):
// it must be valid UTF-8 of at most MaxOrders characters, on one line, and
// hold only what the reveal's code block shows as it is: letters, marks,
// digits, punctuation, symbols and plain spaces, but no backquote (which
// would end the code block). Anything else (a tab, a line break, a
// non-breaking or other unusual space, an invisible format character such as
// a direction mark or a zero-width joiner) would be hashed but not seen, so
// that what a player pastes into sha256sum would not be what was committed.
func CheckOrdersText(text string) string {
	switch {
	case !utf8.ValidString(text):
		return "Your orders are not valid text."
	case utf8.RuneCountInString(text) > MaxOrders:
		return fmt.Sprintf("Your orders are %d characters long; at most %d fit.", utf8.RuneCountInString(text), MaxOrders)
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

// revealAtTurnEnd reveals the orders of turns that have ended, when the
// umpire set them to be revealed then: put before what the change says, as
// the turn's end comes before the next.
func (s *Service) revealAtTurnEnd(tx *Tx, resp *interaction.Response) error {
	g := tx.Game
	if g.Orders == nil || !g.Orders.AtTurnEnd || len(g.Orders.Sealed) == 0 {
		return nil
	}
	turn, err := s.OrdersTurn(g)
	if err != nil {
		return err
	}
	revealed, err := RevealOrders(tx, turn, "at the turn's end")
	if err != nil {
		return err
	}
	resp.Public = append(revealed.Public, resp.Public...)
	resp.Posts = append(resp.Posts, revealed.Posts...)
	resp.DMs = append(resp.DMs, revealed.DMs...)
	return nil
}

// exported is the orders as a running battle's export carries them: their
// commitments, without the secret text or salt.
func (o *Orders) exported() *Orders {
	if o == nil {
		return nil
	}
	c := *o
	c.Sealed = make([]Sealed, len(o.Sealed))
	for i, s := range o.Sealed {
		s.Text, s.Salt = "", ""
		c.Sealed[i] = s
	}
	return &c
}

// imported checks the orders of an imported battle, as the end of a
// sentence saying what is wrong ("" when nothing is). Orders exist only as
// written here, with their commitment posted: an export never carries the
// text or salt of orders not yet revealed, so a file that does was written
// by hand and is refused. The commitments it carries cannot be revealed
// without their text: they are dropped, to be written again
// (ImportedOrders says so).
func (o *Orders) imported(g *Game) string {
	if o == nil {
		return ""
	}
	for _, s := range o.Sealed {
		switch {
		case !g.Running():
			return "it has ended with sealed orders not revealed."
		case s.Text != "" || s.Salt != "":
			return fmt.Sprintf("it carries the text of sealed orders (of %s for turn %d), which `/game export` never writes: orders are only ever written in the battle, with their commitment posted then.",
				render.Quote(g.Player(s.User)), s.Turn)
		}
	}
	for _, s := range o.Shown {
		if rules.Commit(OrdersForm(s.Salt, s.Text)) != s.Commitment {
			return fmt.Sprintf("the orders of %s for turn %d, revealed to the umpire and their side, do not match their commitment.", render.Quote(g.Player(s.User)), s.Turn)
		}
	}
	if o.Revealed < 0 {
		return "its sealed orders are revealed through a turn before the first."
	}
	o.Sealed = nil
	return ""
}

// Of is o with only the sealed orders users wrote: what a reader who
// knows of no other commanders (Service.Commanders of his view) is told.
func (o *Orders) Of(users []string) *Orders {
	c := *o
	c.Sealed = slices.DeleteFunc(slices.Clone(o.Sealed), func(s Sealed) bool { return !slices.Contains(users, s.User) })
	return &c
}

// MaxOrders is the longest orders a player may write, in characters.
const MaxOrders = 1000

// Status says who has written orders for turn and which of the commanders
// (Service.Commanders) has not, and when they are revealed, for the turn
// status.
func (o *Orders) Status(g *Game, turn int, commanders []string) string {
	var written []string
	for _, s := range o.Sealed {
		if s.Turn == turn {
			written = append(written, "**"+render.Inert(g.Player(s.User))+"**")
		}
	}
	var not []string
	for _, n := range o.Unwritten(g, turn, commanders) {
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
