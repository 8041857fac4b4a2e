package mapcmd

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	rc "github.com/referee-bot/referee/rules/crimea"
	fr "github.com/referee-bot/referee/rules/firing2007"
	gj "github.com/referee-bot/referee/rules/greenjackets"
	"github.com/referee-bot/referee/rules/tabletop"
	vf "github.com/referee-bot/referee/rules/volleyfire"
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
				How: fmt.Sprintf("overhead fire over %s, %s\" from the nearer end (F3b)", names(named(l.Over, e.Unseen)), inches(l.Clearance))}
		}
		m.Values = append(m.Values, over)
		cover := fmt.Sprintf("%s is in the open", e.To.Name)
		if l.CoverBy != "" {
			cover = fmt.Sprintf("%s has %s from %s", e.To.Name, l.Cover.Label(), l.CoverBy)
		}
		m.Also = []string{cover}
		return m, nil
	}}

// VolleyfireShoot measures /volleyfire shoot (vf.AimAt): the range between
// the bases, the shooter's height, the target's cover, and, for a unit out
// of command, whether the target is the closest enemy (vf.Nearest, V3); a
// forest, town or hill in between refuses it.
var VolleyfireShoot = Rule{From: "unit", To: "target", Rivals: volleyfireTargets, Bound: volleyfireClosestOnly, Need: []string{"range"},
	Options: []string{"range", "elevation", "cover", "closest"},
	Measure: func(e Ends) (Measured, error) {
		a, err := vf.AimAt(e.Table, e.From, e.To)
		if err != nil {
			return Measured{}, err
		}
		cover := fmt.Sprintf("%s is in the open", e.To.Name)
		if a.Cover {
			cover = fmt.Sprintf("%s has cover from %s", e.To.Name, a.CoverBy)
		}
		m := Measured{Values: []Value{
			{Option: "range", Is: a.Range, How: apart(a.Range, e.From, e.To)},
			{Option: "elevation", Is: a.Elevation, How: fmt.Sprintf("%s stands %s\" above the table, %s\" more range", e.From.Name, inches(a.Elevation), inches(a.Elevation)), Quiet: a.Elevation == 0},
			{Option: "cover", Is: a.Cover, How: cover},
		}}
		if !e.Bound {
			return m, nil // in command it may shoot at any enemy it sees
		}
		c := vf.Nearest(e.Table, e.From, e.To, e.Rivals)
		closest := Value{Option: "closest", Is: true, How: fmt.Sprintf("%s is the closest enemy %s sees (V3)", e.To.Name, e.From.Name)}
		if !c.Is {
			closest = Value{Option: "closest", Is: false, Quiet: true,
				How: fmt.Sprintf("%s is not the closest enemy %s sees: %s is, %s\" off (V3)", e.To.Name, e.From.Name, c.Nearest.Name, inches(c.Gap))}
			m.Nearest = c.Nearest.Name
		}
		m.Values = append(m.Values, closest)
		return m, nil
	}}

// quarters say where a charger stands for its charge to strike each side of
// the unit charged, seen from that unit's centre.
var quarters = map[vf.Facing]string{
	vf.Front: "within 45° of its front",
	vf.Flank: "between 45° and 135° off its front",
	vf.Rear:  "more than 135° off its front",
}

// volleyfireTargets are the enemies the unit called name may shoot at.
func volleyfireTargets(g *battle.Game, name string) ([]string, error) {
	b, err := battle.BoardOf[vf.Board](g)
	if err != nil {
		return nil, err
	}
	u := b.UnitNamed(name)
	if u == nil {
		return nil, nil
	}
	units, bases := b.Targets(u.Side)
	var out []string
	for _, t := range units {
		out = append(out, t.Name)
	}
	for _, c := range bases {
		out = append(out, c.Name)
	}
	return out, nil
}

// volleyfireClosestOnly reports whether the unit called name may shoot only
// at the closest enemy (V3): it is activated now, out of command.
func volleyfireClosestOnly(g *battle.Game, name string) (bool, error) {
	b, err := battle.BoardOf[vf.Board](g)
	if err != nil {
		return false, err
	}
	return b.Turn.ClosestOnly(name), nil
}

