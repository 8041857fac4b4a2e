package volleyfire

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
	"github.com/referee-bot/referee/rules"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// ID is the rule set's id and its command's name.
const ID = vf.ID

// Ruleset is Volleyfire! as the game lifecycle, the turn engine and /rules see it.
type Ruleset struct {
	roster.Fog[*vf.Board, fogReader] // battle.Fog
}

// New returns the rule set.
func New() Ruleset { return Ruleset{} }

var _ battle.Ruleset = Ruleset{}

// ID is "volleyfire".
func (Ruleset) ID() string { return ID }

// Name is the game's title.
func (Ruleset) Name() string { return "Volleyfire!" }

// FirstSteps: the roster, then alternate activations.
func (Ruleset) FirstSteps() string {
	return "1. Umpire: each side's command bases, with their players: `/volleyfire-roster commander-add`.\n" +
		"2. Umpire: the units, with their players: `/volleyfire-roster unit-add`; and, if you choose it, the side that goes first: `/volleyfire first` (else it is rolled).\n" +
		"3. `/turn new` begins the turn; the side whose activation it is activates a unit (`/volleyfire activate`) and gives it two actions (`move`, `shoot`…); `/turn next` ends the activation."
}

// NewBoard is an empty roster before the first turn.
func (Ruleset) NewBoard() any { return vf.Board{} }

// ValidateBoard checks an imported board (vf.ValidateBoard).
func (Ruleset) ValidateBoard(raw json.RawMessage) error {
	_, err := vf.ValidateBoard(raw)
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
	b, err := vf.DecodeBoard(g.Board)
	if err != nil {
		return nil, err
	}
	fields := []interaction.Field{{Name: "Turn", Value: turnLine(b, g)}}
	for _, side := range b.AllSides() {
		fields = append(fields, field(side, sideRoster(b, side, g)))
	}
	if len(b.Combats) > 0 {
		fields = append(fields, field("Combats", combatsLine(b)))
	}
	return fields, nil
}

func field(name, value string) interaction.Field {
	return interaction.Field{Name: render.Clip(render.Inert(name), render.MaxFieldName), Value: render.Clip(value, render.MaxFieldValue)}
}

// Losses is the after-action report: each side's units, bases lost, routed, and
// command bases lost.
func (Ruleset) Losses(g *battle.Game) (string, error) {
	b, err := vf.DecodeBoard(g.Board)
	if err != nil {
		return "", err
	}
	var s strings.Builder
	for _, side := range b.AllSides() {
		start, now := 0, 0
		var lines []string
		for _, u := range b.Units {
			if u.Side != side {
				continue
			}
			start, now = start+u.Start, now+u.Bases
			line := fmt.Sprintf("- %s: %d of %d bases", render.Inert(u.Name), u.Bases, u.Start)
			if u.Gone != "" {
				line += " — " + string(u.Gone)
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

// load reads the board of tx's game. Under fog of war a player's order
// naming a unit or command base his side has not seen is refused as one
// naming nothing on the roster (tx.InSight).
func load(tx *battle.Tx) (*vf.Board, error) {
	var b vf.Board
	if err := roster.Load(tx, ID, &b, "This channel's battle is played under %s, not Volleyfire!."); err != nil {
		return nil, err
	}
	return &b, tx.InSight(optUnit, optTarget, optCommander, optJoin)
}

// save stores the board and logs summary.
func save(tx *battle.Tx, b *vf.Board, summary string) error { return roster.Save(tx, b, summary) }

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

// show renders rulings as the public response, the last as its Result, with
// note as the message's text.
func show(tx *battle.Tx, note string, rs ...*rules.Ruling) interaction.Response {
	m := interaction.Message{Content: render.Clip(note, render.MaxContent)}
	resp := interaction.Response{}
	var titles []string // of the rulings with a Details button
	for _, r := range rs {
		if r != nil {
			rm := tx.Ruling(*r, footer(tx))
			m.Embeds, m.Buttons = append(m.Embeds, rm.Embeds...), append(m.Buttons, rm.Buttons...)
			if len(rm.Buttons) > 0 {
				titles = append(titles, r.Title)
			}
			resp.Result = *r
		}
	}
	if len(m.Buttons) > 1 { // each says whose working it shows
		for i := range m.Buttons {
			m.Buttons[i].Label = render.Clip("Details: "+render.Plain(titles[i]), 80)
		}
	}
	resp.Public = []interaction.Message{m}
	return resp
}

// Moment is where the channel's turn stands (vf.Board.Moment).
func (Ruleset) Moment(g *battle.Game) (rules.Moment, error) {
	b, err := vf.DecodeBoard(g.Board)
	if err != nil {
		return rules.Moment{}, err
	}
	return b.Moment(), nil
}

// Sequence is how a turn runs.
func (Ruleset) Sequence() string {
	return "Volleyfire! has no cards: sides take turns activating a unit each: `/volleyfire activate unit:<name>` when it is your side's activation, " +
		"then give it two actions (move, shoot, reload, charge, formation, breakaway). `/turn status` says whose activation it is."
}
