package volleyfire

import (
	"fmt"
	"slices"
	"strings"

	"github.com/referee-bot/referee/rules"
)

// A campaign's forces are a Board holding only its roster between battles
// (Forces): units with their bases and the most they have had, command
// bases with their generals, no turn, no combat, nobody routed or seen. A
// battle is mustered from them (Muster) and its result carried back into
// them (CarryBack, K1–K4).

// Forces is the roster of b as a campaign keeps it; k says what it keeps
// besides (a rout, K3; lost bases made good, K4).
func (b *Board) Forces(k rules.Campaign) *Board {
	f := &Board{}
	for _, u := range b.Units {
		f.Units = append(f.Units, u.fresh(k))
	}
	for _, c := range b.Commanders {
		f.Commanders = append(f.Commanders, Commander{General: c.General, Side: c.Side, Player: c.Player, PlayerName: c.PlayerName})
	}
	return f
}

func (u RosterUnit) fresh(k rules.Campaign) RosterUnit {
	n := RosterUnit{Unit: u.Unit, Side: u.Side, Player: u.Player, PlayerName: u.PlayerName, Start: u.Start}
	n.Limbered, n.Loaded, n.Command = false, true, false
	if k.MoraleKept && u.Gone == Routed {
		n.Gone = Routed
	}
	if k.LossesMadeGood {
		n.Bases = u.Start
	}
	return n
}

// Muster is the board of a new battle from the campaign's forces: the units
// and command bases named (all when none is), without who misses it (K2)
// and units with no base left.
func Muster(forces *Board, chosen []string, absent func(name string) bool) (*Board, error) {
	for _, name := range chosen {
		if forces.UnitNamed(name) == nil && forces.CommanderNamed(name) == nil {
			return nil, rules.Breachf("There is no unit or command base called %s in the campaign's forces.", name)
		}
	}
	chosenOne := func(name string) bool {
		return len(chosen) == 0 || slices.ContainsFunc(chosen, func(c string) bool { return strings.EqualFold(c, name) })
	}
	src := forces.Forces(rules.Campaign{MoraleKept: true})
	b := &Board{}
	for _, u := range src.Units {
		if chosenOne(u.Name) && !absent(u.Name) && u.Bases > 0 {
			b.Units = append(b.Units, u)
		}
	}
	for _, c := range src.Commanders {
		if chosenOne(c.Name) && !absent(c.Name) {
			b.Commanders = append(b.Commanders, c)
		}
	}
	if err := rules.CheckMuster(len(b.Units) == 0 && len(b.Commanders) == 0, b.Validate); err != nil {
		return nil, err
	}
	return b, nil
}

// CarryBack is the campaign's forces after a battle fought with some of
// them, with the changes it makes, by K1–K4 as k switches them: a lost
// command base is gone (K1), a routed unit returns steady (K3), lost bases
// stay lost until the umpire reinforces (K4) and a destroyed unit is gone.
// Units and command bases of the battle come back as it left them; those
// who did not fight stay as they are; those new in it join.
func CarryBack(forces, battle *Board, k rules.Campaign) (*Board, []rules.Carry) {
	next := forces.Forces(rules.Campaign{MoraleKept: true})
	var out []rules.Carry
	note := func(side, name, what, reading string, outNext, gone bool) {
		out = append(out, rules.Carry{Side: side, Name: name, What: what, Reading: reading, Out: outNext, Gone: gone})
	}
	for _, c := range battle.Commanders {
		i := slices.IndexFunc(next.Commanders, func(x Commander) bool { return strings.EqualFold(x.Name, c.Name) })
		kept := Commander{General: c.General, Side: c.Side, Player: c.Player, PlayerName: c.PlayerName}
		switch {
		case c.Lost && !k.DeadWounded:
			note(c.Side, c.Name, "lost: gone from the campaign", "K1", false, true)
			if i >= 0 {
				next.Commanders = slices.Delete(next.Commanders, i, i+1)
			}
			continue
		case c.Lost:
			note(c.Side, c.Name, "lost, counted wounded: misses the next battle, then returns", "K1", true, false)
		}
		if i >= 0 {
			next.Commanders[i] = kept
		} else {
			next.Commanders = append(next.Commanders, kept)
		}
	}
	for _, u := range battle.Units {
		i := slices.IndexFunc(next.Units, func(x RosterUnit) bool { return strings.EqualFold(x.Name, u.Name) })
		kept := u.fresh(k)
		lost := u.Start - u.Bases
		if i >= 0 {
			lost = next.Units[i].Bases - u.Bases
		}
		if u.Gone == Routed && !k.MoraleKept {
			note(u.Side, u.Name, "routed: returns steady", "K3", false, false)
		}
		switch {
		case (u.Gone == Destroyed || u.Bases == 0) && !k.LossesMadeGood:
			note(u.Side, u.Name, "destroyed: gone from the campaign", "K4", false, true)
			if i >= 0 {
				next.Units = slices.Delete(next.Units, i, i+1)
			}
			continue
		case lost > 0 && !k.LossesMadeGood:
			note(u.Side, u.Name, fmt.Sprintf("%s lost: %d/%d bases until reinforced", plural(lost, "base"), u.Bases, u.Start), "K4", false, false)
		case lost > 0 || u.Gone == Destroyed:
			note(u.Side, u.Name, fmt.Sprintf("losses made good: %d bases", kept.Bases), "K4", false, false)
		}
		kept.Gone = ""
		if k.MoraleKept && u.Gone == Routed {
			kept.Gone = Routed
		}
		if i >= 0 {
			next.Units[i] = kept
		} else {
			next.Units = append(next.Units, kept)
		}
	}
	return next, out
}

