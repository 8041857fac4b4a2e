package firing2007

import (
	"strings"

	"github.com/referee-bot/referee/rules"
)

// A UnitType is what a unit is, as the firing factors and the range chart name it.
type UnitType string

// The unit types of the post.
const (
	BritishCloseOrder UnitType = "british"
	LineInfantry      UnitType = "line"
	Militia           UnitType = "militia"
	Indians           UnitType = "indians"
	RifleUnit         UnitType = "rifles"
	LightGun          UnitType = "light-gun"
	MediumGun         UnitType = "medium-gun"
	HeavyGun          UnitType = "heavy-gun"
	GalloperGun       UnitType = "galloper-gun"
	GrasshopperGun    UnitType = "grasshopper-gun"
	HowitzerUnit      UnitType = "howitzer"
	Cavalry           UnitType = "cavalry"
)

// A UnitKind describes one unit type: how players read it and the row of the
// range chart it fires on.
type UnitKind struct {
	Type   UnitType
	Label  string
	Weapon Weapon
}

// UnitKinds lists every unit type, infantry first, then guns, then cavalry.
// Cavalry fire on the muskets row (reading F6).
var UnitKinds = []UnitKind{
	{BritishCloseOrder, "British close order infantry", Muskets},
	{LineInfantry, "line infantry", Muskets},
	{Militia, "militia", Muskets},
	{Indians, "Indians", Muskets},
	{RifleUnit, "rifles", Rifles},
	{LightGun, "light gun", LightGuns},
	{MediumGun, "medium gun", MediumGuns},
	{HeavyGun, "heavy gun", HeavyGuns},
	{GalloperGun, "galloper gun", GalloperGuns},
	{GrasshopperGun, "grasshopper gun", GrasshopperGuns},
	{HowitzerUnit, "howitzer", Howitzers},
	{Cavalry, "cavalry", Muskets},
}

// Kind returns the description of a unit type.
func Kind(t UnitType) (UnitKind, bool) {
	for _, k := range UnitKinds {
		if k.Type == t {
			return k, true
		}
	}
	return UnitKind{}, false
}

// Label is how players read a unit type ("British close order infantry").
func (t UnitType) Label() string {
	if k, ok := Kind(t); ok {
		return k.Label
	}
	return string(t)
}

// UnitTypes lists every unit type, in the order of UnitKinds.
var UnitTypes = func() []UnitType {
	var out []UnitType
	for _, k := range UnitKinds {
		out = append(out, k.Type)
	}
	return out
}()

// ParseUnitType reads a unit type by its name in UnitTypes ("light-gun").
func ParseUnitType(s string) (UnitType, error) { return oneOf(s, "a unit type", UnitTypes) }

// IsGun reports whether the unit is artillery (guns and howitzers).
func (t UnitType) IsGun() bool {
	k, ok := Kind(t)
	return ok && k.Weapon.IsGun()
}

// A Cover is the cover a target is in, as the firing factors name it.
type Cover string

// The covers of the firing factors.
const (
	Open  Cover = "none"
	Soft  Cover = "soft"
	Hard  Cover = "hard"
	Solid Cover = "solid"
)

// Covers lists the covers, from none to the best.
var Covers = []Cover{Open, Soft, Hard, Solid}

// Label is how players read a cover.
func (c Cover) Label() string {
	switch c {
	case Soft:
		return "woods or soft cover"
	case Hard:
		return "hard cover or buildings"
	case Solid:
		return "solid cover"
	}
	return "no cover"
}

// ParseCover reads a cover by its name in Covers ("soft").
func ParseCover(s string) (Cover, error) { return oneOf(s, "a cover", Covers) }

// A Formation is how a unit is drawn up; only column has a firing factor.
type Formation string

// The formations the roster records.
const (
	Line     Formation = "line"
	Column   Formation = "column"
	Square   Formation = "square"
	Skirmish Formation = "skirmish"
)

// Formations lists the formations.
var Formations = []Formation{Line, Column, Square, Skirmish}

// ParseFormation reads a formation by its name in Formations ("column").
func ParseFormation(s string) (Formation, error) { return oneOf(s, "a formation", Formations) }

// oneOf reads s, in any case and without the spaces around it, as one of
// values; any other word is the breach "<s> is not <a>: <the values>.".
func oneOf[T ~string](s, a string, values []T) (T, error) {
	w := strings.ToLower(strings.TrimSpace(s))
	for _, v := range values {
		if string(v) == w {
			return v, nil
		}
	}
	return "", rules.Breachf("\"%s\" is not %s: %s.", rules.Inert(s), a, rules.Or(values))
}
