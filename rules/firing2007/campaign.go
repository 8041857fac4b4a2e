package firing2007

import (
	"fmt"
	"slices"
	"strings"

	"github.com/referee-bot/referee/rules"
)

// A campaign's forces are a Board holding only its roster between battles
// (Forces): units with their strength points and the most they have had,
// generals with their chains of command, no turn, nothing pending, nobody
// shaken or seen. A battle is mustered from them (Muster) and its result
// carried back into them (CarryBack, K1–K4).

// Forces is the roster of b as a campaign keeps it; k says what it keeps
// besides (shaken units, K3; light wounds, K2; lost strength made good, K4).
func (b *Board) Forces(k rules.Campaign) *Board {
	f := &Board{NextID: b.NextID}
	for _, u := range b.Units {
		f.Units = append(f.Units, u.fresh(k))
	}
	for _, g := range b.Generals {
		f.Generals = append(f.Generals, g.fresh(k))
	}
	return f
}

func (u Unit) fresh(k rules.Campaign) Unit {
	n := Unit{ID: u.ID, Name: u.Name, Type: u.Type, Side: u.Side, Strength: u.Strength, Start: u.Start, Morale: u.Morale,
		Formation: u.Formation, Cover: u.Cover, Player: u.Player}
	if k.MoraleKept {
		n.Shaken = u.Shaken
	}
	if k.LossesMadeGood {
		n.Strength = u.Start
	}
	return n
}

func (g General) fresh(k rules.Campaign) General {
	n := General{ID: g.ID, Name: g.Name, Side: g.Side, With: g.With, Chain: slices.Clone(g.Chain), Player: g.Player}
	if k.LightKept {
		n.LightWounds = g.LightWounds
	}
	return n
}

// Muster is the board of a new battle from the campaign's forces: the units
// and generals named (all when none is), without who misses it (K2) and
// units with no strength left; a general's references to units left out
// are dropped.
func Muster(forces *Board, chosen []string, absent func(name string) bool) (*Board, error) {
	for _, name := range chosen {
		if forces.Unit(name) == nil && forces.General(name) == nil {
			return nil, rules.Breachf("There is no unit or general called %s in the campaign's forces.", name)
		}
	}
	chosenOne := func(name string) bool {
		return len(chosen) == 0 || slices.ContainsFunc(chosen, func(c string) bool { return strings.EqualFold(c, name) })
	}
	src := forces.Forces(rules.Campaign{MoraleKept: true, LightKept: true})
	b := &Board{NextID: src.NextID}
	for _, u := range src.Units {
		if chosenOne(u.Name) && !absent(u.Name) && u.Strength > 0 {
			b.Units = append(b.Units, u)
		}
	}
	for _, g := range src.Generals {
		if chosenOne(g.Name) && !absent(g.Name) {
			b.Generals = append(b.Generals, g)
		}
	}
	b.dropMissing()
	if err := rules.CheckMuster(len(b.Units) == 0 && len(b.Generals) == 0, b.Validate); err != nil {
		return nil, err
	}
	return b, nil
}

// dropMissing drops the generals' references to units not on the board.
func (b *Board) dropMissing() {
	for i := range b.Generals {
		g := &b.Generals[i]
		if b.UnitByID(g.With) == nil {
			g.With = 0
		}
		g.Chain = slices.DeleteFunc(g.Chain, func(id int) bool { return b.UnitByID(id) == nil })
	}
}

