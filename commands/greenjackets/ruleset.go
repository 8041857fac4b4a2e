package greenjackets

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
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

// Ruleset is Green Jackets as the battle service sees it.
type Ruleset struct {
	roster.About                         // ID, Name, FirstSteps, Sequence, NewBoard, ValidateBoard
	roster.Fog[*gj.Board, fogReader]     // view.Fog
	roster.Moments[*gj.Board, fogReader] // battle.TurnEngine's Moment
}

// New returns the rule set.
func New() *Ruleset {
	return &Ruleset{About: roster.Describe(roster.Description{
		ID: gj.ID, Name: "Green Jackets",
		FirstSteps: "1. Umpire: a character for each officer, NCO or hero, with his player: `/greenjackets roster character`.\n" +
			"2. Umpire: his squads and their figures: `/greenjackets roster squad` (or the whole order of battle: `/greenjackets roster import`).\n" +
			"3. `/turn new` deals each character his card by DM; `/turn next` calls the count down; the holder of the count acts with `/act`, then gives his orders (`/greenjackets observe`, `fire`, `move`…).",
		Sequence: "Each turn the umpire deals every character a card by DM (`/turn new`) and calls the count down from 6 (`/turn next`); the holder of the card called acts with `/act`.",
		NewBoard: func() any { return gj.NewBoard() }, ValidateBoard: roster.Validate(gj.ValidateBoard),
		Definitions: []*discordgo.ApplicationCommand{Definition},
	})}
}

// The capabilities Green Jackets has, asserted here at compile time.
var (
	_ battle.Ruleset      = (*Ruleset)(nil)
	_ battle.TurnEngine   = (*Ruleset)(nil)
	_ battle.SecretCards  = (*Ruleset)(nil)
	_ view.Fog            = (*Ruleset)(nil)
	_ campaign.Campaigner = (*Ruleset)(nil)
	_ mapcmd.Grounded     = (*Ruleset)(nil)
)

// HouseRules are the readings an umpire may switch (docs/readings.md G6, G13, G15, G21).
func (*Ruleset) HouseRules() []rules.HouseRule { return gj.HouseRules }

// house is the game's house rules: the one place they are read.
func house(tx *battle.Tx) gj.House {
	return gj.House{
		MoraleLiteral: tx.HouseRule(gj.HouseMoraleDead) == "literal",
		LightWounds:   tx.HouseRule(gj.HouseLightWounds),
		CanisterUnder: tx.HouseRule(gj.HouseCanister) == "under",
		SpottingOff:   tx.HouseRule(gj.HouseSpotting) == "off",
	}
}

// decodeBoard reads a stored board.
var decodeBoard = battle.BoardOf[gj.Board]

// Status is the rule set's part of /game status: the turn and each side's roster, no cards.
func (*Ruleset) Status(g *battle.Game) ([]interaction.Field, error) {
	b, err := decodeBoard(g)
	if err != nil {
		return nil, err
	}
	fields := []interaction.Field{{Name: "Turn", Value: turnLine(b)}}
	for _, side := range b.Sides() {
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

// Losses is the after-action report's list of casualties, by side.
func (*Ruleset) Losses(g *battle.Game) (string, error) {
	b, err := decodeBoard(g)
	if err != nil {
		return "", err
	}
	var out strings.Builder
	for _, side := range b.Sides() {
		fmt.Fprintf(&out, "### %s\n", render.Inert(side))
		var figs, chars tally
		for _, c := range b.Characters {
			if c.Side != side {
				continue
			}
			chars.count(c.Dead, c.Serious > 0 || c.Light > 0)
			if c.Dead || c.Serious > 0 || c.Light > 0 {
				fmt.Fprintf(&out, "- %s (%s)%s\n", render.Inert(c.Name), c.Rank, c.Wounds())
			}
			for _, s := range b.SquadsOf(c) {
				for _, f := range s.Figures {
					hurt := f.Serious > 0 || f.Destroyed || f.Horse == gj.HorseDown
					figs.count(f.Dead, hurt)
					if f.Dead || hurt {
						fmt.Fprintf(&out, "- %s, %s: %s\n", render.Inert(f.Name), render.Inert(s.Name), b.FigureState(s, f))
					}
				}
			}
		}
		fmt.Fprintf(&out, "Figures: %s. Characters: %s.\n\n", figs, chars)
	}
	if out.Len() == 0 {
		return "No one was on the roster.", nil
	}
	return strings.TrimSpace(out.String()), nil
}

// A tally counts the dead and the wounded of a side's figures or characters.
type tally struct{ dead, wounded, total int }

func (t *tally) count(dead, wounded bool) {
	t.total++
	switch {
	case dead:
		t.dead++
	case wounded:
		t.wounded++
	}
}

func (t tally) String() string {
	return fmt.Sprintf("%d dead, %d wounded (of %d)", t.dead, t.wounded, t.total)
}
