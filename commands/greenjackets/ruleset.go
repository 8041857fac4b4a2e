package greenjackets

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
	"github.com/referee-bot/referee/rules"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

// Ruleset is Green Jackets as the battle service sees it.
type Ruleset struct{}

// New returns the rule set.
func New() *Ruleset { return &Ruleset{} }

var _ battle.Ruleset = (*Ruleset)(nil)

// ID is "greenjackets".
func (*Ruleset) ID() string { return gj.ID }

// Name is the rule set's title.
func (*Ruleset) Name() string { return "Green Jackets" }

// NewBoard is an empty roster before the first turn.
func (*Ruleset) NewBoard() any {
	return &Board{Characters: []*Character{}, Squads: []*Squad{}, Turn: Turn{Pos: -1}}
}

// ValidateBoard checks an imported board.
func (*Ruleset) ValidateBoard(raw json.RawMessage) error {
	_, err := decodeBoard(raw)
	return err
}

// HouseRules are the readings an umpire may switch (NOTES.md G6, G13, G15, G21).
func (*Ruleset) HouseRules() []battle.HouseRule {
	return []battle.HouseRule{
		{Name: gj.HouseMoraleDead, Values: []string{"reading", "literal"}, Default: "reading", Reading: gj.Readings["G21"]},
		{Name: gj.HouseLightWounds, Values: []string{"none", "minus1"}, Default: "none",
			Reading: rules13()},
		{Name: gj.HouseCanister, Values: []string{"at-or-under", "under"}, Default: "at-or-under", Reading: gj.Readings["G15"]},
		{Name: gj.HouseSpotting, Values: []string{"required", "off"}, Default: "required",
			Reading: rules.Reading{ID: "G6", Text: gj.Readings["G6"].Text + " required: fire and melee against the roster need the enemy section spotted this turn; off: the umpire tracks spotting on the table."}},
	}
}

func rules13() rules.Reading {
	rd := gj.Readings["G13"]
	return rules.Reading{ID: rd.ID, Text: rd.Text + " minus1: −1 to fire and melee per light wound."}
}

// load reads the board of a Green Jackets game in tx.
func load(tx *battle.Tx) (*Board, error) {
	if tx.Game == nil {
		return nil, interaction.Refuse(interaction.MsgNoGame)
	}
	var b Board
	if err := roster.Load(tx, gj.ID, &b, "This channel's battle is played under %s, not Green Jackets."); err != nil {
		return nil, err
	}
	return &b, nil
}

// inGame reports whether tx is a Green Jackets game (the roster may be used).
func inGame(tx *battle.Tx) bool { return tx.Game != nil && tx.Game.Ruleset == gj.ID }

// Status is the rule set's part of /game status: the turn and each side's roster, no cards.
func (*Ruleset) Status(g *battle.Game) ([]interaction.Field, error) {
	b, err := decodeBoard(g.Board)
	if err != nil {
		return nil, err
	}
	fields := []interaction.Field{{Name: "Turn", Value: turnLine(b)}}
	for _, side := range sides(b) {
		var lines []string
		for _, c := range b.Characters {
			if c.Side != side {
				continue
			}
			lines = append(lines, characterLine(g, c))
			for _, s := range b.SquadsOf(c) {
				lines = append(lines, "  "+squadLine(b, s))
			}
		}
		fields = append(fields, interaction.Field{Name: render.Clip("Side: "+render.Inert(side), render.MaxFieldName),
			Value: render.Clip(strings.Join(lines, "\n"), render.MaxFieldValue)})
	}
	var loose []string
	for _, s := range b.Squads {
		if s.Officer == "" {
			loose = append(loose, squadLine(b, s))
		}
	}
	if len(loose) > 0 {
		fields = append(fields, interaction.Field{Name: "Squads without an officer", Value: render.Clip(strings.Join(loose, "\n"), render.MaxFieldValue)})
	}
	return fields, nil
}

func sides(b *Board) []string {
	var out []string
	for _, c := range b.Characters {
		found := false
		for _, s := range out {
			if s == c.Side {
				found = true
			}
		}
		if !found {
			out = append(out, c.Side)
		}
	}
	return out
}

func turnLine(b *Board) string {
	t := b.Turn
	switch {
	case t.Number == 0:
		return "No turn yet: the umpire deals with `/turn new`."
	case t.Ended:
		return fmt.Sprintf("Turn %d is over: the umpire deals the next with `/turn new`.", t.Number)
	case t.Pos < 0:
		return fmt.Sprintf("Turn %d: cards dealt; the umpire calls the count with `/turn next`.", t.Number)
	}
	calls := gj.Calls(t.Suits)
	var s string
	if t.Pos >= len(calls) {
		s = fmt.Sprintf("Turn %d: the count has passed Ace.", t.Number)
	} else {
		s = fmt.Sprintf("Turn %d: count %s.", t.Number, gj.CallName(calls[t.Pos], t.Suits))
	}
	var on []string
	for _, n := range t.Order {
		if c := b.Character(n); c != nil {
			on = append(on, fmt.Sprintf("%s (%d AP)", render.Inert(c.Name), c.AP))
		}
	}
	if len(on) > 0 {
		s += " On the move: " + strings.Join(on, ", then ") + "."
	}
	return s
}

