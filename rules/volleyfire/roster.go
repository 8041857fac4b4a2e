package volleyfire

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/referee-bot/referee/rules"
)

// A UnitSpec is what the umpire gives for a unit: to add one, or to change it
// (a nil field, an empty Name or Side: not given).
type UnitSpec struct {
	Name, Side string
	Kind       Kind
	Bases      *int
	Stance     *Stance
	Weapon     *Weapon
	Nation     *Nation
	Special    *Special
	Elite      *bool
	Arms       *Arms
	Loaded     *bool
	Player     *Player
	// Hidden places it hidden from the enemy (true) or in plain sight (false).
	Hidden *bool
}

// AddUnit adds a unit to the roster (the umpire).
func (b *Board) AddUnit(a rules.Actor, s UnitSpec) (*RosterUnit, error) {
	if err := umpire(a, "add units"); err != nil {
		return nil, err
	}
	if err := b.newName(s.Name, s.Side, "unit"); err != nil {
		return nil, err
	}
	if len(b.Units) >= MaxRoster {
		return nil, rules.Breachf("The roster holds at most %d units.", MaxRoster)
	}
	if s.Kind != Infantry && s.Kind != Cavalry && s.Kind != Artillery {
		return nil, rules.Breachf("Give the type: infantry, cavalry or artillery (command bases: `/volleyfire-roster commander-add`).")
	}
	u := RosterUnit{Unit: Unit{Name: s.Name, Kind: s.Kind, Bases: 1, Formation: Line, Weapon: DefaultWeapon(s.Kind), Loaded: true}, Side: b.spell(s.Side)}
	if s.Bases == nil && s.Kind != Artillery {
		return nil, rules.Breachf("Give the unit's number of bases (`bases:`).")
	}
	if err := u.set(s); err != nil {
		return nil, err
	}
	u.Start = u.Bases
	if err := u.Validate(); err != nil {
		return nil, err
	}
	if (u.Kind == Infantry || u.Kind == Cavalry) && u.Bases <= RoutThreshold(u.Nation) {
		return nil, rules.Breachf("A %s unit of %s would already be routed (V1): give it more bases.",
			strings.TrimSpace(string(u.Nation)+" "+string(u.Kind)), plural(u.Bases, "base"))
	}
	b.Units = append(b.Units, u)
	if b.Turn.Phase == Activations {
		b.Turn.Settle(b.ready)
	}
	return &b.Units[len(b.Units)-1], nil
}

// DefaultWeapon is the weapon of a unit given none: cavalry pistols, artillery
// cannon, infantry muskets.
func DefaultWeapon(k Kind) Weapon {
	switch k {
	case Cavalry:
		return Pistol
	case Artillery:
		return Cannon
	}
	return Musket
}

// set applies what unit-add and unit-set share.
func (u *RosterUnit) set(s UnitSpec) error {
	if s.Bases != nil {
		if *s.Bases < 0 || *s.Bases > MaxBases {
			return rules.Breachf("Give between 1 and %d bases.", MaxBases)
		}
		u.Bases = *s.Bases
	}
	if s.Stance != nil {
		if err := s.Stance.apply(&u.Unit); err != nil {
			return err
		}
	}
	if s.Weapon != nil {
		u.Weapon, u.Reloading = *s.Weapon, 0
	}
	rules.Set(&u.Nation, s.Nation)
	rules.Set(&u.Special, s.Special)
	rules.Set(&u.Elite, s.Elite)
	rules.Set(&u.Arms, s.Arms)
	if s.Loaded != nil {
		u.Loaded, u.Reloading = *s.Loaded, 0
	}
	if p := s.Player; p != nil {
		u.Player, u.PlayerName = p.ID, p.Name
	}
	u.Place(s.Hidden)
	return nil
}

