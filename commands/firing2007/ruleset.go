package firing2007

import (
	"cmp"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/campaign"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/mapcmd"
	"github.com/referee-bot/referee/commands/roster"
	"github.com/referee-bot/referee/rules"
	fr "github.com/referee-bot/referee/rules/firing2007"
)

// Ruleset is "Rules – Firing" (2007) as the battle service sees it.
type Ruleset struct {
	roster.About                         // ID, Name, FirstSteps, Sequence, NewBoard, ValidateBoard
	roster.Fog[*fr.Board, fogReader]     // view.Fog
	roster.Moments[*fr.Board, fogReader] // battle.TurnEngine's Moment
}

// New returns the rule set.
func New() *Ruleset {
	return &Ruleset{About: roster.Describe(roster.Description{
		ID: fr.ID, Name: "Rules – Firing (2007)",
		FirstSteps: "1. Umpire: the units, with their players: `/firing2007 unit-add`.\n" +
			"2. Umpire: the generals, with the unit each is with: `/firing2007 general-add`.\n" +
			"3. `/turn new` begins turn 1; each player fires with `/firing2007 fire`; `/turn next` begins the next turn.",
		Sequence: "Rules – Firing deals no cards and has no turn sequence or activations: any unit may fire when its commander says so, with `/firing2007 fire`; each side ends its turn with `/turn next`, and when every side has (or at the umpire's `/turn next`) the next begins.",
		NewBoard: func() any { return fr.Board{} }, ValidateBoard: roster.Validate(fr.ValidateBoard),
		Definitions: []*discordgo.ApplicationCommand{definition},
	})}
}

// The capabilities Rules – Firing has, asserted here at compile time.
var (
	_ battle.Ruleset      = (*Ruleset)(nil)
	_ battle.TurnEngine   = (*Ruleset)(nil)
	_ view.Fog            = (*Ruleset)(nil)
	_ campaign.Campaigner = (*Ruleset)(nil)
	_ mapcmd.Grounded     = (*Ruleset)(nil)
)

// HouseRules are the readings an umpire may switch (docs/readings.md F6, F2).
func (*Ruleset) HouseRules() []rules.HouseRule { return fr.HouseRules }

// house is the game's house rules: the one place they are read.
func house(tx *battle.Tx) fr.House {
	return fr.House{
		Cavalry:     cmp.Or(fr.CavalryFire(tx.HouseRule(fr.HouseCavalry)), fr.CavalryNoRule),
		HowitzerGap: cmp.Or(fr.HowitzerGap(tx.HouseRule(fr.HouseHowitzerGap)), fr.GapMedium),
	}
}

// board decodes the game's board.
var board = battle.BoardOf[fr.Board]

// Status is the turn, each side's units and generals, and any chain test waiting.
func (*Ruleset) Status(g *battle.Game) ([]interaction.Field, error) {
	b, err := board(g)
	if err != nil {
		return nil, err
	}
	turn := "not started: the umpire begins with `/turn new`"
	if b.Turn > 0 {
		turn = fmt.Sprint(b.Turn)
	}
	return append([]interaction.Field{{Name: "Turn", Value: turn, Inline: true}}, rosterFields(g, b)...), nil
}

// Losses is each side's strength lost, units shaken and generals hurt.
func (*Ruleset) Losses(g *battle.Game) (string, error) {
	b, err := board(g)
	if err != nil {
		return "", err
	}
	return losses(b), nil
}
