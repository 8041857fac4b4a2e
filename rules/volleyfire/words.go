package volleyfire

import (
	"strings"

	"github.com/referee-bot/referee/rules"
)

// The parsers of the rule set's words, one an enum, each from its own list:
// a word is read ignoring case and the spaces around it.

// ParseKind reads a kind of base (TargetKinds: a command base too).
func ParseKind(s string) (Kind, error) { return parseWord(s, TargetKinds, "a type", nil) }

// ParseFormation reads a formation.
func ParseFormation(s string) (Formation, error) {
	return parseWord(s, Formations, "a formation", nil)
}

// ParseStance reads a stance: a formation, limbered or unlimbered.
func ParseStance(s string) (Stance, error) { return parseWord(s, Stances, "a formation", nil) }

// ParseWeapon reads a weapon.
func ParseWeapon(s string) (Weapon, error) { return parseWord(s, Weapons, "a weapon", nil) }

// ParseNation reads a nationality; nothing typed, "other" and "none" are
// any nation without a bonus ("").
func ParseNation(s string) (Nation, error) {
	return parseWord(s, Nations, "a nationality the rules know", map[string]Nation{"": "", "other": "", "none": ""})
}

// ParseSpecial reads a special unit type; nothing typed and "none" are none ("").
func ParseSpecial(s string) (Special, error) {
	return parseWord(s, Specials, "a special unit (or none)", map[string]Special{"": "", "none": ""})
}

// ParseArms reads a choice of close-combat arms.
func ParseArms(s string) (Arms, error) { return parseWord(s, ArmsList, "a choice of arms", nil) }

// ParseFacing reads where a charge strikes; nothing typed is the front.
func ParseFacing(s string) (Facing, error) {
	return parseWord(s, Facings, "where a charge strikes", map[string]Facing{"": Front})
}

// parseWord reads s as one of values, or as the value a word of also stands
// for (also[""]: the value of nothing typed); any other word is the breach
// "<s> is not <a>: <the values>.".
func parseWord[T ~string](s string, values []T, a string, also map[string]T) (T, error) {
	w := strings.TrimSpace(s)
	if t, ok := also[strings.ToLower(w)]; ok {
		return t, nil
	}
	for _, t := range values {
		if strings.EqualFold(string(t), w) {
			return t, nil
		}
	}
	return "", rules.Breachf("%q is not %s: %s.", s, a, rules.Or(values))
}