// CarryBack is the campaign's forces after a battle fought with some of
// them, with the changes it makes, by K1–K4 as k switches them: dead
// generals are gone (K1), light wounds heal (K2), shaken units return
// steady (K3), lost strength points stay lost until the umpire reinforces
// and a unit with none left is gone (K4). Units and generals of the battle
// come back as it left them (new ones given ids of the forces); those who
// did not fight stay as they are.
func CarryBack(forces, battle *Board, k rules.Campaign) (*Board, []rules.Carry) {
	next := forces.Forces(rules.Campaign{MoraleKept: true, LightKept: true})
	var out []rules.Carry
	note := func(side, name, what, reading string, outNext, gone bool) {
		out = append(out, rules.Carry{Side: side, Name: name, What: what, Reading: reading, Out: outNext, Gone: gone})
	}
	ids := map[int]int{} // a battle's unit id → the forces' id
	for _, u := range battle.Units {
		i := slices.IndexFunc(next.Units, func(x Unit) bool { return strings.EqualFold(x.Name, u.Name) })
		kept := u.fresh(k)
		lost := u.Start - u.Strength
		if i >= 0 {
			kept.ID, lost = next.Units[i].ID, next.Units[i].Strength-u.Strength
		} else {
			kept.ID = next.newID()
		}
		ids[u.ID] = kept.ID
		if u.Shaken && !k.MoraleKept {
			note(u.Side, u.Name, "shaken: returns steady", "K3", false, false)
		}
		switch {
		case u.Strength == 0 && !k.LossesMadeGood:
			note(u.Side, u.Name, "no strength left: gone from the campaign", "K4", false, true)
			if i >= 0 {
				next.Units = slices.Delete(next.Units, i, i+1)
			}
			continue
		case lost > 0 && !k.LossesMadeGood:
			note(u.Side, u.Name, fmt.Sprintf("%d strength points lost: %d/%d until reinforced", lost, u.Strength, u.Start), "K4", false, false)
		case lost > 0:
			note(u.Side, u.Name, fmt.Sprintf("%d strength points lost, made good: %d", lost, kept.Strength), "K4", false, false)
		}
		if i >= 0 {
			next.Units[i] = kept
		} else {
			next.Units = append(next.Units, kept)
		}
	}
	for _, g := range battle.Generals {
		i := slices.IndexFunc(next.Generals, func(x General) bool { return strings.EqualFold(x.Name, g.Name) })
		switch {
		case g.Dead && !k.DeadWounded:
			note(g.Side, g.Name, "dead: gone from the campaign", "K1", false, true)
			if i >= 0 {
				next.Generals = slices.Delete(next.Generals, i, i+1)
			}
			continue
		case g.Dead:
			note(g.Side, g.Name, "dead, counted seriously wounded: misses the next battle, then returns", "K1", true, false)
		case g.LightWounds > 0 && !k.LightKept:
			note(g.Side, g.Name, lightWounds(g.LightWounds)+" healed", "K2", false, false)
		case g.LightWounds > 0:
			note(g.Side, g.Name, "keeps "+lightWounds(g.LightWounds), "K2", false, false)
		}
		kept := g.fresh(k)
		kept.With, kept.Chain = ids[g.With], nil
		for _, id := range g.Chain {
			if n, ok := ids[id]; ok {
				kept.Chain = append(kept.Chain, n)
			}
		}
		if i >= 0 {
			kept.ID = next.Generals[i].ID
			if kept.With == 0 { // his unit missed the battle
				kept.With = next.Generals[i].With
			}
			for _, id := range next.Generals[i].Chain { // and those of his chain who did
				if !slices.Contains(kept.Chain, id) && !slices.ContainsFunc(battle.Units, func(u Unit) bool { return ids[u.ID] == id }) {
					kept.Chain = append(kept.Chain, id)
				}
			}
			next.Generals[i] = kept
		} else {
			kept.ID = next.newID()
			next.Generals = append(next.Generals, kept)
		}
	}
	next.dropMissing()
	return next, out
}

// EditForces changes the forces between battles (K4): a unit's morale
// (its experience), strength points added (reinforcements, the most it has
// had rising with them), in one sentence.
func (b *Board) EditForces(name string, morale *int, strength int) (string, error) {
	u := b.Unit(name)
	switch {
	case u == nil:
		return "", rules.Breachf("There is no unit called %s in the campaign's forces.", name)
	case morale == nil && strength == 0:
		return "", rules.Breachf("Say what changes: a unit's morale (`quality:`), or strength points for it.")
	case morale != nil && (*morale < MinMorale || *morale > MaxMorale):
		return "", rules.Breachf("A unit's morale runs %d to %d.", MinMorale, MaxMorale)
	case strength < 0 || u.Strength+strength > MaxStrength:
		return "", rules.Breachf("Reinforce with 1 to %d strength points.", MaxStrength-u.Strength)
	}
	var done []string
	if morale != nil {
		done = append(done, fmt.Sprintf("%s's morale is now %d (was %d)", u.Name, *morale, u.Morale))
		u.Morale = *morale
	}
	if strength > 0 {
		u.Strength += strength
		u.Start = max(u.Start, u.Strength)
		done = append(done, fmt.Sprintf("%s reinforced with %d strength points: %d/%d", u.Name, strength, u.Strength, u.Start))
	}
	return strings.Join(done, "; ") + ".", nil
}

// RemoveForces takes a unit or a general off the forces.
func (b *Board) RemoveForces(name string) (string, error) {
	if b.Unit(name) != nil {
		u, _, err := b.RemoveUnit(name)
		return u.Name + " removed.", err
	}
	g, err := b.RemoveGeneral(name)
	if err != nil {
		return "", err
	}
	return g.Name + " removed.", nil
}

// Enlist adds the roster of a battle's board to the forces, with ids of
// the forces; a name the forces hold already is refused.
func (b *Board) Enlist(battle *Board) (string, error) {
	add := battle.Forces(rules.Campaign{})
	ids := map[int]int{}
	for _, u := range add.Units {
		if b.Unit(u.Name) != nil || b.General(u.Name) != nil {
			return "", rules.Breachf("%s is in the campaign's forces already.", u.Name)
		}
		old := u.ID
		u.ID = b.newID()
		ids[old] = u.ID
		b.Units = append(b.Units, u)
	}
	for _, g := range add.Generals {
		if b.Unit(g.Name) != nil || b.General(g.Name) != nil {
			return "", rules.Breachf("%s is in the campaign's forces already.", g.Name)
		}
		g.ID, g.With = b.newID(), ids[g.With]
		chain := g.Chain
		g.Chain = nil
		for _, id := range chain {
			if n, ok := ids[id]; ok {
				g.Chain = append(g.Chain, n)
			}
		}
		b.Generals = append(b.Generals, g)
	}
	if err := b.Validate(); err != nil {
		return "", rules.Breachf("That would leave the forces inconsistent: %s.", err)
	}
	return fmt.Sprintf("%d units and %d generals enlisted.", len(add.Units), len(add.Generals)), nil
}

// lightWounds writes "1 light wound", "2 light wounds".
func lightWounds(n int) string {
	if n == 1 {
		return "1 light wound"
	}
	return fmt.Sprintf("%d light wounds", n)
}