// EditForces changes the forces between battles (K4): a unit made elite or
// not (experience), bases added to a unit (reinforcements, the most it has
// had rising with them), in one sentence.
func (b *Board) EditForces(name string, elite *bool, bases int) (string, error) {
	u := b.UnitNamed(name)
	if u == nil {
		return "", rules.Breachf("There is no unit called %s in the campaign's forces.", name)
	}
	if elite == nil && bases == 0 {
		return "", rules.Breachf("Say what changes: `quality:elite` or `quality:line`, or bases for a unit.")
	}
	if bases < 0 || u.Bases+bases > MaxBases {
		return "", rules.Breachf("Reinforce with 1 to %d bases.", MaxBases-u.Bases)
	}
	var done []string
	if elite != nil {
		u.Elite = *elite
		done = append(done, fmt.Sprintf("%s is now %s", u.Name, map[bool]string{true: "elite", false: "line"}[*elite]))
	}
	if bases > 0 {
		u.Bases += bases
		u.Start = max(u.Start, u.Bases)
		done = append(done, fmt.Sprintf("%s reinforced with %s: %d/%d", u.Name, plural(bases, "base"), u.Bases, u.Start))
	}
	return strings.Join(done, "; ") + ".", nil
}

// RemoveForces takes a unit or a command base off the forces.
func (b *Board) RemoveForces(name string) (string, error) {
	if b.UnitNamed(name) != nil {
		gone, err := b.RemoveUnit(rules.Actor{Umpire: true}, name)
		return gone + " removed.", err
	}
	i := slices.IndexFunc(b.Commanders, func(c Commander) bool { return strings.EqualFold(c.Name, name) })
	if i < 0 {
		return "", rules.Breachf("There is no unit or command base called %s in the campaign's forces.", name)
	}
	gone := b.Commanders[i].Name
	b.Commanders = slices.Delete(b.Commanders, i, i+1)
	return gone + " removed.", nil
}

// Enlist adds the roster of a battle's board to the forces; a name the
// forces hold already is refused.
func (b *Board) Enlist(battle *Board) (string, error) {
	add := battle.Forces(rules.Campaign{})
	for _, u := range add.Units {
		if b.nameTaken(u.Name) {
			return "", rules.Breachf("%s is in the campaign's forces already.", u.Name)
		}
	}
	for _, c := range add.Commanders {
		if b.nameTaken(c.Name) {
			return "", rules.Breachf("%s is in the campaign's forces already.", c.Name)
		}
	}
	b.Units = append(b.Units, add.Units...)
	b.Commanders = append(b.Commanders, add.Commanders...)
	return fmt.Sprintf("%s and %s enlisted.", plural(len(add.Units), "unit"), plural(len(add.Commanders), "command base")), nil
}

// Qualities are a unit's qualities as /campaign edit gives them (ParseElite).
var Qualities = []string{"elite", "line"}

// ParseElite reads a unit's quality as /campaign edit gives it (experience,
// K4): one of Qualities, nil when blank.
func ParseElite(s string) (*bool, error) {
	q := strings.ToLower(strings.TrimSpace(s))
	switch {
	case q == "":
		return nil, nil
	case slices.Contains(Qualities, q):
		e := q == "elite"
		return &e, nil
	}
	return nil, rules.Breachf("A Volleyfire! unit's quality is `elite` or `line`.")
}
