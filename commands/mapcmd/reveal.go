package mapcmd

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/tabletop"
)

// Sighting is what the battle's table says of the umpire's reveal of the
// unit called unit to side ("" to all), for his answer and those it is
// revealed to: the nearest of the side's units on the table that sees it
// (tabletop.Sightings, under the rule set's sight), or, when none does, that
// the reveal is his call over the table. To all, the lookers are the enemy
// units every side knows of, so that the answer names none that is hidden.
// It is "" when the battle has no table, or the unit does not stand on it.
func (c *Commands) Sighting(g *battle.Game, side, unit string) (string, error) {
	if g.Map == nil {
		return "", nil
	}
	kinds, err := c.ground(g)
	if err != nil {
		return "", nil // a rule set with no map: nothing to measure
	}
	target, ok := placedNamed(g.Map, unit)
	if !ok {
		return "", nil
	}
	sides, err := c.names(g)
	if err != nil {
		return "", err
	}
	own := sides[target.Name]
	known := sides
	if side == "" {
		rs, _ := c.svc.Ruleset(g.Ruleset)
		if f, ok := rs.(view.Fog); ok && g.Fogged() {
			if known, err = f.Known(g, rules.Main); err != nil {
				return "", err
			}
		}
	}
	var lookers []tabletop.Unit
	for _, u := range g.Map.Units {
		s, ok := known[u.Name]
		if ok && s != "" && (side == "" && !strings.EqualFold(s, own) || side != "" && strings.EqualFold(s, side)) {
			lookers = append(lookers, u)
		}
	}
	who := "enemy"
	if side != "" {
		who = side
	}
	looks := g.Map.Sightings(tabletop.SightOf(kinds), target, lookers)
	switch {
	case len(looks) == 0:
		return fmt.Sprintf("No %s unit stands on the table: revealed at the umpire's call, over the table (a house rule).", render.Inert(who)), nil
	case looks[0].Sight.Clear:
		l := looks[0]
		return fmt.Sprintf("On the table %s sees it, %s\" off between the nearest points of their footprints, the line of sight clear.",
			render.Inert(l.By.Name), inches(l.Gap)), nil
	}
	l := looks[0]
	for _, o := range looks[1:] {
		if o.Gap < l.Gap {
			l = o
		}
	}
	return fmt.Sprintf("On the table no %s unit sees it (the nearest, %s, %s\" off: %s is in the way): revealed at the umpire's call, over the table (a house rule).",
		render.Inert(who), render.Inert(l.By.Name), inches(l.Gap), render.Inert(l.Sight.By)), nil
}

// placedNamed is the unit on the table called name, in any case.
func placedNamed(t *tabletop.Table, name string) (tabletop.Unit, bool) {
	name = strings.TrimSpace(name)
	for _, u := range t.Units {
		if strings.EqualFold(u.Name, name) {
			return u, true
		}
	}
	return tabletop.Unit{}, false
}
