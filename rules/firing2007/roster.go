package firing2007

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/referee-bot/referee/rules"
)

// AddUnit puts the unit c describes on the roster with a new id, at full
// strength, in line and in the open unless c says otherwise. A new unit needs
// its type, side, strength points and basic morale.
func (b *Board) AddUnit(c UnitChange) (Unit, error) {
	switch {
	case c.Type == nil || c.Side == nil || c.Strength == nil || c.Morale == nil:
		return Unit{}, rules.Breachf("A new unit needs its type, side, strength points and basic morale.")
	case b.Unit(c.Name) != nil:
		return Unit{}, rules.Breachf("There is already a unit called %s; give this one another name.", bold(c.Name))
	case len(b.Units) >= MaxRoster:
		return Unit{}, rules.Breachf("The roster holds at most %d units.", MaxRoster)
	case *c.Strength < 1 || *c.Strength > MaxStrength:
		return Unit{}, rules.Breachf("A unit starts with 1 to %d strength points.", MaxStrength)
	}
	u := Unit{Name: c.Name, Type: *c.Type, Side: *c.Side, Strength: *c.Strength, Start: *c.Strength, Morale: *c.Morale, Formation: Line, Cover: Open}
	rules.Set(&u.Formation, c.Formation)
	rules.Set(&u.Cover, c.Cover)
	rules.Set(&u.Shaken, c.Shaken)
	rules.Set(&u.Player, c.Player)
	u.Place(c.Hidden)
	if err := u.check(bold); err != nil {
		return Unit{}, err
	}
	u.ID = b.newID()
	b.Units = append(b.Units, u)
	return u, nil
}

// SetUnit changes a unit of the roster, returning it as it was and as it is.
// Strength above the most it has had raises that too.
func (b *Board) SetUnit(c UnitChange) (was, now Unit, err error) {
	u, err := b.unit(c.Name)
	if err != nil {
		return Unit{}, Unit{}, err
	}
	now = *u
	if c.NewName != nil && *c.NewName != "" && *c.NewName != u.Name {
		if o := b.Unit(*c.NewName); o != nil && o.ID != u.ID {
			return Unit{}, Unit{}, rules.Breachf("There is already a unit called %s.", bold(*c.NewName))
		}
		now.Name = *c.NewName
	}
	rules.Set(&now.Type, c.Type)
	if c.Side != nil {
		now.Side = *c.Side
		now.ChangeSide(*c.Side)
	}
	rules.Set(&now.Morale, c.Morale)
	rules.Set(&now.Formation, c.Formation)
	rules.Set(&now.Cover, c.Cover)
	rules.Set(&now.Shaken, c.Shaken)
	rules.Set(&now.Player, c.Player)
	now.Place(c.Hidden)
	if c.Strength != nil {
		now.Strength, now.Start = *c.Strength, max(now.Start, *c.Strength)
	}
	if err := now.check(bold); err != nil {
		return Unit{}, Unit{}, err
	}
	was, *u = *u, now
	return was, now, nil
}

// RemoveUnit takes a unit off the roster and out of every general's command,
// returning it and the names of the generals it was with or under.
func (b *Board) RemoveUnit(name string) (Unit, []string, error) {
	u, err := b.unit(name)
	if err != nil {
		return Unit{}, nil, err
	}
	gone := *u
	var touched []string
	for i := range b.Generals {
		g := &b.Generals[i]
		if g.With == gone.ID || slices.Contains(g.Chain, gone.ID) {
			touched = append(touched, g.Name)
		}
		if g.With == gone.ID {
			g.With = 0
		}
		g.Chain = slices.DeleteFunc(g.Chain, func(id int) bool { return id == gone.ID })
	}
	b.Units = slices.DeleteFunc(b.Units, func(u Unit) bool { return u.ID == gone.ID })
	return gone, touched, nil
}

// AddGeneral puts the general c describes on the roster with a new id; a new
// general needs his side.
func (b *Board) AddGeneral(c GeneralChange) (General, error) {
	switch {
	case c.Side == nil:
		return General{}, rules.Breachf("A new general needs his side.")
	case b.General(c.Name) != nil:
		return General{}, rules.Breachf("There is already a general called %s.", bold(c.Name))
	case len(b.Generals) >= MaxRoster:
		return General{}, rules.Breachf("The roster holds at most %d generals.", MaxRoster)
	}
	g := General{Name: c.Name, Side: *c.Side}
	rules.Set(&g.Player, c.Player)
	g.Place(c.Hidden)
	rules.Set(&g.LightWounds, c.Wounds)
	rules.Set(&g.Dead, c.Dead)
	if err := b.command(&g, c.With, c.Chain); err != nil {
		return General{}, err
	}
	if err := g.check(bold); err != nil {
		return General{}, err
	}
	g.ID = b.newID()
	b.Generals = append(b.Generals, g)
	return g, nil
}

