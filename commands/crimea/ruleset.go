package crimea

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
	"github.com/referee-bot/referee/rules"
	rc "github.com/referee-bot/referee/rules/crimea"
)

// The board and its roster entries, as rules/crimea keeps them.
type (
	Board   = rc.Board
	Unit    = rc.Unit
	Officer = rc.Officer
)

// Limits of the roster, as the options of /crimea state them.
const (
	MaxName   = rc.MaxName
	MaxRoster = rc.MaxRoster
	MaxStands = rc.MaxStands
	MaxInches = rc.MaxInches
)

// Ruleset is Stormed at with Shot and Shell as the game lifecycle, the turn
// engine and /rules see it.
type Ruleset struct {
	roster.Fog[*rc.Board, fogReader] // battle.Fog
}

// New returns the rule set.
func New() Ruleset { return Ruleset{} }

// ID is "crimea".
func (Ruleset) ID() string { return rc.ID }

// Name is the rule set's title.
func (Ruleset) Name() string { return "Stormed at with Shot and Shell" }

// FirstSteps: the roster and the movement allowances, then the deck.
func (Ruleset) FirstSteps() string {
	return "1. Umpire: the officers, with their players: `/crimea officer-add` (his calibre is rolled).\n" +
		"2. Umpire: the units under them: `/crimea unit-add`; and the inches of the movement table, which the text lost: `/crimea allowance`.\n" +
		"3. `/turn new` shuffles the movement deck and sets each officer's orders; `/turn next` turns up a card, and the command it names moves (`/crimea move`, `fire`, `combat`)."
}

// NewBoard is an empty roster before the first turn.
func (Ruleset) NewBoard() any { return &rc.Board{} }

// ValidateBoard checks an imported board.
func (Ruleset) ValidateBoard(raw json.RawMessage) error {
	_, err := rc.ValidateBoard(raw)
	return err
}

// House rules: the docs/readings.md readings the umpire may switch.
const (
	HouseMorale     = "morale-pass"
	HouseGap        = "movement-gap"
	HouseTie        = "combat-tie"
	HouseCasualties = "combat-casualties"
	HouseCalibre    = "calibre"
)

// HouseRules are the readings an umpire may switch.
func (Ruleset) HouseRules() []battle.HouseRule {
	return []battle.HouseRule{
		{Name: HouseMorale, Values: []string{string(rc.MoraleHigh), string(rc.MoraleLow)}, Default: string(rc.MoraleHigh),
			Reading: rules.Reading{ID: "C5", Text: "high (default): a test passes on d100 ≥ 101 − rating; low: on d100 ≤ rating (the combat rolls are still the saved morale rolls)"}},
		{Name: HouseGap, Values: []string{string(rc.GapNone), string(rc.GapAs2130)}, Default: string(rc.GapNone),
			Reading: rules.Reading{ID: "C6", Text: "none (default): the missing 31–40 band of the movement modifier gives no modifier; as-21-30: it reads as 21–30 (lose 2\" infantry, 3\" cavalry)"}},
		{Name: HouseTie, Values: []string{string(rc.TieHold), string(rc.TieDefender)}, Default: string(rc.TieHold),
			Reading: rules.Reading{ID: "C8", Text: "hold (default): equal close combat totals, both hold and neither wins; defender: the defender wins ties"}},
		{Name: HouseCasualties, Values: []string{string(rc.CasualtiesBoth), string(rc.CasualtiesOne)}, Default: string(rc.CasualtiesBoth),
			Reading: rules.Reading{ID: "C8", Text: "both (default): both close combat casualty rules can apply to a side, up to 2 stands; one: at most 1 stand"}},
		{Name: HouseCalibre, Values: []string{"roll", "umpire"}, Default: "roll",
			Reading: rules.Reading{ID: "C3", Text: "roll (default): an officer added without a calibre rolls for it on the calibre table; umpire: the umpire gives every officer's calibre"}},
	}
}

// house is the house rules in force ("" is the reading, which every rule
// of rules/crimea reads as its default).
func house(tx *battle.Tx) rc.House {
	return rc.House{Morale: rc.MoraleRule(tx.HouseRule(HouseMorale)), Gap: rc.GapRule(tx.HouseRule(HouseGap)),
		Tie: rc.TieRule(tx.HouseRule(HouseTie)), Casualties: rc.CasualtyRule(tx.HouseRule(HouseCasualties)),
		UmpireCalibre: tx.HouseRule(HouseCalibre) == "umpire"}
}

// crimeaGame reports whether the channel's battle is played under these rules.
func crimeaGame(tx *battle.Tx) bool { return tx.Game != nil && tx.Game.Ruleset == rc.ID }

// named are the options naming units and officers on the roster: under fog
// of war a player's order naming one his side has not seen is refused as
// one naming nothing on the roster (tx.InSight).
var named = []string{"unit", "units", "officer", "superior", "brigade", "target", "attacker", "attacker-officer", "defender", "defender-officer"}

