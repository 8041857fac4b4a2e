package mapcmd

import (
	"fmt"

	fr "github.com/referee-bot/referee/rules/firing2007"
	"github.com/referee-bot/referee/rules/tabletop"
)

// The rules by which each rule set's orders are measured on the table: the
// geometry is rules/tabletop's, what it means in the rule set its rules
// package's; here only which option each measure fills, and how it reads.

// Firing2007Fire measures /firing2007 fire (fr.Lay): the distance between
// the bases, friends in the arc of fire (F3a), a friend fired over and its
// clearance (F3b), higher ground, and the target's cover.
var Firing2007Fire = Rule{From: "firer", To: "target", Need: []string{"distance"},
	Options: []string{"distance", "friendly-in-arc", "over-friendly", "higher-ground"},
	Measure: func(e Ends) (Measured, error) {
		l, err := fr.Lay(e.Table, e.From, e.To, e.Friends)
		if err != nil {
			return Measured{}, err
		}
		m := Measured{Cover: string(l.Cover), Values: []Value{
			{Option: "distance", Is: l.Distance, How: apart(l.Distance, e.From, e.To)},
			{Option: "friendly-in-arc", Is: l.FriendlyInArc, How: yesNo(l.FriendlyInArc,
				"a friendly unit stands in %s's arc of fire (F3a)", "no friendly unit stands in %s's arc of fire", e.From.Name), Quiet: !l.FriendlyInArc},
			{Option: "higher-ground", Is: l.HigherGround, How: yesNo(l.HigherGround,
				"%s fires to or from higher ground", "%s fires neither to nor from higher ground", e.From.Name), Quiet: len(l.Over) == 0},
		}}
		over := Value{Option: "over-friendly", How: fmt.Sprintf("no friendly unit stands between %s and %s", e.From.Name, e.To.Name), Quiet: true}
		if len(l.Over) > 0 {
			over = Value{Option: "over-friendly", Is: l.Clearance,
				How: fmt.Sprintf("overhead fire over %s, %s\" from the nearer end (F3b)", names(l.Over), inches(l.Clearance))}
		}
		m.Values = append(m.Values, over)
		cover := fmt.Sprintf("%s is in the open", e.To.Name)
		if l.CoverBy != "" {
			cover = fmt.Sprintf("%s is in %s: %s", e.To.Name, l.CoverBy, l.Cover.Label())
		}
		m.Also = []string{cover}
		return m, nil
	}}

// apart is how far apart two units were measured.
func apart(d float64, a, b tabletop.Unit) string {
	return fmt.Sprintf("%s\" from %s to %s, between the nearest points of their footprints", inches(d), a.Name, b.Name)
}

func yesNo(yes bool, ifYes, ifNo string, args ...any) string {
	if yes {
		return fmt.Sprintf(ifYes, args...)
	}
	return fmt.Sprintf(ifNo, args...)
}

func names(ns []string) string {
	switch len(ns) {
	case 1:
		return ns[0]
	case 2:
		return ns[0] + " and " + ns[1]
	}
	return fmt.Sprintf("%s and %d more", ns[0], len(ns)-1)
}