// SetUnit changes the unit called name (the umpire): a new name and side
// (s.Name, s.Side), bases (0: destroyed) and any option given.
func (b *Board) SetUnit(a rules.Actor, name string, s UnitSpec) (*RosterUnit, error) {
	if err := umpire(a, "change units"); err != nil {
		return nil, err
	}
	u := b.UnitNamed(name)
	if u == nil {
		return nil, noUnit(name)
	}
	v := *u
	if s.Name != "" {
		if err := checkName(s.Name); err != nil {
			return nil, err
		}
		if !strings.EqualFold(s.Name, u.Name) && b.nameTaken(s.Name) {
			return nil, rules.Breachf("%s is already on the roster.", s.Name)
		}
		v.Name = s.Name
	}
	if s.Side != "" {
		if err := checkName(s.Side); err != nil {
			return nil, err
		}
		v.Side = b.spell(s.Side)
		v.ChangeSide(v.Side)
	}
	if err := v.set(s); err != nil {
		return nil, err
	}
	if s.Bases != nil {
		v.Start, v.Gone = max(v.Start, v.Bases), ""
		if v.Bases == 0 {
			v.Gone = Destroyed
		}
	}
	if v.Gone == "" {
		if err := v.Validate(); err != nil {
			return nil, err
		}
	}
	old := u.Name
	*u = v
	b.rename(old, v.Name)
	if v.Gone != "" {
		b.leaveCombat(v.Name)
	}
	return u, nil
}

// rename follows a unit's new name through the board.
func (b *Board) rename(old, name string) {
	if old == name {
		return
	}
	for i := range b.Commanders {
		if strings.EqualFold(b.Commanders[i].Joined, old) {
			b.Commanders[i].Joined = name
		}
	}
	for _, c := range b.Combats {
		for _, es := range [][]Engaged{c.Chargers, c.Defenders} {
			for j := range es {
				if strings.EqualFold(es[j].Unit, old) {
					es[j].Unit = name
				}
			}
		}
	}
	t := &b.Turn
	if strings.EqualFold(t.Active, old) {
		t.Active = name
	}
	if n, ok := t.Used[old]; ok {
		delete(t.Used, old)
		t.Used[name] = n
	}
	if t.Spent[old] {
		delete(t.Spent, old)
		t.Spent[name] = true
	}
}

// RemoveUnit takes the unit called name off the roster (the umpire).
func (b *Board) RemoveUnit(a rules.Actor, name string) (string, error) {
	if err := umpire(a, "remove units"); err != nil {
		return "", err
	}
	u := b.UnitNamed(name)
	if u == nil {
		return "", noUnit(name)
	}
	name = u.Name
	b.leaveCombat(name)
	for i := range b.Commanders {
		if strings.EqualFold(b.Commanders[i].Joined, name) {
			b.Commanders[i].Joined = ""
		}
	}
	if b.Turn.Active == name {
		b.Turn.Active, b.Turn.InCommand = "", false
	}
	delete(b.Turn.Used, name)
	delete(b.Turn.Spent, name)
	for i := range b.Units {
		if b.Units[i].Name == name {
			b.Units = append(b.Units[:i], b.Units[i+1:]...)
			break
		}
	}
	if b.Turn.Phase == Activations {
		b.Turn.Settle(b.ready)
	}
	return name, nil
}

// A CommanderSpec is what the umpire gives for a command base: to add one, or
// to change it (nil: not given). Join "none" stands it alone.
type CommanderSpec struct {
	Name, Side string
	Nation     *Nation
	Royal      *bool
	Lost       *bool
	Join       *string
	Player     *Player
	// Hidden places it hidden from the enemy (true) or in plain sight (false).
	Hidden *bool
}

// AddCommander adds a command base to the roster (the umpire).
func (b *Board) AddCommander(a rules.Actor, s CommanderSpec) (*Commander, error) {
	if err := umpire(a, "add command bases"); err != nil {
		return nil, err
	}
	if err := b.newName(s.Name, s.Side, "command base"); err != nil {
		return nil, err
	}
	if len(b.Commanders) >= MaxRoster {
		return nil, rules.Breachf("The roster holds at most %d command bases.", MaxRoster)
	}
	c := Commander{General: General{Name: s.Name}, Side: b.spell(s.Side)}
	if err := b.setCommander(&c, s); err != nil {
		return nil, err
	}
	b.Commanders = append(b.Commanders, c)
	return &b.Commanders[len(b.Commanders)-1], nil
}