// SetGeneral changes a general of the roster, returning him as he was and as
// he is. A general no longer dead has no chain test waiting.
func (b *Board) SetGeneral(c GeneralChange) (was, now General, err error) {
	g, err := b.general(c.Name)
	if err != nil {
		return General{}, General{}, err
	}
	now = *g
	now.Chain = slices.Clone(g.Chain)
	if c.NewName != nil && *c.NewName != "" && *c.NewName != g.Name {
		if o := b.General(*c.NewName); o != nil && o.ID != g.ID {
			return General{}, General{}, rules.Breachf("There is already a general called %s.", bold(*c.NewName))
		}
		now.Name = *c.NewName
	}
	if c.Side != nil {
		now.Side = *c.Side
		now.ChangeSide(*c.Side)
	}
	rules.Set(&now.LightWounds, c.Wounds)
	rules.Set(&now.Dead, c.Dead)
	rules.Set(&now.Player, c.Player)
	now.Place(c.Hidden)
	if err := b.command(&now, c.With, c.Chain); err != nil {
		return General{}, General{}, err
	}
	if err := now.check(bold); err != nil {
		return General{}, General{}, err
	}
	if !now.Dead {
		b.settled(g.ID)
	}
	was, *g = *g, now
	return was, now, nil
}

// command sets the unit a general is with and his chain of command from their
// names, each when given (not nil); "" or "none" is with no unit.
func (b *Board) command(g *General, with *string, chain *[]string) error {
	if with != nil {
		g.With = 0
		if *with != "" && !strings.EqualFold(*with, "none") {
			u, err := b.unit(*with)
			if err != nil {
				return err
			}
			g.With = u.ID
		}
	}
	if chain != nil {
		ids, err := b.units(*chain)
		if err != nil {
			return err
		}
		g.Chain = ids
	}
	return nil
}

// RemoveGeneral takes a general off the roster, with his waiting chain test.
func (b *Board) RemoveGeneral(name string) (General, error) {
	g, err := b.general(name)
	if err != nil {
		return General{}, err
	}
	gone := *g
	b.settled(gone.ID)
	b.Generals = slices.DeleteFunc(b.Generals, func(g General) bool { return g.ID == gone.ID })
	return gone, nil
}

// check refuses a unit the roster cannot hold; name shows a name in the refusal.
func (u Unit) check(name func(string) string) error {
	if err := checkName("unit", u.Name); err != nil {
		return err
	}
	return u.checkValues(name)
}

// checkValues refuses a unit whose type, cover, formation, numbers, side or
// player the roster cannot hold.
func (u Unit) checkValues(name func(string) string) error {
	if _, ok := Kind(u.Type); !ok {
		return rules.Breachf("%s has unknown type %q.", name(u.Name), u.Type)
	}
	switch {
	case !slices.Contains(Covers, u.Cover):
		return rules.Breachf("%s has unknown cover %q.", name(u.Name), u.Cover)
	case !slices.Contains(Formations, u.Formation):
		return rules.Breachf("%s has unknown formation %q.", name(u.Name), u.Formation)
	case u.Start < 1 || u.Start > MaxStrength || u.Strength < 0 || u.Strength > u.Start:
		return rules.Breachf("%s has strength %d of %d; strength points run 0 to %d, never above the most it has had.", name(u.Name), u.Strength, u.Start, MaxStrength)
	case u.Morale < MinMorale || u.Morale > MaxMorale:
		return rules.Breachf("%s has basic morale %d; basic morale runs %d to %d.", name(u.Name), u.Morale, MinMorale, MaxMorale)
	}
	return checkCommander(name(u.Name), u.Side, u.Player)
}

// check refuses a general the roster cannot hold; name shows a name in the refusal.
func (g General) check(name func(string) string) error {
	if err := checkName("general", g.Name); err != nil {
		return err
	}
	return g.checkValues(name)
}

// checkValues refuses a general whose wounds, side or player the roster cannot hold.
func (g General) checkValues(name func(string) string) error {
	if g.LightWounds < 0 || g.LightWounds > MaxWounds {
		return rules.Breachf("General %s has %d light wounds; a general has 0, 1 or 2 (a second incapacitates him).", name(g.Name), g.LightWounds)
	}
	return checkCommander("General "+name(g.Name), g.Side, g.Player)
}

// checkName refuses a name the roster cannot hold: empty, too long, or with a
// comma (lists of units are separated by commas).
func checkName(what, name string) error {
	switch {
	case strings.TrimSpace(name) == "":
		return rules.Breachf("Give the %s a name.", what)
	case utf8.RuneCountInString(name) > MaxName:
		return rules.Breachf("A %s's name can be at most %d characters.", what, MaxName)
	case strings.Contains(name, ","):
		return rules.Breachf("A %s's name can't contain a comma (lists of units are separated by commas).", what)
	}
	return nil
}

// maxUser is the longest user id a player may have (Discord's are 20 digits).
const maxUser = 32

// checkCommander refuses a side or a player's id the roster cannot hold for
// the unit or general called who.
func checkCommander(who, side, player string) error {
	switch {
	case strings.TrimSpace(side) == "":
		return rules.Breachf("%s has no side; give one, for example British or French.", who)
	case utf8.RuneCountInString(side) > MaxName:
		return rules.Breachf("A side's name can be at most %d characters; %s's has %d.", MaxName, who, utf8.RuneCountInString(side))
	case len(player) > maxUser:
		return rules.Breachf("%s's player is not a user id (at most %d characters).", who, maxUser)
	}
	return nil
}

// set sets *dst to *v when v is given.