// VolleyfireCharge measures /volleyfire charge (vf.ChargeReach): the inches
// charged through open, light and heavy ground, between the nearest points
// of the two bases, and the side of the target it strikes.
var VolleyfireCharge = Rule{From: "unit", To: "target", Options: []string{"open", "light", "heavy", "facing"},
	Measure: func(e Ends) (Measured, error) {
		r := vf.ChargeReach(e.Table, e.From, e.To)
		var through []string
		for _, p := range []struct {
			in    float64
			where string
		}{{r.Path.Open, "open ground"}, {r.Path.Light, "light terrain"}, {r.Path.Heavy, "heavy terrain"}} {
			if tabletop.Tenth(p.in) > 0 {
				through = append(through, fmt.Sprintf("%s\" of %s", inches(p.in), p.where))
			}
		}
		how := fmt.Sprintf("%s is in contact with %s", e.From.Name, e.To.Name)
		if len(through) > 0 {
			how = fmt.Sprintf("%s charges %s to %s, between the nearest points of their footprints (V4)", e.From.Name, strings.Join(through, ", "), e.To.Name)
		}
		return Measured{Values: []Value{
			{Option: "open", Is: r.Path.Open, How: how},
			{Option: "light", Is: r.Path.Light, How: how, Quiet: true},
			{Option: "heavy", Is: r.Path.Heavy, How: how, Quiet: true},
			{Option: "facing", Is: string(r.Strikes), How: fmt.Sprintf("%s strikes %s's %s: it stands %s", e.From.Name, e.To.Name, r.Strikes, quarters[r.Strikes])},
		}}, nil
	}}

// VolleyfireActivate measures /volleyfire activate's command distance: from
// the commander's base to the unit's.
var VolleyfireActivate = Rule{From: "commander", To: "unit", Options: []string{"distance"},
	Measure: func(e Ends) (Measured, error) {
		d := tabletop.Gap(e.From.Footprint(), e.To.Footprint())
		return Measured{Values: []Value{{Option: "distance", Is: d, How: apart(d, e.From, e.To)}}}, nil
	}}

// GreenJacketsObserve measures /greenjackets observe (gj.Look, G6): the range
// from the officer to the section and its cover, and whether his section
// touches it (gj.InContact: contact spots); out of sight it is refused. With
// no target on the table the officer looks about (gj.Survey).
var GreenJacketsObserve = Rule{From: "officer", To: "target", Parts: greenJacketsSection, Need: []string{"range"},
	Options: []string{"range", "cover", "contact"}, Untargeted: true,
	Measure: func(e Ends) (Measured, error) {
		m, err := greenJacketsLook(e)
		if err != nil {
			return Measured{}, err
		}
		in := gj.InContact(e.To, append([]tabletop.Unit{e.From}, e.Parts...))
		m.Values = append(m.Values, Value{Option: "contact", Is: in, Quiet: !in, How: yesNo(in,
			"%s's section touches %s: contact spots (G6)", "no one of %s's section on the table touches %s", e.From.Name, e.To.Name)})
		return m, nil
	}}

// greenJacketsSection are the squads of the character called name and
// their figures.
func greenJacketsSection(g *battle.Game, name string) ([]string, error) {
	b, err := battle.BoardOf[gj.Board](g)
	if err != nil {
		return nil, err
	}
	c := b.Character(name)
	if c == nil {
		return nil, nil
	}
	var out []string
	for _, s := range b.SquadsOf(c) {
		out = append(out, s.Name)
		for _, f := range s.Figures {
			out = append(out, f.Name)
		}
	}
	return out, nil
}

// GreenJacketsFire measures /greenjackets fire (gj.Look): the range from the
// squad to its target, the target's cover, and the range of each figure
// placed apart from the squad (gj.FigureRanges); out of sight it is refused.
var GreenJacketsFire = Rule{From: "squad", To: "target", Parts: greenJacketsFigures, Need: []string{"range"}, Options: []string{"range", "cover"},
	Measure: func(e Ends) (Measured, error) {
		m, err := greenJacketsLook(e)
		if err != nil {
			return Measured{}, err
		}
		if m.Parts, err = gj.FigureRanges(e.Table, e.To, e.Parts); err != nil {
			return Measured{}, err
		}
		for _, f := range e.Parts {
			m.Also = append(m.Also, fmt.Sprintf("%s fires from where he stands apart: %s", f.Name, apart(m.Parts[f.Name], f, e.To)))
		}
		return m, nil
	}}

// greenJacketsFigures are the figures of the squad called name (or of a
// figure's squad).
func greenJacketsFigures(g *battle.Game, name string) ([]string, error) {
	b, err := battle.BoardOf[gj.Board](g)
	if err != nil {
		return nil, err
	}
	s := b.Squad(name)
	if s == nil {
		s, _ = b.Figure(name)
	}
	if s == nil {
		return nil, nil
	}
	var out []string
	for _, f := range s.Figures {
		out = append(out, f.Name)
	}
	return out, nil
}

