package greenjackets

import (
	"slices"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

// fighter builds a melee figure from the roster (if the name is on it) and the
// traits typed in brackets.
func fighter(b *Board, it item, terrain gj.Terrain) (gj.Fighter, *target, error) {
	f := gj.Fighter{Name: it.Name, Quality: gj.Trained, Terrain: terrain, Weapon: gj.Bare}
	var t *target
	if b != nil {
		if ts := targets(b, it.Name); len(ts) == 1 && b.Squad(it.Name) == nil {
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
				f.Pinned = s.Morale == gj.Pinned
				f.Mounted = s.ArmOf(x).Mounted() && x.Horse != "down"
				f.Charging = s.Charged > 0 && s.Charged == b.Turn.Number && !b.Turn.Ended
			}
		}
	}
	tr := it.Traits
	for _, q := range gj.Qualities {
		if tr[string(q)] {
			f.Quality = q
		}
	}
	if tr["novice"] {
		f.Quality = gj.Raw
	}
	for _, w := range []gj.MeleeWeapon{gj.Bayonet, gj.Sword, gj.Axe, gj.Lance} {
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

// Melee is /greenjackets melee: one figure against one or more (G18–G20).
func (*Ruleset) Melee(tx *battle.Tx) (interaction.Response, error) {
	as, err := items(tx.Req.String(optAttackers))
	if err != nil {
		return interaction.Response{}, err
	}
	ds, err := items(tx.Req.String(optDefenders))
	if err != nil {
		return interaction.Response{}, err
	}
	terrain := gj.InOpen
	if tx.Req.String(optTerrain) == "woods" {
		terrain = gj.InWoods
	}
	var b *Board
	if inGame(tx) {
		if b, err = load(tx); err != nil {
			return interaction.Response{}, err
		}
	}
	byName := map[string]*target{}
	var mayOrder bool
	side := func(list []item) ([]gj.Fighter, []target, error) {
		var out []gj.Fighter
		var onRoster []target
		for _, it := range list {
			f, t, err := fighter(b, it, terrain)
			if err != nil {
				return nil, nil, err
			}
			if t != nil {
				byName[strings.ToLower(f.Name)] = t
				onRoster = append(onRoster, *t)
				if mayCommand(tx, commander(b, *t), "fight") == nil {
					mayOrder = true
				}
			}
			out = append(out, f)
		}
		return out, onRoster, nil
	}
	a, aT, err := side(as)
	if err != nil {
		return interaction.Response{}, err
	}
	d, dT, err := side(ds)
	if err != nil {
		return interaction.Response{}, err
	}
	if len(byName) > 0 && !mayOrder {
		return interaction.Response{}, interaction.Refuse("Only the umpire or a player with a figure in this melee can resolve it.")
	}
	first := !tx.Req.Has(optFirstRound) || tx.Req.Bool(optFirstRound)
	var spotted []rules.Reading
	if first && len(aT) > 0 && len(dT) > 0 {
		if spotted, err = meleeSpotting(tx, b, aT, dT); err != nil {
			return interaction.Response{}, err
		}
	}
	r, out, err := gj.Fight(tx.Dice(), gj.Melee{A: a, B: d, FirstRound: first, Target: tx.Req.String(optTarget), LightWounds: tx.HouseRule(gj.HouseLightWounds)})
	if err != nil {
		return interaction.Response{}, err
	}
	r.Readings = append(r.Readings, spotted...)
	if len(byName) == 0 {
		return reply(tx, r), nil
	}
	var notes []string
	for _, c := range out.Contests {
		if c.Parry || c.Hit.Effect == "" {
			continue
		}
		t := byName[strings.ToLower(c.Hit.Target)]
		if t == nil {
			continue
		}
		if t.dead() {
			notes = append(notes, render.Inert(t.name())+" is already down.")
			continue
		}
		notes = append(notes, applyHit(b, *t, c.Hit))
	}
	if err := save(tx, b); err != nil {
		return interaction.Response{}, err
	}
	if len(notes) == 0 {
		notes = append(notes, "No roster figure was hurt.")
	}
	return reply(tx, r, notes...), nil
}

// commander is the character a roster target answers to (nil: the umpire's).
func commander(b *Board, t target) *Character {
	if t.char != nil {
		return t.char
	}
	return b.Character(t.squad.Officer)
}

// meleeSpotting checks that each attacker's officer has spotted the defenders'
// sections before moving into melee (G6). With contact:true the parties move
// into contact, which spots automatically, both ways.
func meleeSpotting(tx *battle.Tx, b *Board, attackers, defenders []target) ([]rules.Reading, error) {
	contact := tx.Req.Bool(optContact)
	secs := func(ts []target) []section {
		var out []section
		for _, t := range ts {
			out = append(out, sectionOf(b, t))
		}
		return out
	}
	var readings []rules.Reading
	var seen []*Character
	check := func(from, at []target) error {
		for _, t := range from {
			c := commander(b, t)
			if c == nil || slices.Contains(seen, c) {
				continue
			}
			seen = append(seen, c)
			rd, err := mustSpot(tx, b, c, secs(at), contact, actMelee)
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