// SetCommander changes the command base called name (the umpire).
func (b *Board) SetCommander(a rules.Actor, name string, s CommanderSpec) (*Commander, error) {
	if err := umpire(a, "change command bases"); err != nil {
		return nil, err
	}
	c := b.CommanderNamed(name)
	if c == nil {
		return nil, rules.Breachf("There is no command base %s on the roster.", name)
	}
	v := *c
	if err := b.setCommander(&v, s); err != nil {
		return nil, err
	}
	*c = v
	return c, nil
}

func (b *Board) setCommander(c *Commander, s CommanderSpec) error {
	rules.Set(&c.Nation, s.Nation)
	rules.Set(&c.Royal, s.Royal)
	if s.Lost != nil {
		c.Lost = *s.Lost
		if c.Lost {
			c.Joined = ""
		}
	}
	if p := s.Player; p != nil {
		c.Player, c.PlayerName = p.ID, p.Name
	}
	c.Place(s.Hidden)
	if s.Join == nil {
		return nil
	}
	if c.Lost {
		return rules.Breachf("%s is lost.", c.Name)
	}
	return b.join(c, *s.Join)
}

// join joins c to the unit named, or stands it alone ("" or "none").
func (b *Board) join(c *Commander, unit string) error {
	if unit == "" || strings.EqualFold(unit, "none") {
		c.Joined = ""
		return nil
	}
	u := b.UnitNamed(unit)
	switch {
	case u == nil:
		return noUnit(unit)
	case u.Gone != "":
		return rules.Breachf("%s has left the field.", u.Name)
	case u.Side != c.Side:
		return rules.Breachf("%s is not on %s's side.", u.Name, c.Name)
	case u.Kind == Artillery:
		return rules.Breachf("A command base joins a unit of infantry or cavalry; artillery bases stand alone.")
	}
	if o := b.Joined(u.Name); o != nil && !strings.EqualFold(o.Name, c.Name) {
		return rules.Breachf("%s has already joined %s.", o.Name, u.Name)
	}
	c.Joined = u.Name
	return nil
}

// checkName refuses a name the roster cannot hold.
func checkName(name string) error {
	switch {
	case name == "":
		return rules.Breachf("Give a name.")
	case utf8.RuneCountInString(name) > MaxName:
		return rules.Breachf("A name can be at most %d characters.", MaxName)
	case strings.EqualFold(name, "none"):
		return rules.Breachf("\"none\" cannot be a name.")
	}
	return nil
}

// newName refuses the name or side of a new unit or command base (what) that
// the roster cannot take.
func (b *Board) newName(name, side, what string) error {
	if err := checkName(name); err != nil {
		return err
	}
	if checkName(side) != nil {
		return rules.Breachf("Give the %s's side: a name of up to %d characters.", what, MaxName)
	}
	if b.nameTaken(name) {
		return rules.Breachf("%s is already on the roster.", name)
	}
	return nil
}

func (b *Board) nameTaken(name string) bool {
	return b.UnitNamed(name) != nil || b.CommanderNamed(name) != nil
}

// spell is side as the roster already spells it, or as given.
func (b *Board) spell(side string) string {
	if s := b.sideNamed(side); s != "" {
		return s
	}
	return side
}

// KindLabel is a unit's kind as a roster choice shows it: "infantry, 5 bases".
func (u RosterUnit) KindLabel() string { return fmt.Sprintf("%s, %d bases", u.Kind, u.Bases) }

// Where is where a unit stands as a roster choice shows it: its side, and
// how it is gone, or that it is activated now or spent this turn.
func (b *Board) Where(u RosterUnit) string {
	switch {
	case u.Gone != "":
		return u.Side + ", " + string(u.Gone)
	case b.Turn.Active == u.Name:
		return u.Side + ", activated"
	case b.Turn.Spent[u.Name]:
		return u.Side + ", spent"
	}
	return u.Side
}

// ActingSide is the side of the unit called unit (the one that acts), else
// of user's first unit or command base; "" when neither says.
func (b *Board) ActingSide(user, unit string) string {
	if u := b.UnitNamed(unit); u != nil {
		return u.Side
	}
	return b.SideOf(user)
}
