package crimea

import (
	"fmt"
	"slices"
	"strings"

	"github.com/referee-bot/referee/rules"
)

// A campaign's forces are a Board holding only its roster between battles
// (Forces): units with their stands, officers with their calibre, no turn,
// no deck, no orders, nobody disordered or seen. A battle is mustered from
// them (Muster) and its result carried back into them (CarryBack, K1–K4).

// Forces is the roster of b as a campaign keeps it: the units with their
// stands and the most they have had, the officers with their calibre and
// players, the umpire's movement allowances; nothing of a battle. k says
// what the campaign keeps besides (disorder, K3).
func (b *Board) Forces(k rules.Campaign) *Board {
	f := &Board{Allowances: b.Clone().Allowances}
	for _, u := range b.Units {
		f.Units = append(f.Units, u.fresh(k))
	}
	for _, o := range b.Officers {
		f.Officers = append(f.Officers, o.fresh())
	}
	return f
}

func (u Unit) fresh(k rules.Campaign) Unit {
	n := Unit{Name: u.Name, Side: u.Side, Nationality: u.Nationality, Type: u.Type, Formation: u.Formation,
		Stands: u.Stands, Start: u.Start, Morale: u.Morale, Officer: u.Officer}
	if k.MoraleKept {
		n.Disordered = u.Disordered
	}
	if k.LossesMadeGood {
		n.Stands = u.Start
	}
	return n
}

func (o Officer) fresh() Officer {
	return Officer{Name: o.Name, Side: o.Side, Rank: o.Rank, Wing: o.Wing, Superior: o.Superior, Calibre: o.Calibre,
		Morale: o.Morale, Player: o.Player, PlayerName: o.PlayerName}
}

// Muster is the board of a new battle from the campaign's forces: the units
// and officers named (all when none is), an officer with the units under
// him, a unit with its officer; absent says who misses this battle (K2):
// an officer left out leaves his units alone, a unit out stays home.
func Muster(forces *Board, chosen []string, absent func(name string) bool) (*Board, error) {
	pick := map[string]bool{}
	for _, name := range chosen {
		switch u, o := forces.findUnit(name), forces.findOfficer(name); {
		case o != nil:
			pick[strings.ToLower(o.Name)] = true
			for _, u := range forces.Units {
				if sameName(u.Officer, o.Name) {
					pick[strings.ToLower(u.Name)] = true
				}
			}
		case u != nil:
			pick[strings.ToLower(u.Name)] = true
			if u.Officer != "" {
				pick[strings.ToLower(u.Officer)] = true
			}
		default:
			return nil, rules.Breachf("There is no unit or officer called %s in the campaign's forces.", clipName(name))
		}
	}
	chosenOne := func(name string) bool { return len(chosen) == 0 || pick[strings.ToLower(name)] }
	src := forces.Forces(rules.Campaign{MoraleKept: true})
	b := &Board{Allowances: src.Allowances}
	for _, o := range src.Officers {
		if chosenOne(o.Name) && !absent(o.Name) {
			b.Officers = append(b.Officers, o)
		}
	}
	for i := range b.Officers {
		if b.findOfficer(b.Officers[i].Superior) == nil {
			b.Officers[i].Superior = ""
		}
	}
	for _, u := range src.Units {
		if !chosenOne(u.Name) || absent(u.Name) || u.Stands == 0 {
			continue
		}
		if b.findOfficer(u.Officer) == nil {
			u.Officer = ""
		}
		b.Units = append(b.Units, u)
	}
	if err := rules.CheckMuster(len(b.Units) == 0 && len(b.Officers) == 0, b.Validate); err != nil {
		return nil, err
	}
	return b, nil
}