func characterLine(g *battle.Game, c *Character) string {
	s := fmt.Sprintf("**%s** (%s, %s)", render.Inert(c.Name), c.Rank, c.Quality)
	if c.Player != "" {
		s += " — " + render.Inert(g.Player(c.Player))
	} else {
		s += " — umpire"
	}
	s += characterWounds(c)
	return s
}

func characterWounds(c *Character) string {
	var w []string
	switch {
	case c.Dead:
		return ": dead"
	case c.Serious > 0:
		w = append(w, "seriously wounded")
	}
	if c.Light > 0 {
		w = append(w, plural(c.Light, "light wound", "light wounds"))
	}
	if len(w) == 0 {
		return ""
	}
	return ": " + strings.Join(w, ", ")
}

func squadLine(b *Board, s *Squad) string {
	line := fmt.Sprintf("%s — %s, %s, %d/%d standing", render.Inert(s.Name), s.Arm, s.Morale, len(s.Living()), len(s.Figures))
	if s.Owed > 0 || s.Called {
		line += ", morale test owed"
	}
	if s.Gun() != nil {
		if s.Limbered {
			line += ", limbered"
		} else {
			line += ", unlimbered"
		}
	}
	var notes []string
	for _, f := range s.Figures {
		if st := figureState(b, s, f); st != "" {
			notes = append(notes, render.Inert(f.Name)+" "+st)
		}
	}
	if len(notes) > 0 {
		line += " (" + strings.Join(notes, "; ") + ")"
	}
	return line
}

// figureState says what is unusual about a figure: "dead", "unloaded, prone".
func figureState(b *Board, s *Squad, f *Figure) string {
	if f.Dead {
		return "dead"
	}
	var st []string
	if f.Destroyed {
		st = append(st, "destroyed")
	}
	if f.Wheel {
		st = append(st, "wheel off")
	}
	if f.Serious > 0 {
		st = append(st, "seriously wounded")
	}
	if f.Light > 0 {
		st = append(st, "lightly wounded")
	}
	if b.Stunned(f.StunnedUntil) {
		st = append(st, "stunned")
	}
	if f.Horse == "down" {
		st = append(st, "horse down")
	} else if f.Horse == "stunned" && b.Stunned(f.HorseUntil) {
		st = append(st, "horse stunned")
	}
	if f.Weapon != gj.None && !f.Loaded {
		if f.Reloading > 0 {
			need, _ := gj.ReloadNeeded(f.Weapon, f.Tap, s.CrewLost())
			st = append(st, fmt.Sprintf("reloading, %d of %d done", f.Reloading, need))
		} else {
			st = append(st, "unloaded")
		}
	}
	if f.Aimed {
		st = append(st, "aimed")
	}
	if f.Prone {
		st = append(st, "prone")
	}
	return strings.Join(st, ", ")
}

// Losses is the after-action report's list of casualties, by side.
func (*Ruleset) Losses(g *battle.Game) (string, error) {
	b, err := decodeBoard(g.Board)
	if err != nil {
		return "", err
	}
	var out strings.Builder
	for _, side := range sides(b) {
		fmt.Fprintf(&out, "### %s\n", render.Inert(side))
		dead, wounded, total := 0, 0, 0
		for _, c := range b.Characters {
			if c.Side != side {
				continue
			}
			if c.Dead || c.Serious > 0 || c.Light > 0 {
				fmt.Fprintf(&out, "- %s (%s)%s\n", render.Inert(c.Name), c.Rank, characterWounds(c))
			}
			for _, s := range b.SquadsOf(c) {
				for _, f := range s.Figures {
					total++
					switch {
					case f.Dead:
						dead++
						fmt.Fprintf(&out, "- %s, %s: dead\n", render.Inert(f.Name), render.Inert(s.Name))
					case f.Serious > 0 || f.Destroyed || f.Horse == "down":
						wounded++
						fmt.Fprintf(&out, "- %s, %s: %s\n", render.Inert(f.Name), render.Inert(s.Name), figureState(b, s, f))
					}
				}
			}
		}
		fmt.Fprintf(&out, "%d dead and %d wounded of %d figures.\n\n", dead, wounded, total)
	}
	if out.Len() == 0 {
		return "No one was on the roster.", nil
	}
	return strings.TrimSpace(out.String()), nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}