// load reads the board of a Crimea battle, as the invoker may name it.
func load(tx *battle.Tx) (*rc.Board, error) {
	var b rc.Board
	if err := roster.Load(tx, rc.ID, &b, "This channel's battle is played under %s, not Stormed at with Shot and Shell; give every factor as options for a quick ruling instead."); err != nil {
		return nil, err
	}
	return &b, tx.InSight(named...)
}

// Status is the rule set's part of /game status.
func (Ruleset) Status(g *battle.Game) ([]interaction.Field, error) {
	b, err := rc.DecodeBoard(g.Board)
	if err != nil {
		return nil, err
	}
	fields := []interaction.Field{turnField(b)}
	for _, side := range rc.Sides {
		var lines []string
		for _, u := range b.Units {
			if u.Side == side {
				lines = append(lines, unitLine(u))
			}
		}
		for _, o := range b.Officers {
			if o.Side == side {
				lines = append(lines, "★ "+officerLine(o, b.Turn > 0))
			}
		}
		if len(lines) == 0 {
			lines = []string{"nothing on the roster yet"}
		}
		fields = append(fields, interaction.Field{Name: string(side), Value: render.Clip(strings.Join(lines, "\n"), render.MaxFieldValue)})
	}
	return fields, nil
}

func unitLine(u rc.Unit) string {
	var extra []string
	if u.Disordered {
		extra = append(extra, "disordered")
	}
	if u.LostToFire > 0 {
		extra = append(extra, rules.Plural(u.LostToFire, "stand", "stands")+" lost to fire this turn")
	}
	if u.Moved {
		extra = append(extra, "moved")
	}
	if u.Officer != "" {
		extra = append(extra, "under "+render.Inert(u.Officer))
	}
	if n := u.Note(); n != "" {
		extra = append(extra, n)
	}
	s := fmt.Sprintf("%s: %s %s in %s, %d/%d stands, morale %d%%", render.Inert(u.Name), u.Nationality, u.Type, u.Formation, u.Stands, u.Start, u.Morale)
	if u.Stands == 0 {
		s = fmt.Sprintf("%s: destroyed (%d stands lost)", render.Inert(u.Name), u.Start)
	}
	if len(extra) > 0 {
		s += " (" + strings.Join(extra, ", ") + ")"
	}
	return s
}

// officerLine describes an officer; inTurn says whether orders are counted yet.
func officerLine(o rc.Officer, inTurn bool) string {
	who := ""
	if o.PlayerName != "" {
		who = " — " + render.Inert(o.PlayerName)
	}
	state := rules.Plural(o.Orders, "order", "orders") + " left"
	if !inTurn {
		state = fmt.Sprintf("%s orders a turn", o.Calibre.Orders())
	}
	switch {
	case o.Dead:
		state = "dead"
	case o.Wounded:
		state = "wounded"
	case o.Stays && inTurn:
		state += ", does not move himself this turn"
	}
	if n := o.Note(); n != "" {
		state += ", " + n
	}
	return fmt.Sprintf("%s (%s, %s): %s%s", render.Inert(o.Name), o.Rank, o.Calibre, state, who)
}

// Losses is the after-action report: stands lost by each unit, officers fallen.
func (Ruleset) Losses(g *battle.Game) (string, error) {
	b, err := rc.DecodeBoard(g.Board)
	if err != nil {
		return "", err
	}
	var out strings.Builder
	for _, side := range rc.Sides {
		lost, start := 0, 0
		var lines []string
		for _, u := range b.Units {
			if u.Side != side {
				continue
			}
			lost += u.Start - u.Stands
			start += u.Start
			if u.Start > u.Stands {
				note := ""
				if u.Stands == 0 {
					note = " — destroyed"
				}
				lines = append(lines, fmt.Sprintf("- %s: %d of %d stands lost%s", render.Inert(u.Name), u.Start-u.Stands, u.Start, note))
			}
		}
		for _, o := range b.Officers {
			switch {
			case o.Side != side:
			case o.Dead:
				lines = append(lines, fmt.Sprintf("- %s (%s): killed", render.Inert(o.Name), o.Rank))
			case o.Wounded:
				lines = append(lines, fmt.Sprintf("- %s (%s): wounded", render.Inert(o.Name), o.Rank))
			}
		}
		fmt.Fprintf(&out, "**%s**: %d of %d stands lost\n", side, lost, start)
		if len(lines) == 0 {
			lines = []string{"- no losses"}
		}
		out.WriteString(strings.Join(lines, "\n") + "\n")
	}
	if b.Turn > 0 {
		fmt.Fprintf(&out, "Fought over %s.\n", rules.Plural(b.Turn, "turn", "turns"))
	}
	return out.String(), nil
}

// footer is the roll number in a game, or says a quick ruling is not logged.
func footer(tx *battle.Tx) string {
	if tx.Game == nil {
		return "quick ruling, not logged"
	}
	if n := tx.RollNumber(); n > 0 {
		return fmt.Sprintf("roll #%d", n)
	}
	return "no dice rolled"
}

// show is a public ruling, with the ruling as the machine-readable result.
func show(tx *battle.Tx, r rules.Ruling) interaction.Response {
	return interaction.Response{Public: []interaction.Message{tx.Ruling(r, footer(tx))}, Result: r}
}