// CarryBack is the campaign's forces after a battle fought with some of them
// (its board), with the changes it makes, by K1–K4 as k switches them: dead
// officers are gone (K1), wounded ones miss the next battle and return (K2),
// disordered units return steady (K3), and the stands a unit lost stay lost
// until the umpire reinforces it (K4); a unit with none left is gone. Every
// unit and officer of the battle comes back as the battle left him; those
// of the forces who did not fight stay as they are; those new in it join.
func CarryBack(forces, battle *Board, k rules.Campaign) (*Board, []rules.Carry) {
	next := forces.Forces(rules.Campaign{MoraleKept: true})
	var out []rules.Carry
	note := func(side Side, name, what, reading string, outNext, gone bool) {
		out = append(out, rules.Carry{Side: string(side), Name: name, What: what, Reading: reading, Out: outNext, Gone: gone})
	}
	for _, o := range battle.Officers {
		i := slices.IndexFunc(next.Officers, func(x Officer) bool { return sameName(x.Name, o.Name) })
		kept := o.fresh()
		if kept.Superior == "" && i >= 0 { // his superior missed the battle
			kept.Superior = next.Officers[i].Superior
		}
		switch {
		case o.Dead && !k.DeadWounded:
			note(o.Side, o.Name, "dead: gone from the campaign", "K1", false, true)
			if i >= 0 {
				next.Officers = slices.Delete(next.Officers, i, i+1)
			}
			for j := range next.Units {
				if sameName(next.Units[j].Officer, o.Name) {
					next.Units[j].Officer = ""
				}
			}
			for j := range next.Officers {
				if sameName(next.Officers[j].Superior, o.Name) {
					next.Officers[j].Superior = ""
				}
			}
			continue
		case o.Dead:
			note(o.Side, o.Name, "dead, counted wounded: misses the next battle, then returns", "K1", true, false)
		case o.Wounded && !k.SeriousFit:
			note(o.Side, o.Name, "wounded: misses the next battle, then returns", "K2", true, false)
		case o.Wounded:
			note(o.Side, o.Name, "wounded: fit for the next battle", "K2", false, false)
		}
		if i >= 0 {
			next.Officers[i] = kept
		} else {
			next.Officers = append(next.Officers, kept)
		}
	}
	for _, u := range battle.Units {
		i := slices.IndexFunc(next.Units, func(x Unit) bool { return sameName(x.Name, u.Name) })
		kept := u.fresh(k)
		if kept.Officer == "" && i >= 0 { // its officer missed the battle
			kept.Officer = next.Units[i].Officer
		}
		if next.findOfficer(kept.Officer) == nil {
			kept.Officer = ""
		}
		if u.Disordered && !k.MoraleKept {
			note(u.Side, u.Name, "disordered: returns steady", "K3", false, false)
		}
		lost := u.Start - u.Stands // a unit new in the battle
		if i >= 0 {
			lost = next.Units[i].Stands - u.Stands
		}
		switch {
		case u.Stands == 0 && !k.LossesMadeGood:
			note(u.Side, u.Name, "destroyed: gone from the campaign", "K4", false, true)
			if i >= 0 {
				next.Units = slices.Delete(next.Units, i, i+1)
			}
			continue
		case lost > 0 && !k.LossesMadeGood:
			note(u.Side, u.Name, fmt.Sprintf("%s lost: %d/%d stands until reinforced", rules.Plural(lost, "stand", "stands"), u.Stands, u.Start), "K4", false, false)
		case lost > 0:
			note(u.Side, u.Name, fmt.Sprintf("%s lost, made good: %d stands", rules.Plural(lost, "stand", "stands"), kept.Stands), "K4", false, false)
		}
		if i >= 0 {
			next.Units[i] = kept
		} else {
			next.Units = append(next.Units, kept)
		}
	}
	return next, out
}

// EditForces changes the forces between battles (K4): an officer's calibre
// (what experience is for him), stands added to a unit (reinforcements, the
// most it has had rising with them), in one sentence.
func (b *Board) EditForces(name string, calibre *Calibre, stands int) (string, error) {
	var done []string
	err := b.edit(func(b *Board) error {
		if calibre != nil {
			o := b.findOfficer(name)
			if o == nil {
				return rules.Breachf("Calibre is an officer's: there is no officer called %s in the campaign's forces.", clipName(name))
			}
			done = append(done, fmt.Sprintf("%s is now %s (was %s)", o.Name, *calibre, o.Calibre))
			o.Calibre = *calibre
		}
		if stands != 0 {
			u := b.findUnit(name)
			switch {
			case u == nil:
				return rules.Breachf("Reinforcements join a unit: there is no unit called %s in the campaign's forces.", clipName(name))
			case stands < 0 || u.Stands+stands > MaxStands:
				return rules.Breachf("Reinforce with 1 to %d stands.", MaxStands-u.Stands)
			}
			u.Stands += stands
			u.Start = max(u.Start, u.Stands)
			done = append(done, fmt.Sprintf("%s reinforced with %s: %d/%d", u.Name, rules.Plural(stands, "stand", "stands"), u.Stands, u.Start))
		}
		if len(done) == 0 {
			return rules.Breachf("Say what changes: an officer's calibre, or stands for a unit.")
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	return strings.Join(done, "; ") + ".", nil
}

// Enlist adds the roster of a battle's board to the forces, as Forces keeps
// it; a name the forces hold already is refused.
func (b *Board) Enlist(battle *Board) (string, error) {
	add := battle.Forces(rules.Campaign{})
	err := b.edit(func(b *Board) error {
		for _, o := range add.Officers {
			if err := b.nameFree(o.Name); err != nil {
				return err
			}
			b.Officers = append(b.Officers, o)
		}
		for _, u := range add.Units {
			if err := b.nameFree(u.Name); err != nil {
				return err
			}
			b.Units = append(b.Units, u)
		}
		if b.Allowances == nil {
			b.Allowances = add.Allowances
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s and %s enlisted.", rules.Plural(len(add.Units), "unit", "units"), rules.Plural(len(add.Officers), "officer", "officers")), nil
}

// RemoveForces takes a unit or an officer off the forces; the units he
// commanded are said to be under nobody now.
func (b *Board) RemoveForces(name string) (string, error) {
	if u, err := b.RemoveUnit(name); err == nil {
		return u.Name + " removed.", nil
	}
	o, loose, err := b.RemoveOfficer(name)
	if err != nil {
		return "", err
	}
	msg := o.Name + " removed."
	if len(loose) > 0 {
		msg += " Under nobody now: " + strings.Join(loose, ", ") + "."
	}
	return msg, nil
}
