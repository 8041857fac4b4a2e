package crimea

import (
	"fmt"
	"slices"
	"strings"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// nameFree refuses a name already on the roster, and a full roster.
func (b *Board) nameFree(name string) error {
	if b.findUnit(name) != nil || b.findOfficer(name) != nil {
		return rules.Breachf("%q is already on the roster; give each unit and officer its own name.", name)
	}
	if len(b.Units) >= MaxRoster || len(b.Officers) >= MaxRoster {
		return rules.Breachf("The roster is full (%d units and %d officers at most).", MaxRoster, MaxRoster)
	}
	return nil
}

// AddUnit puts a unit on the roster: its side follows its nationality, its
// start its stands, and its officer is named as the roster has him.
func (b *Board) AddUnit(u Unit) (Unit, error) {
	err := b.edit(func(b *Board) error {
		if err := CheckName("unit", u.Name); err != nil {
			return err
		}
		if err := b.nameFree(u.Name); err != nil {
			return err
		}
		u.Side, u.Start = SideOf(u.Nationality), u.Stands
		if u.Officer != "" {
			o, err := b.Officer(u.Officer)
			if err != nil {
				return err
			}
			if o.Side != u.Side {
				return rules.Breachf("%s is %s; %s troops fight for the %s side.", o.Name, o.Side, u.Nationality, u.Side)
			}
			u.Officer = o.Name
		}
		b.Units = append(b.Units, u)
		return nil
	})
	return u, err
}

// A UnitChange is what the umpire changes of a unit; nil leaves it as it is.
type UnitChange struct {
	Unit       string
	Formation  *Formation
	Stands     *int
	Morale     *int
	Disordered *bool
	LostToFire *int
	// Officer is the officer it is now under, "" for none.
	Officer *string
	// Hidden places it hidden from the enemy (true) or in plain sight (false).
	Hidden *bool
}

// SetUnit changes a unit; giving it more stands than it ever had raises its start.
func (b *Board) SetUnit(c UnitChange) (Unit, error) {
	var changed Unit
	err := b.edit(func(b *Board) error {
		u, err := b.Unit(c.Unit)
		if err != nil {
			return err
		}
		rules.Set(&u.Formation, c.Formation)
		if c.Stands != nil {
			u.Stands, u.Start = *c.Stands, max(u.Start, *c.Stands)
		}
		rules.Set(&u.Morale, c.Morale)
		rules.Set(&u.Disordered, c.Disordered)
		rules.Set(&u.LostToFire, c.LostToFire)
		u.Place(c.Hidden)
		if c.Officer != nil && *c.Officer == "" {
			u.Officer = ""
		} else if c.Officer != nil {
			o, err := b.Officer(*c.Officer)
			if err != nil {
				return err
			}
			if o.Side != u.Side {
				return rules.Breachf("%s is %s and %s is %s.", o.Name, o.Side, u.Name, u.Side)
			}
			u.Officer = o.Name
		}
		changed = *u
		return nil
	})
	return changed, err
}

// RemoveUnit takes a unit off the roster and returns it.
func (b *Board) RemoveUnit(name string) (Unit, error) {
	u, err := b.Unit(name)
	if err != nil {
		return Unit{}, err
	}
	gone := *u
	b.Units = removeAt(b.Units, u)
	b.Charges = slices.DeleteFunc(b.Charges, func(c Charge) bool { return c.involves(gone.Name) })
	return gone, nil
}

func removeAt[T any](entries []T, e *T) []T {
	for i := range entries {
		if &entries[i] == e {
			return append(entries[:i:i], entries[i+1:]...)
		}
	}
	return entries
}

// AddOfficer puts an officer on the roster. Without a calibre his calibre is
// rolled on the calibre table (C3), and the ruling returned; under house rule
// calibre=umpire the umpire must give it.
func (b *Board) AddOfficer(src dice.Source, o Officer, h House) (Officer, *rules.Ruling, error) {
	var rolled *rules.Ruling
	err := b.edit(func(b *Board) error {
		if err := CheckName("officer", o.Name); err != nil {
			return err
		}
		if err := b.nameFree(o.Name); err != nil {
			return err
		}
		if o.Wing != "" && o.Rank == CommanderInChief {
			return rules.Breachf("The commander-in-chief commands the whole army, not a wing.")
		}
		if err := b.setSuperior(&o, o.Superior); err != nil {
			return err
		}
		if o.Calibre == "" && h.UmpireCalibre {
			return rules.Breachf("House rule calibre=umpire: give the officer's calibre (indolent, cautious, normal or rash).")
		}
		if o.Calibre == "" {
			r, c := RollCalibre(src, o.Name)
			o.Calibre, rolled = c, &r
		}
		b.Officers = append(b.Officers, o)
		return nil
	})
	return o, rolled, err
}

// setSuperior puts o under the officer named ("" for nobody), of his own side
// and not under himself through his chain.
func (b *Board) setSuperior(o *Officer, name string) error {
	if name == "" {
		o.Superior = ""
		return nil
	}
	s, err := b.Officer(name)
	if err != nil {
		return err
	}
	if s.Side != o.Side {
		return rules.Breachf("%s is %s; an officer answers to one of his own side.", s.Name, s.Side)
	}
	if strings.EqualFold(s.Name, o.Name) {
		return rules.Breachf("An officer cannot answer to himself.")
	}
	for _, c := range b.chain(s.Name) {
		if strings.EqualFold(c.Name, o.Name) {
			return rules.Breachf("%s already answers to %s.", s.Name, o.Name)
		}
	}
	o.Superior = s.Name
	return nil
}

// An OfficerChange is what the umpire changes of an officer; nil leaves it as it is.
type OfficerChange struct {
	Officer string
	Morale  *int
	// Wounded or Dead, he has no orders left.
	Wounded, Dead      *bool
	Player, PlayerName *string
	// Superior is the officer he now answers to, "" for nobody.
	Superior *string
	Calibre  *Calibre
	// Wing is the command he now leads, "" for none.
	Wing   *Command
	Orders *int
	// Hidden places him hidden from the enemy (true) or in plain sight (false).
	Hidden *bool
}

// SetOfficer changes an officer.
func (b *Board) SetOfficer(c OfficerChange) (Officer, error) {
	var changed Officer
	err := b.edit(func(b *Board) error {
		o, err := b.Officer(c.Officer)
		if err != nil {
			return err
		}
		rules.Set(&o.Morale, c.Morale)
		rules.Set(&o.Wounded, c.Wounded)
		rules.Set(&o.Dead, c.Dead)
		if o.Wounded && c.Wounded != nil || o.Dead && c.Dead != nil {
			o.Orders = 0
		}
		rules.Set(&o.Player, c.Player)
		rules.Set(&o.PlayerName, c.PlayerName)
		if c.Superior != nil {
			if err := b.setSuperior(o, *c.Superior); err != nil {
				return err
			}
		}
		rules.Set(&o.Calibre, c.Calibre)
		rules.Set(&o.Wing, c.Wing)
		o.Place(c.Hidden)
		if c.Orders != nil && *c.Orders > 0 && o.Dead {
			return rules.Breachf("%s is dead and issues no orders.", o.Name)
		}
		if c.Orders != nil && *c.Orders > 0 && o.Wounded {
			return rules.Breachf("%s is wounded and issues no orders.", o.Name)
		}
		rules.Set(&o.Orders, c.Orders)
		changed = *o
		return nil
	})
	return changed, err
}

// RemoveOfficer takes an officer off the roster; the units and officers under
// him are left under nobody, and their names returned.
func (b *Board) RemoveOfficer(name string) (Officer, []string, error) {
	o, err := b.Officer(name)
	if err != nil {
		return Officer{}, nil, err
	}
	gone := *o
	var orphans []string
	for i := range b.Units {
		if strings.EqualFold(b.Units[i].Officer, gone.Name) {
			b.Units[i].Officer = ""
			orphans = append(orphans, b.Units[i].Name)
		}
	}
	for i := range b.Officers {
		if strings.EqualFold(b.Officers[i].Superior, gone.Name) {
			b.Officers[i].Superior = ""
			orphans = append(orphans, b.Officers[i].Name)
		}
	}
	b.Officers = removeAt(b.Officers, o)
	return gone, orphans, nil
}

// SetAllowance sets the inches of a row of the movement table (C6).
func (b *Board) SetAllowance(row MoveRow, inches int) error {
	return b.edit(func(b *Board) error {
		if b.Allowances == nil {
			b.Allowances = map[MoveRow]int{}
		}
		b.Allowances[row] = inches
		return nil
	})
}

// Where is where a unit stands as a roster choice shows it: its nationality,
// and "destroyed" when no stands are left.
func (u Unit) Where() string {
	if u.Stands == 0 {
		return string(u.Nationality) + ", destroyed"
	}
	return string(u.Nationality)
}

// Where is an officer's side as a roster choice shows it, and "dead" or
// "wounded" when he is.
func (o Officer) Where() string {
	switch {
	case o.Dead:
		return string(o.Side) + ", dead"
	case o.Wounded:
		return string(o.Side) + ", wounded"
	}
	return string(o.Side)
}

// AllowanceLines are the movement allowances (C6), a line for each row of
// the table as printed: its inches, or "not set" while the umpire has not.
func (b *Board) AllowanceLines() []string {
	var lines []string
	for _, r := range MoveRows {
		if in, ok := b.Allowances[r]; ok {
			lines = append(lines, fmt.Sprintf("%s %d\"", r, in))
		} else {
			lines = append(lines, fmt.Sprintf("%s: not set", r))
		}
	}
	return lines
}
