package volleyfire

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
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// Ruleset is Volleyfire! as the game lifecycle, the turn engine and /rules see it.
type Ruleset struct {
	roster.About                         // ID, Name, FirstSteps, Sequence, NewBoard, ValidateBoard
	roster.Fog[*vf.Board, fogReader]     // view.Fog
	roster.Moments[*vf.Board, fogReader] // battle.TurnEngine's Moment
}

// New returns the rule set.
func New() *Ruleset {
	return &Ruleset{About: roster.Describe(roster.Description{
		ID: vf.ID, Name: "Volleyfire!",
		FirstSteps: "1. Umpire: each side's command bases, with their players: `/volleyfire-roster commander-add`.\n" +
			"2. Umpire: the units, with their players: `/volleyfire-roster unit-add`; and, if you choose it, the side that goes first: `/volleyfire first` (else it is rolled).\n" +
			"3. `/turn new` begins the turn; the side whose activation it is activates a unit (`/volleyfire activate`) and gives it two actions (`move`, `shoot`…); `/turn next` ends the activation.",
		Sequence: "Volleyfire! has no cards: sides take turns activating a unit each: `/volleyfire activate unit:<name>` when it is your side's activation, " +
			"then give it two actions (move, shoot, reload, charge, formation, breakaway). `/turn status` says whose activation it is.",
		NewBoard: func() any { return vf.Board{} }, ValidateBoard: roster.Validate(vf.ValidateBoard),
		Definitions: []*discordgo.ApplicationCommand{Definition, RosterDefinition},
	})}
}

// The capabilities Volleyfire! has, asserted here at compile time.
var (
	_ battle.Ruleset      = (*Ruleset)(nil)
	_ battle.TurnEngine   = (*Ruleset)(nil)
	_ view.Fog            = (*Ruleset)(nil)
	_ campaign.Campaigner = (*Ruleset)(nil)
	_ mapcmd.Grounded     = (*Ruleset)(nil)
)

// HouseRules are the readings the umpire may switch (docs/readings.md V2,
// V4, V5, V7).
func (*Ruleset) HouseRules() []rules.HouseRule { return vf.HouseRules }

// house is the game's house rules.
func house(tx *battle.Tx) vf.House { return houseOf(tx.Game) }

// houseOf is a game's house rules (none without a game): the one place they
// are read.
func houseOf(g *battle.Game) vf.House {
	if g == nil {
		return vf.House{}
	}
	return vf.House{
		RerollAgain:        g.HouseRule(vf.HouseRerollSame) == "again",
		SquareAsInfantry:   g.HouseRule(vf.HouseSquareCavalry) == "as-infantry",
		SquareNoMove:       g.HouseRule(vf.HouseSquareMove) == "none",
		EliteFirePlus1:     g.HouseRule(vf.HouseEliteFire) == "plus1",
		CannonIgnoresCover: g.HouseRule(vf.HouseCannonCover) == "none",
		CuirassierFire:     g.HouseRule(vf.HouseCuirassierFire) == "fire",
	}
}

// Status is the rule set's part of /game status.
func (*Ruleset) Status(g *battle.Game) ([]interaction.Field, error) {
	b, err := battle.BoardOf[vf.Board](g)
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

// Losses is the after-action report: each side's units, bases lost, routed, and
// command bases lost.
func (*Ruleset) Losses(g *battle.Game) (string, error) {
	b, err := battle.BoardOf[vf.Board](g)
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
