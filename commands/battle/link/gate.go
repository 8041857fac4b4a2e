package link

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
)

// Gate keeps the channels linked to the battles of a service
// (battle.Gate): the routes set it (battle.Service.GateBy).
type Gate struct{ Battles *battle.Service }

// MayCommandIn is the package's MayCommandIn.
func (gt Gate) MayCommandIn(g *battle.Game, user, channel string) error {
	return MayCommandIn(gt.Battles, g, user, channel)
}

// Occupy refuses a game put in channel while g, which it is linked to, runs.
func (gt Gate) Occupy(g *battle.Game, channel string) error {
	return interaction.Refusef("This channel is %s of %s: start or import a battle in another channel.", LinkedAs(g, channel), Holder(gt.Battles, g))
}

// MayCommandIn refuses a command in a side's channel by anyone but the
// umpire and the players of that side (what is shown there is that side's),
// and at the umpire's desk by anyone but him.
func MayCommandIn(svc *battle.Service, g *battle.Game, user, channel string) error {
	if user == g.Umpire || channel == g.Channel {
		return nil
	}
	side, ok := g.ChannelSide(channel)
	if !ok {
		return interaction.Refuse("This is the umpire's desk: only the umpire gives commands here.")
	}
	mine, err := view.SideOf(svc, g, user)
	if err != nil {
		return err
	}
	if !strings.EqualFold(mine, side) {
		return interaction.Refusef("This is the **%s** side's channel: only its players and the umpire give commands here.", render.Inert(side))
	}
	return nil
}

// LinkedAs is what channel, linked to g, is to it: its umpire's desk or a
// side's channel.
func LinkedAs(g *battle.Game, channel string) string {
	if side, ok := g.ChannelSide(channel); ok {
		return "the **" + render.Inert(side) + "** side's channel"
	}
	return "the umpire's desk"
}

// Holder names the battle that holds a channel, for the refusal of another
// battle's link to it (Channel), or of a game put in it (Gate.Occupy): its
// rule set, its name if it has one, and its main channel ("the Crimea
// battle **Alma** in <#home>").
func Holder(svc *battle.Service, g *battle.Game) string {
	name := g.Ruleset
	if rs, ok := svc.Ruleset(g.Ruleset); ok {
		name = rs.Name()
	}
	called := ""
	if g.Name != "" {
		called = " " + g.Named()
	}
	return fmt.Sprintf("the %s battle%s in <#%s>", name, called, g.Channel)
}
