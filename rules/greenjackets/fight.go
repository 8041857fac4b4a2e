package greenjackets

import (
	"slices"
	"strings"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// A MeleeOrder is one figure against one or more (G18–G20): each entry a
// roster figure or character, or a figure described by its traits.
type MeleeOrder struct {
	Actor      rules.Actor
	A, B       []Entry
	FirstRound bool
	// Contact: the parties move into contact, which spots both ways (G6).
	Contact bool
	// Target is whom the outnumbered figure tries to wound ("": G19a).
	Target  string
	Terrain Terrain
}

// fighter builds a melee figure from the roster (if the name is on it) and the
// traits typed in brackets.
func (b *Board) fighter(it Entry, terrain Terrain) (Fighter, *target, error) {
	f := Fighter{Name: it.Name, Quality: Trained, Terrain: terrain, Weapon: Bare}
	var t *target
	if ts := b.targets(it.Name); len(ts) == 1 && b.Squad(it.Name) == nil {
		t = &ts[0]
		if t.dead() {
			return f, nil, rules.Breachf("%s is dead and out of the fight.", t.name())
		}
		if c := t.char; c != nil {
			f.Name, f.Character, f.Hero, f.Quality = c.Name, true, c.Rank == RankHero, c.Quality
			f.Stunned, f.SeriouslyWounded, f.LightWounds = b.Stunned(c.StunnedUntil), c.Serious > 0, c.Light
		} else {
			x, s := t.fig, t.squad
			f.Name, f.Quality, f.Strongman, f.Weapon = x.Name, x.Quality, x.Strongman, x.Melee
			f.Stunned, f.SeriouslyWounded, f.LightWounds = b.Stunned(x.StunnedUntil), x.Serious > 0, x.Light
			f.Pinned = s.Morale == Pinned
			f.Mounted = s.Mounted(x)
			f.Charging = s.Charged > 0 && s.Charged == b.Turn.Number && !b.Turn.Ended
		}
	}
	tr := it.Traits
	for _, q := range Qualities {
		if tr[string(q)] {
			f.Quality = q
		}
	}
	if tr["novice"] {
		f.Quality = Raw
	}
	for _, w := range []MeleeWeapon{Bayonet, Sword, Axe, Lance} {
		if tr[string(w)] {
			f.Weapon = w
		}
	}
	f.Stunned = f.Stunned || tr["stunned"]
	f.Pinned = f.Pinned || tr["pinned"]
	f.SeriouslyWounded = f.SeriouslyWounded || tr["wounded"]
	f.Strongman = f.Strongman || tr["strongman"]
	f.Hero = f.Hero || tr["hero"]
	f.Character = f.Character || tr["character"] || tr["officer"] || tr["nco"] || f.Hero
	f.Charging = f.Charging || tr["charging"]
	f.Mounted = f.Mounted || tr["mounted"] || tr["cavalry"]
	if tr["dismounted"] || tr["foot"] {
		f.Mounted = false
	}
	return f, t, nil
}

// Melee resolves a melee and records its wounds and its contacts (G6a).
func (b *Board) Melee(src dice.Source, o MeleeOrder, h House) (Outcome, error) {
	return atomically(b, func(b *Board) (Outcome, error) {
		var named []string
		for _, it := range append(slices.Clone(o.A), o.B...) {
			named = append(named, it.Name)
		}
		if err := b.inSight(o.Actor, named...); err != nil {
			return Outcome{}, err
		}
		byName := map[string]target{}
		mayOrder := false
		side := func(list []Entry) ([]Fighter, []target, error) {
			var out []Fighter
			var onRoster []target
			for _, it := range list {
				f, t, err := b.fighter(it, o.Terrain)
				if err != nil {
					return nil, nil, err
				}
				if t != nil {
					byName[strings.ToLower(f.Name)] = *t
					onRoster = append(onRoster, *t)
					mayOrder = mayOrder || mayCommand(o.Actor, b.commander(*t), "fight") == nil
				}
				out = append(out, f)
			}
			return out, onRoster, nil
		}
		a, aT, err := side(o.A)
		if err != nil {
			return Outcome{}, err
		}
		d, dT, err := side(o.B)
		if err != nil {
			return Outcome{}, err
		}
		if len(byName) > 0 && !mayOrder {
			return Outcome{}, rules.Breachf("Only the umpire or a player with a figure in this melee can resolve it.")
		}
		var spotted []rules.Reading
		if o.FirstRound && len(aT) > 0 && len(dT) > 0 {
			if spotted, err = b.meleeSpotting(h, o.Contact, aT, dT); err != nil {
				return Outcome{}, err
			}
		}
		r, out, err := Fight(src, Melee{A: a, B: d, FirstRound: o.FirstRound, Target: o.Target, LightWounds: h.LightWounds})
		if err != nil {
			return Outcome{}, err
		}
		r.Readings = append(r.Readings, spotted...)
		if len(byName) == 0 {
			return Outcome{Ruling: r}, nil
		}
		b.revealAll(named...) // a melee: every party to it is seen by all
		var notes []string
		for _, c := range out.Contests {
			if t, ok := byName[strings.ToLower(c.Hit.Target)]; ok && !c.Parry && c.Hit.Effect != "" {
				notes = append(notes, b.applyHit(t, c.Hit))
			}
		}
		if len(notes) == 0 {
			notes = append(notes, "No roster figure was hurt.")
		}
		return Outcome{Ruling: r, Notes: append(notes, b.engage(aT, dT)...)}, nil
	})
}

// engage records that the attackers and the defenders on the roster are in
// contact (G6a) and says which contacts are new.
func (b *Board) engage(attackers, defenders []target) []string {
	var notes []string
	for _, x := range attackers {
		for _, y := range defenders {
			sx, sy := b.sectionOf(x), b.sectionOf(y)
			if Same(sx.key, sy.key) || (sx.side != "" && Same(sx.side, sy.side)) || b.contactOf(x.unit(), y.unit()) != nil {
				continue
			}
			b.touch(x.unit(), y.unit())
			notes = append(notes, x.unit()+" and "+y.unit()+" are in contact until one moves away (G6a).")
		}
	}
	return notes
}

// meleeSpotting checks that each attacker's officer has spotted the defenders'
// sections before moving into melee (G6). With contact the parties move into
// contact, which spots automatically, both ways.
func (b *Board) meleeSpotting(h House, contact bool, attackers, defenders []target) ([]rules.Reading, error) {
	secs := func(ts []target) []section {
		var out []section
		for _, t := range ts {
			out = append(out, b.sectionOf(t))
		}
		return out
	}
	var readings []rules.Reading
	var seen []*Character
	check := func(from, at []target) error {
		for _, t := range from {
			c := b.commander(t)
			if c == nil || slices.Contains(seen, c) {
				continue
			}
			seen = append(seen, c)
			rd, err := b.mustSpot(h, c, secs(at), contact, actMelee)
			if err != nil {
				return err
			}
			for _, x := range rd {
				if !slices.Contains(readings, x) {
					readings = append(readings, x)
				}
			}
		}
		return nil
	}
	if err := check(attackers, defenders); err != nil {
		return nil, err
	}
	if contact {
		seen = nil
		if err := check(defenders, attackers); err != nil {
			return nil, err
		}
	}
	return readings, nil
}
