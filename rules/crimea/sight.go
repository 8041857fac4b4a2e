package crimea

import "github.com/referee-bot/referee/rules"

// Fog of war: a unit or officer placed hidden is seen by its own side only,
// until the umpire reveals it to the enemy or to all, or it fires, is fired
// upon, charges or is charged, which reveals it to all.

// Sides are the battle's sides: Allied and Russian.
func (b *Board) Sides() []string {
	out := make([]string, len(Sides))
	for i, s := range Sides {
		out[i] = string(s)
	}
	return out
}

// SideOf is the side of the officers user plays, "" when he plays none.
func (b *Board) SideOf(user string) string {
	for _, o := range b.Officers {
		if user != "" && o.Player == user {
			return string(o.Side)
		}
	}
	return ""
}

// ActingSide is the side of the first of units on the roster (the unit that
// acts), else of the officer called officer, else of user's first officer;
// "" when none says.
func (b *Board) ActingSide(user, officer string, units ...string) Side {
	for _, name := range units {
		if u := b.findUnit(name); u != nil {
			return u.Side
		}
	}
	if o := b.findOfficer(officer); o != nil {
		return o.Side
	}
	return Side(b.SideOf(user))
}

func (u *Unit) seenBy(reader string) bool    { return u.SeenBy(reader, string(u.Side)) }
func (o *Officer) seenBy(reader string) bool { return o.SeenBy(reader, string(o.Side)) }

// NameSides are every unit and officer, each with his side.
func (b *Board) NameSides() map[string]string {
	names := map[string]string{}
	for _, u := range b.Units {
		names[u.Name] = string(u.Side)
	}
	for _, o := range b.Officers {
		names[o.Name] = string(o.Side)
	}
	return names
}

// Unseen are the names of the units and officers reader (a side, or "" for
// the battle's main channel) has not seen, for cutting them from free text.
func (b *Board) Unseen(reader string) []string {
	var out []string
	for i := range b.Officers {
		if !b.Officers[i].seenBy(reader) {
			out = append(out, b.Officers[i].Name)
		}
	}
	for i := range b.Units {
		if !b.Units[i].seenBy(reader) {
			out = append(out, b.Units[i].Name)
		}
	}
	return out
}

// Shown is how the umpire's reveal names what name names: its unit's or
// officer's own spelling, else name as given.
func (b *Board) Shown(name string) string {
	if u, err := b.Unit(name); err == nil {
		return u.Name
	}
	if o, err := b.Officer(name); err == nil {
		return o.Name
	}
	return name
}

// Reveal is the umpire's reveal of the unit or officer called name to side
// (Allied or Russian; "" reveals it to all): the board after it.
func (b *Board) Reveal(side, name string) (*Board, error) {
	var to Side
	if side != "" {
		s, err := ParseSide(side)
		if err != nil {
			return nil, rules.Breachf("There is no side %q in this battle: reveal to Allied or Russian, or to all.", clipName(side))
		}
		to = s
	}
	nb := b.Clone()
	var sight *rules.Sight
	var own Side
	if u := nb.findUnit(name); u != nil {
		sight, own, name = &u.Sight, u.Side, u.Name
	} else if o := nb.findOfficer(name); o != nil {
		sight, own, name = &o.Sight, o.Side, o.Name
	} else {
		return nil, rules.Breachf("There is no unit or officer called %q on the roster.", clipName(name))
	}
	switch {
	case !sight.Hidden || sight.Public:
		return nil, rules.Breachf("%s is in plain sight: every side sees it already.", name)
	case to == own:
		return nil, rules.Breachf("%s is %s: the %s side sees it already.", name, own, own)
	}
	sight.RevealTo(string(to))
	return nb, nil
}

// unitSeen is the unit called name as the side seer knows the roster: one it
// has not seen is not on it.
func (b *Board) unitSeen(seer Side, name string) (*Unit, error) {
	u, err := b.Unit(name)
	if err == nil && seer != "" && !u.seenBy(string(seer)) {
		return nil, noUnit(name)
	}
	return u, err
}

// inSight finds the enemy unit called name as the side seer knows it: one it
// has not seen is refused as if it were not there. seer "" (fog of war off,
// or the umpire) sees every unit.
func (b *Board) inSight(seer Side, name string, u *Unit) (*Unit, error) {
	t, err := b.opponent(name, u)
	if seer == "" {
		return t, err
	}
	if err != nil || t.Side != seer && !t.seenBy(string(seer)) {
		return nil, rules.NoTarget(name)
	}
	return t, nil
}

// officerInSight is the enemy officer called name as seer knows him, as inSight.
func (b *Board) officerInSight(seer Side, name string) error {
	if o := b.findOfficer(name); seer != "" && name != "" && (o == nil || o.Side != seer && !o.seenBy(string(seer))) {
		return rules.NoTarget(name)
	}
	return nil
}