// GreenJacketsCommand measures the command distance of an order to squads
// (gj.CommandDistance, G4): from their officer to the farthest of them.
var GreenJacketsCommand = Rule{From: "squad", Other: greenJacketsOfficer, Options: []string{"distance"},
	Measure: func(e Ends) (Measured, error) {
		d, far := gj.CommandDistance(e.To, append([]tabletop.Unit{e.From}, e.Rest...))
		how := fmt.Sprintf("%s\" from %s to his squad %s, between the nearest points of their footprints (G4)", inches(d), e.To.Name, far.Name)
		if len(e.Rest) > 0 {
			how = fmt.Sprintf("%s\" from %s to %s, the farthest of the squads ordered, between the nearest points of their footprints (G4)", inches(d), e.To.Name, far.Name)
		}
		return Measured{Values: []Value{{Option: "distance", Is: d, How: how}}}, nil
	}}

// greenJacketsOfficer is the officer of the squad called name (or of a
// figure's squad), "" for a squad with none or a character.
func greenJacketsOfficer(g *battle.Game, name string) (string, error) {
	b, err := battle.BoardOf[gj.Board](g)
	if err != nil {
		return "", err
	}
	s := b.Squad(name)
	if s == nil {
		s, _ = b.Figure(name)
	}
	if s == nil {
		return "", nil
	}
	return s.Officer, nil
}

func greenJacketsLook(e Ends) (Measured, error) {
	v, err := gj.Look(e.Table, e.From, e.To)
	if err != nil {
		return Measured{}, err
	}
	cover := fmt.Sprintf("%s is in the open", e.To.Name)
	if v.CoverBy != "" {
		cover = fmt.Sprintf("%s has %s cover from %s", e.To.Name, v.Cover, v.CoverBy)
	}
	return Measured{Values: []Value{
		{Option: "range", Is: v.Range, How: apart(v.Range, e.From, e.To)},
		{Option: "cover", Is: string(v.Cover), How: cover},
	}}, nil
}

// CrimeaFire checks /crimea fire's line of sight (rc.Sees).
var CrimeaFire = Rule{From: "unit", To: "target",
	Measure: func(e Ends) (Measured, error) {
		return Measured{Also: []string{fmt.Sprintf("%s sees %s", e.From.Name, e.To.Name)}}, rc.Sees(e.Table, e.From, e.To)
	}}

// CrimeaMove measures /crimea move's far (rc.FromOfficer, C3): from the
// officer ordering the unit, its own when none is named, to the unit.
var CrimeaMove = Rule{From: "unit", To: "officer", Other: crimeaOfficer, Options: []string{"far"},
	Measure: func(e Ends) (Measured, error) {
		d, far := rc.FromOfficer(e.To, e.From)
		how := fmt.Sprintf("%s\" from %s to %s, between the nearest points of their footprints: ", inches(d), e.To.Name, e.From.Name)
		how += yesNo(far, "more than %d\", two orders (C3)", "within %d\", one order (C3)", rc.OrderReach)
		return Measured{Values: []Value{{Option: "far", Is: far, How: how}}}, nil
	}}

// crimeaOfficer is the officer of the unit called name ("" for none).
func crimeaOfficer(g *battle.Game, name string) (string, error) {
	b, err := battle.BoardOf[rc.Board](g)
	if err != nil {
		return "", err
	}
	if u, err := b.Unit(name); err == nil {
		return u.Officer, nil
	}
	return "", nil
}

// CrimeaCombat measures /crimea combat's uphill (rc.Uphill, C8); units not
// in contact are refused (rc.Engaged).
var CrimeaCombat = Rule{From: "attacker", To: "defender", Options: []string{"uphill"},
	Measure: func(e Ends) (Measured, error) {
		if err := rc.Engaged(e.From, e.To); err != nil {
			return Measured{}, err
		}
		up := rc.Uphill(e.Table, e.From, e.To)
		return Measured{Values: []Value{{Option: "uphill", Is: up, How: yesNo(up,
			"%s attacks uphill: %s stands on higher ground", "%s does not attack uphill: %s stands no higher", e.From.Name, e.To.Name)}}}, nil
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

// named are the names of ns as a ruling every reader reads may give them:
// one not every reader knows of is "a friendly unit".
func named(ns []string, unseen map[string]bool) []string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = n
		if unseen[n] {
			out[i] = "a friendly unit"
		}
	}
	return out
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
