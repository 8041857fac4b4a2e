package volleyfire

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// ID is the rule set's id and its command's name.
const ID = vf.ID

// Ruleset is Volleyfire! as the game lifecycle, the turn engine and /rules see it.
type Ruleset struct{}

// New returns the rule set.
func New() Ruleset { return Ruleset{} }

var _ battle.Ruleset = Ruleset{}

// ID is "volleyfire".
func (Ruleset) ID() string { return ID }

// Name is the game's title.
func (Ruleset) Name() string { return "Volleyfire!" }

// NewBoard is an empty roster before the first turn.
func (Ruleset) NewBoard() any { return Board{} }

// ValidateBoard checks an imported board.
func (Ruleset) ValidateBoard(raw json.RawMessage) error {
	_, err := validate(raw)
	return err
}

// HouseRules are the readings the umpire may switch.
func (Ruleset) HouseRules() []battle.HouseRule {
	var out []battle.HouseRule
	for _, h := range vf.HouseRules {
		out = append(out, battle.HouseRule{Name: h.Name, Values: h.Values, Default: h.Values[0], Reading: h.Reading})
	}
	return out
}

// house is the game's house rules as the rules package takes them.
func house(tx *battle.Tx) vf.House { return vf.HouseFrom(tx.HouseRule) }

// Status is the rule set's part of /game status.
func (Ruleset) Status(g *battle.Game) ([]interaction.Field, error) {
	b, err := validate(g.Board)
	if err != nil {
		return nil, err
	}
	fields := []interaction.Field{{Name: "Turn", Value: turnLine(b, g)}}
	for _, side := range allSides(b) {
		fields = append(fields, interaction.Field{Name: render.Clip(render.Inert(side), render.MaxFieldName),
			Value: render.Clip(sideRoster(b, side, g), render.MaxFieldValue)})
	}
	if len(b.Combats) > 0 {
		fields = append(fields, interaction.Field{Name: "Combats", Value: render.Clip(combatsLine(b), render.MaxFieldValue)})
	}
	return fields, nil
}

// Losses is the after-action report: each side's units, bases lost, routed, and
// command bases lost.
func (Ruleset) Losses(g *battle.Game) (string, error) {
	b, err := validate(g.Board)
	if err != nil {
		return "", err
	}
	var s strings.Builder
	for _, side := range allSides(b) {
		start, now := 0, 0
		var lines []string
		for _, u := range b.Units {
			if u.Side != side {
				continue
			}
			start += u.Start
			now += u.Bases
			line := fmt.Sprintf("- %s: %d of %d bases", render.Inert(u.Name), u.Bases, u.Start)
			if u.Gone != "" {
				line += " — " + u.Gone
			}
			lines = append(lines, line)
		}
		for _, c := range b.Commanders {
			if c.Side == side && c.Lost {
				lines = append(lines, fmt.Sprintf("- command base %s: lost", render.Inert(c.Name)))
			}
		}
		fmt.Fprintf(&s, "**%s**: lost %d of %d bases\n%s\n", render.Inert(side), start-now, start, strings.Join(lines, "\n"))
	}
	if s.Len() == 0 {
		return "No units were on the roster.", nil
	}
	return s.String(), nil
}

// allSides lists every side on the roster, gone units and commanders included.
func allSides(b *Board) []string {
	var out []string
	add := func(s string) {
		for _, o := range out {
			if o == s {
				return
			}
		}
		out = append(out, s)
	}
	for _, u := range b.Units {
		add(u.Side)
	}
	for _, c := range b.Commanders {
		add(c.Side)
	}
	return out
}

// footer is a ruling's footer: its roll number in a game, or a quick ruling.
func footer(tx *battle.Tx) string {
	if n := tx.RollNumber(); n > 0 {
		return fmt.Sprintf("roll #%d", n)
	}
	if tx.Game != nil {
		return "no dice rolled"
	}
	return "quick ruling, not logged"
}

// show renders rulings as the public response, the first as its Result, with
// note as the message's text.
func show(tx *battle.Tx, note string, rs ...rules.Ruling) interaction.Response {
	m := interaction.Message{Content: render.Clip(note, render.MaxContent)}
	for _, r := range rs {
		m.Embeds = append(m.Embeds, render.Ruling(r, footer(tx)))
	}
	resp := interaction.Response{Public: []interaction.Message{m}}
	if len(rs) == 1 {
		resp.Result = rs[0]
	} else {
		resp.Result = rs
	}
	return resp
}

// canAct refuses anyone but the umpire and the player commanding u.
func canAct(tx *battle.Tx, u *Unit) error {
	if tx.IsUmpire() || (u.Player != "" && u.Player == tx.Req.User.ID) {
		return nil
	}
	who := "the umpire"
	if u.Player != "" {
		who = tx.Game.Player(u.Player) + " (who commands it) or the umpire"
	}
	return interaction.Refusef("Only %s can give orders to %s.", who, u.Name)
}

// Moment is the turn, the side whose activation it is and how many units
// have had theirs.
func (Ruleset) Moment(g *battle.Game) (battle.Moment, error) {
	b, err := validate(g.Board)
	if err != nil {
		return battle.Moment{}, err
	}
	t := b.Turn
	text := fmt.Sprintf("turn %d", t.Number)
	if t.Side < len(t.Order) {
		text += ", " + t.Order[t.Side] + "'s activation"
	}
	return battle.Moment{Key: fmt.Sprintf("%d.%d.%d", t.Number, t.Side, len(t.Spent)), Text: text}, nil
}

// Sequence is how a turn runs.
func (Ruleset) Sequence() string {
	return "Volleyfire! has no cards: sides take turns activating a unit each: `/volleyfire activate unit:<name>` when it is your side's activation, " +
		"then give it two actions (move, shoot, reload, charge, formation, breakaway). `/turn status` says whose activation it is."
}
