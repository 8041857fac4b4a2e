package volleyfire

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/referee-bot/referee/rules"
)

// A Unit is what a resolution needs to know of a unit (or of a command base
// standing alone, Kind Command). On the board it is stored under these JSON
// names inside a RosterUnit; Command is not stored, the board derives it.
type Unit struct {
	Name  string `json:"name"`
	Kind  Kind   `json:"kind"`
	Bases int    `json:"bases"`
	// Command is set when a command base has joined the unit (V8).
	Command   bool      `json:"-"`
	Formation Formation `json:"formation"`
	Weapon    Weapon    `json:"weapon"`
	Nation    Nation    `json:"nation,omitempty"`
	Special   Special   `json:"special,omitempty"`
	Elite     bool      `json:"elite,omitempty"`
	// Arms are the unit's close-combat arms; "" is the default for its kind.
	Arms Arms `json:"arms,omitempty"`
	// Limbered applies to artillery: it moves limbered and fires unlimbered.
	Limbered bool `json:"limbered,omitempty"`
	// Loaded is whether its weapons are loaded.
	Loaded bool `json:"loaded"`
}

// Mounted reports whether the unit fights mounted: cavalry other than dragoons,
// who fight as infantry (Special Units).
func (u Unit) Mounted() bool { return u.Kind == Cavalry && u.Special != Dragoons }

// CountsAsInfantry reports whether an enemy fights the unit as infantry:
// infantry, artillery (one infantry base) and dragoons.
func (u Unit) CountsAsInfantry() bool {
	return u.Kind == Infantry || u.Kind == Artillery || u.Special == Dragoons
}

// CombatArms are the unit's arms, and whether they were taken by default
// (ReadingArms): cavalry carry swords, but infantry and dragoons with muskets
// or rifles bayonets (V4a).
func (u Unit) CombatArms() (Arms, bool) {
	if u.Arms != "" {
		return u.Arms, false
	}
	switch {
	case u.Mounted():
		return Swords, true
	case (u.Kind == Infantry || u.Kind == Cavalry) && (u.Weapon == Musket || u.Weapon == Rifle):
		return Bayonets, true
	case u.Kind == Cavalry:
		return Swords, true
	}
	return NoArms, true
}

// Label is the unit's name, or its description when it has none (a quick ruling).
func (u Unit) Label() string {
	if u.Name != "" {
		return u.Name
	}
	s := ""
	if u.Nation != "" {
		s = string(u.Nation) + " "
	}
	if u.Special != "" {
		return s + string(u.Special)
	}
	return s + string(u.Kind)
}

// Validate checks that the unit is one the text allows.
func (u Unit) Validate() error {
	if u.Kind != Command && !slices.Contains(Kinds, u.Kind) {
		return rules.Breachf("%q is not a kind of base: %s.", u.Kind, rules.Or(Kinds))
	}
	if u.Bases < 1 {
		return rules.Breachf("%s needs at least one base.", u.Label())
	}
	if !slices.Contains(Formations, u.Formation) {
		return rules.Breachf("%q is not a formation: %s.", u.Formation, rules.Or(Formations))
	}
	if u.Kind == Cavalry && u.Formation == Square {
		return rules.Breachf("Cavalry may not form square.")
	}
	if u.Kind == Command {
		return nil
	}
	if _, ok := WeaponChart[u.Weapon]; !ok {
		return rules.Breachf("%q is not a weapon: %s.", u.Weapon, rules.Or(Weapons))
	}
	if (u.Kind == Artillery) != (u.Weapon == Cannon) {
		return rules.Breachf("Only artillery has cannon, and artillery has only cannon.")
	}
	if u.Kind == Artillery && u.Bases != 1 {
		return rules.Breachf("Artillery bases stand alone: an artillery unit is one base.")
	}
	if u.Special != "" && u.Kind != Cavalry {
		return rules.Breachf("%s are cavalry.", u.Special)
	}
	if u.Special != "" && !slices.Contains(Specials, u.Special) {
		return rules.Breachf("%q is not a special unit: %s.", u.Special, rules.Or(Specials))
	}
	if u.Arms != "" && !slices.Contains(ArmsList, u.Arms) {
		return rules.Breachf("%q are not arms: %s.", u.Arms, rules.Or(ArmsList))
	}
	return nil
}

// A Loss is what casualties did to a unit.
type Loss struct {
	// Destroyed is the bases removed, the command base included.
	Destroyed int
	// Left is the unit's bases left (the command base not counted).
	Left int
	// CommandLost is set when losses went beyond the unit's last base and killed
	// its joined command base (V8).
	CommandLost bool
	// Routed is set when the unit routs (V1) or, for artillery and a command base,
	// is destroyed.
	Routed bool
}

// TakeLosses removes n bases from u, the command base last (V8), and says whether
// it routs (V1).
func TakeLosses(u Unit, n int) Loss {
	l := Loss{Left: max(u.Bases-n, 0)}
	l.Destroyed = u.Bases - l.Left
	if n > u.Bases && u.Command {
		l.CommandLost = true
		l.Destroyed++
	}
	switch u.Kind {
	case Infantry, Cavalry:
		l.Routed = l.Left <= RoutThreshold(u.Nation)
	default:
		l.Routed = l.Left == 0
	}
	return l
}

// lossesToRout is how many losses rout (or destroy) u.
func lossesToRout(u Unit) int {
	if u.Kind == Infantry || u.Kind == Cavalry {
		return max(u.Bases-RoutThreshold(u.Nation), 0)
	}
	return u.Bases
}

// Describe says what a loss did, in a sentence fragment: "2 bases destroyed; 3 left".
func (l Loss) Describe(u Unit) string {
	s := plural(l.Destroyed, "base") + " destroyed"
	if l.CommandLost {
		s += " (the command base with them)"
	}
	switch {
	case l.Routed && l.Left == 0:
		s += fmt.Sprintf("; %s is destroyed", u.Label())
	case l.Routed && (u.Kind == Infantry || u.Kind == Cavalry):
		s += fmt.Sprintf("; %s routs at %s and is destroyed", u.Label(), plural(l.Left, "base"))
	case l.Routed:
		s += fmt.Sprintf("; %s is destroyed", u.Label())
	default:
		s += fmt.Sprintf("; %s has %s left", u.Label(), plural(l.Left, "base"))
	}
	return s
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// Inches renders a distance: 7.5", 12".
func Inches(v float64) string {
	return strconv.FormatFloat(v, 'f', -1, 64) + "\""
}

// A Stance is what a unit changes to: a formation, or for artillery limbered
// or unlimbered.
type Stance string

// Artillery's stances; the others are the formations.
const (
	StanceLimbered   Stance = "limbered"
	StanceUnlimbered Stance = "unlimbered"
)

// Stances lists every stance, the formations first.
var Stances = []Stance{Stance(Line), Stance(Column), Stance(Square), Stance(Skirmish), StanceLimbered, StanceUnlimbered}

// apply puts u in stance s, refusing one its kind cannot take.
func (s Stance) apply(u *Unit) error {
	limber := s == StanceLimbered || s == StanceUnlimbered
	switch {
	case u.Kind == Artillery && !limber:
		return rules.Breachf("Artillery limbers or unlimbers (`to:limbered` / `to:unlimbered`); it has no other formation.")
	case u.Kind != Artillery && limber:
		return rules.Breachf("Only artillery limbers and unlimbers.")
	case u.Kind == Cavalry && s == Stance(Square):
		return rules.Breachf("Cavalry may not use the square formation.")
	case limber:
		u.Limbered = s == StanceLimbered
	default:
		u.Formation = Formation(s)
	}
	return nil
}
