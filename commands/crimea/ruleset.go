package crimea

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/campaign"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/mapcmd"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
	"github.com/referee-bot/referee/rules"
	rc "github.com/referee-bot/referee/rules/crimea"
)

// Ruleset is Stormed at with Shot and Shell as the game lifecycle, the turn
// engine and /rules see it.
type Ruleset struct {
	roster.About                         // ID, Name, FirstSteps, Sequence, NewBoard, ValidateBoard
	roster.Fog[*rc.Board, fogReader]     // view.Fog
	roster.Moments[*rc.Board, fogReader] // battle.TurnEngine's Moment
}

// New returns the rule set.
func New() *Ruleset {
	return &Ruleset{About: roster.Describe(roster.Description{
		ID: rc.ID, Name: "Stormed at with Shot and Shell",
		FirstSteps: "1. Umpire: the officers, with their players: `/crimea officer-add` (his calibre is rolled).\n" +
			"2. Umpire: the units under them: `/crimea unit-add`; and the inches of the movement table, which the text lost: `/crimea allowance`.\n" +
			"3. `/turn new` shuffles the movement deck and sets each officer's orders; `/turn next` turns up a card, and the command it names moves (`/crimea move`, `fire`, `combat`).",
		Sequence: "Stormed at with Shot and Shell has no secret cards: each turn the umpire shuffles the movement deck (`/turn new`) and turns up one card at a time (`/turn next`); the command on the card moves, each unit on an order from its officer (`/crimea move`).",
		NewBoard: func() any { return &rc.Board{} }, ValidateBoard: roster.Validate(rc.ValidateBoard),
		Definitions: []*discordgo.ApplicationCommand{Definition},
	})}
}

// The capabilities Stormed at with Shot and Shell has, asserted here at
// compile time.
var (
	_ battle.Ruleset      = (*Ruleset)(nil)
	_ battle.TurnEngine   = (*Ruleset)(nil)
	_ view.Fog            = (*Ruleset)(nil)
	_ campaign.Campaigner = (*Ruleset)(nil)
	_ mapcmd.Grounded     = (*Ruleset)(nil)
)

// HouseRules are the readings an umpire may switch (docs/readings.md C3, C5, C6, C8).
func (*Ruleset) HouseRules() []rules.HouseRule { return rc.HouseRules }

// house is the game's house rules, the one place they are read ("" is the
// reading, which every rule of rules/crimea reads as its default).
func house(tx *battle.Tx) rc.House {
	return rc.House{Morale: rc.MoraleRule(tx.HouseRule(rc.HouseMorale)), Gap: rc.GapRule(tx.HouseRule(rc.HouseGap)),
		Tie: rc.TieRule(tx.HouseRule(rc.HouseTie)), Casualties: rc.CasualtyRule(tx.HouseRule(rc.HouseCasualties)),
		UmpireCalibre: tx.HouseRule(rc.HouseCalibre) == "umpire"}
}

// Status is the rule set's part of /game status.
func (*Ruleset) Status(g *battle.Game) ([]interaction.Field, error) {
	b, err := battle.BoardOf[rc.Board](g)
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

// Losses is the after-action report: stands lost by each unit, officers fallen.
func (*Ruleset) Losses(g *battle.Game) (string, error) {
	b, err := battle.BoardOf[rc.Board](g)
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
