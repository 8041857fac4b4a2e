package volleyfire

import (
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/roster"
	"github.com/referee-bot/referee/rules"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// The sides of a quick ruling's board.
const (
	ours   = "ours"
	theirs = "theirs"
)

// actor is who gives the command's order on the channel's board.
func actor(tx *battle.Tx) rules.Actor {
	return rules.Actor{User: tx.Req.User.ID, Umpire: tx.IsUmpire()}
}

// quick reports whether a command is a quick ruling: no Volleyfire! battle in the
// channel, or no roster unit named.
func quick(tx *battle.Tx) bool {
	return tx.Game == nil || tx.Game.Ruleset != ID || !tx.Req.Has(optUnit)
}

// A reader reads option name as a T, or says why it cannot.
type reader[T any] func(req interaction.Request, name string) (T, error)

// given is option name read by read, or nil when it is not given; the first
// error is kept in *err (and nothing more is read).
func given[T any](req interaction.Request, name string, read reader[T], err *error) *T {
	if *err != nil || !req.Has(name) {
		return nil
	}
	v, e := read(req, name)
	if e != nil {
		*err = e
		return nil
	}
	return &v
}

func readBool(req interaction.Request, name string) (bool, error) { return req.Bool(name), nil }
func readInt(req interaction.Request, name string) (int, error)   { return req.IntOr(name, 0), nil }

// enum reads option name as one of values, ignoring case; any other word
// is refused as not what ("a type"), with the values.
func enum[T ~string](req interaction.Request, name string, values []T, what string) (T, error) {
	s := req.String(name)
	for _, v := range values {
		if strings.EqualFold(string(v), s) {
			return v, nil
		}
	}
	return "", interaction.Inputf("%q is not %s: %s.", s, what, rules.Or(values))
}

func readKind(req interaction.Request, name string) (vf.Kind, error) {
	return enum(req, name, targetKinds, "a type")
}

func readStance(req interaction.Request, name string) (vf.Stance, error) {
	return enum(req, name, vf.Stances, "a formation")
}

func readWeapon(req interaction.Request, name string) (vf.Weapon, error) {
	return enum(req, name, vf.Weapons, "a weapon")
}

func readSpecial(req interaction.Request, name string) (vf.Special, error) {
	if strings.EqualFold(req.String(name), "none") {
		return "", nil
	}
	return enum(req, name, vf.Specials, "a special unit (or none)")
}

// readFacing is where a charge strikes: the front unless the option says.
func readFacing(req interaction.Request) (vf.Facing, error) {
	if !req.Has(optFacing) {
		return vf.Front, nil
	}
	return enum(req, optFacing, facings, "where a charge strikes")
}

func readArms(req interaction.Request, name string) (vf.Arms, error) {
	return enum(req, name, vf.ArmsList, "a choice of arms")
}

func readNation(req interaction.Request, name string) (vf.Nation, error) {
	n, err := vf.ParseNation(req.String(name))
	if err != nil {
		return "", interaction.Inputf("%q is not a nationality the rules know: %s.", req.String(name), rules.Or(nations))
	}
	return n, nil
}

// player is the player option's user, added to the game's players.
func player(tx *battle.Tx) *vf.Player {
	p, ok := tx.Req.UserOption(optPlayer)
	if !ok {
		return nil
	}
	roster.AddPlayer(tx.Game, p)
	return &vf.Player{ID: p.ID, Name: p.Name}
}

// unitSpec reads what unit-add and unit-set give.
func unitSpec(tx *battle.Tx, name string) (vf.UnitSpec, error) {
	req, err := tx.Req, error(nil)
	s := vf.UnitSpec{Name: name, Side: req.String(optSide),
		Bases: given(req, optBases, readInt, &err), Stance: given(req, optFormation, readStance, &err),
		Weapon: given(req, optWeapon, readWeapon, &err), Nation: given(req, optNation, readNation, &err),
		Special: given(req, optSpecial, readSpecial, &err), Elite: given(req, optElite, readBool, &err),
		Arms: given(req, optArms, readArms, &err), Loaded: given(req, optLoaded, readBool, &err),
		Hidden: given(req, optHidden, readBool, &err)}
	if k := given(req, optType, readKind, &err); k != nil {
		s.Kind = *k
	}
	if err == nil {
		s.Player = player(tx)
	}
	return s, err
}

// commanderSpec reads what commander-add and commander-set give.
func commanderSpec(tx *battle.Tx, name string) (vf.CommanderSpec, error) {
	req, err := tx.Req, error(nil)
	s := vf.CommanderSpec{Name: name, Side: req.String(optSide), Nation: given(req, optNation, readNation, &err),
		Royal: given(req, optRoyal, readBool, &err), Lost: given(req, optLost, readBool, &err), Hidden: given(req, optHidden, readBool, &err),
		Join: given(req, optJoin, func(r interaction.Request, n string) (string, error) { return r.String(n), nil }, &err)}
	if err == nil {
		s.Player = player(tx)
	}
	return s, err
}

// path reads a move's inches through open, light and heavy terrain from the
// options named.
func path(req interaction.Request, open, light, heavy string) vf.Path {
	o, _ := req.Float(open)
	l, _ := req.Float(light)
	h, _ := req.Float(heavy)
	return vf.Path{Open: o, Light: l, Heavy: h}
}

// quickUnit is the unit of a quick ruling that the options with prefix
// describe, called who, on side; needBases says whether its bases must be given.
func quickUnit(req interaction.Request, prefix, who, side string, needBases bool) (vf.RosterUnit, error) {
	if !req.Has(prefix + optType) {
		return vf.RosterUnit{}, interaction.Inputf("For a quick ruling give %s's type (`%s%s:`), or name a roster unit.", who, prefix, optType)
	}
	kind, err := readKind(req, prefix+optType)
	if err != nil {
		return vf.RosterUnit{}, err
	}
	u := vf.RosterUnit{Unit: vf.Unit{Name: who, Kind: kind, Weapon: vf.DefaultWeapon(kind), Bases: req.IntOr(prefix+optBases, 1),
		Formation: vf.Line, Loaded: true, Elite: req.Bool(prefix + optElite)}, Side: side}
	if needBases && kind != vf.Artillery && !req.Has(prefix+optBases) {
		return u, interaction.Inputf("For a quick ruling give %s's bases (`%s%s:`).", who, prefix, optBases)
	}
	return u, describe(req, prefix, &u.Unit)
}

// describe sets u's formation, nationality, special type and arms from the
// options with prefix that are given.
func describe(req interaction.Request, prefix string, u *vf.Unit) error {
	var err error
	switch s := given(req, prefix+optFormation, readStance, &err); {
	case s == nil:
	case *s == vf.StanceLimbered || *s == vf.StanceUnlimbered:
		u.Limbered = *s == vf.StanceLimbered
	default:
		u.Formation = vf.Formation(*s)
	}
	rules.Set(&u.Nation, given(req, prefix+optNation, readNation, &err))
	rules.Set(&u.Special, given(req, prefix+optSpecial, readSpecial, &err))
	rules.Set(&u.Arms, given(req, prefix+optArms, readArms, &err))
	return err
}

// joinedBy is a command base standing with u, when the option command says
// one has joined it.
func joinedBy(req interaction.Request, option string, u vf.RosterUnit) []vf.Commander {
	if !req.Bool(option) {
		return nil
	}
	return []vf.Commander{{General: vf.General{Name: u.Name + "'s command base"}, Side: u.Side, Joined: u.Name}}
}

// quickShooter is the shooter of a quick ruling: its weapon sets its kind.
func quickShooter(req interaction.Request) (vf.RosterUnit, error) {
	u := vf.RosterUnit{Unit: vf.Unit{Name: "the shooters", Kind: vf.Infantry, Weapon: vf.Musket, Formation: vf.Line, Loaded: true,
		Bases: req.IntOr(optBases, 1), Elite: req.Bool(optElite)}, Side: ours}
	var err error
	rules.Set(&u.Weapon, given(req, optWeapon, readWeapon, &err))
	switch u.Weapon {
	case vf.Cannon:
		u.Kind, u.Name = vf.Artillery, "the gun"
	case vf.Pistol:
		u.Kind = vf.Cavalry
	}
	if err == nil && u.Kind != vf.Artillery && !req.Has(optBases) {
		return u, interaction.Input("For a quick ruling give the bases firing (`bases:`), or name a roster unit (`unit:`).")
	}
	if err == nil {
		err = describe(req, "", &u.Unit)
	}
	return u, err
}

// quickTarget is the target of a quick ruling: a unit, or a lone command base.
func quickTarget(req interaction.Request) (vf.RosterUnit, []vf.Commander, error) {
	u := vf.RosterUnit{Unit: vf.Unit{Name: "the target", Kind: vf.Infantry, Formation: vf.Line, Weapon: vf.Musket, Bases: 1}, Side: theirs}
	var err error
	rules.Set(&u.Kind, given(req, optTKind, readKind, &err))
	u.Weapon = vf.DefaultWeapon(u.Kind)
	switch {
	case err != nil:
		return u, nil, err
	case u.Kind == vf.Command:
		return u, []vf.Commander{{General: vf.General{Name: u.Name}, Side: theirs}}, nil
	case u.Kind != vf.Artillery && !req.Has(optTBases):
		return u, nil, interaction.Input("For a quick ruling give the target's bases (`target-bases:`), or name roster units (`unit:` and `target:`).")
	}
	u.Bases = req.IntOr(optTBases, 1)
	rules.Set(&u.Formation, given(req, optTFormation, func(r interaction.Request, n string) (vf.Formation, error) {
		return enum(r, n, vf.Formations, "%q is not a formation: line, column, square or skirmish.")
	}, &err))
	rules.Set(&u.Nation, given(req, optTNation, readNation, &err))
	rules.Set(&u.Special, given(req, optTSpecial, readSpecial, &err))
	return u, joinedBy(req, optTCommand, u), err
}
