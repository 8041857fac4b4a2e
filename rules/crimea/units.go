package crimea

import (
	"strings"

	"github.com/referee-bot/referee/rules"
)

// A Side is Allied or Russian.
type Side string

// Sides.
const (
	Allied  Side = "Allied"
	Russian Side = "Russian"
)

// Sides lists both.
var Sides = []Side{Allied, Russian}

// Enemy is the other side.
func (s Side) Enemy() Side {
	if s == Allied {
		return Russian
	}
	return Allied
}

// A Nationality is British, French or Russian.
type Nationality string

// Nationalities.
const (
	British      Nationality = "British"
	French       Nationality = "French"
	RussianTroop Nationality = "Russian"
)

// Nationalities lists them.
var Nationalities = []Nationality{British, French, RussianTroop}

// SideOf is the side a nationality fights on.
func SideOf(n Nationality) Side {
	if n == RussianTroop {
		return Russian
	}
	return Allied
}

// A UnitType is a unit's arm and weight.
type UnitType string

// Unit types.
const (
	LightInfantry  UnitType = "light infantry"
	HeavyInfantry  UnitType = "heavy infantry"
	LightCavalry   UnitType = "light cavalry"
	HeavyCavalry   UnitType = "heavy cavalry"
	FootArtillery  UnitType = "foot artillery"
	HorseArtillery UnitType = "horse artillery"
)

// UnitTypes lists them.
var UnitTypes = []UnitType{LightInfantry, HeavyInfantry, LightCavalry, HeavyCavalry, FootArtillery, HorseArtillery}

// An Arm is infantry, cavalry or artillery.
type Arm string

// Arms.
const (
	Infantry  Arm = "infantry"
	Cavalry   Arm = "cavalry"
	Artillery Arm = "artillery"
)

// Arm is the unit type's arm.
func (t UnitType) Arm() Arm {
	switch t {
	case LightCavalry, HeavyCavalry:
		return Cavalry
	case FootArtillery, HorseArtillery:
		return Artillery
	}
	return Infantry
}

// A Formation is line, column, square or works.
type Formation string

// Formations.
const (
	Line   Formation = "line"
	Column Formation = "column"
	Square Formation = "square"
	Works  Formation = "works"
)

// Formations lists them.
var Formations = []Formation{Line, Column, Square, Works}

// An Ammo is what artillery fires.
type Ammo string

// Ammunition.
const (
	Ball     Ammo = "ball"
	Canister Ammo = "canister"
)

// Ammos lists them: ball (or shell) first.
var Ammos = []Ammo{Ball, Canister}

// parse reads s, ignoring case and the spaces around it, as one of values;
// any other word is the breach "<What> is <the values>.".
func parse[T ~string](s, what string, values []T) (T, error) {
	for _, v := range values {
		if strings.EqualFold(strings.TrimSpace(s), string(v)) {
			return v, nil
		}
	}
	var zero T
	return zero, rules.Breachf("%s is %s.", what, rules.Or(values))
}

// ParseSide reads a side.
func ParseSide(s string) (Side, error) { return parse(s, "A side", Sides) }

// ParseNationality reads a nationality.
func ParseNationality(s string) (Nationality, error) { return parse(s, "A nationality", Nationalities) }

// ParseUnitType reads a unit type.
func ParseUnitType(s string) (UnitType, error) { return parse(s, "A unit type", UnitTypes) }

// ParseFormation reads a formation.
func ParseFormation(s string) (Formation, error) { return parse(s, "A formation", Formations) }

// ParseAmmo reads what artillery fires.
func ParseAmmo(s string) (Ammo, error) { return parse(s, "Artillery's ammunition", Ammos) }
