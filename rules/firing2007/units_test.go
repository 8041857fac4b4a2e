package firing2007

import (
	"strings"
	"testing"
)

// Each enum is read from its own list, in any case and without the spaces
// around it; any other word is refused with the list.
func TestParseEnums(t *testing.T) {
	check := func(t *testing.T, what string, values []string, parse func(string) (string, error)) {
		t.Helper()
		for _, v := range values {
			for _, typed := range []string{v, strings.ToUpper(v), " " + v + " "} {
				if got, err := parse(typed); err != nil || got != v {
					t.Errorf("Parse %s %q = %q, %v; want %q", what, typed, got, err, v)
				}
			}
		}
		for _, typed := range []string{"", "pikemen", values[0] + "s"} {
			if got, err := parse(typed); err == nil || !strings.Contains(err.Error(), " is not "+what+": ") {
				t.Errorf("Parse %s %q = %q, %v; want it refused with the list", what, typed, got, err)
			}
		}
	}
	t.Run("unit type", func(t *testing.T) { check(t, "a unit type", words(UnitTypes), parsed(ParseUnitType)) })
	t.Run("cover", func(t *testing.T) { check(t, "a cover", words(Covers), parsed(ParseCover)) })
	t.Run("formation", func(t *testing.T) { check(t, "a formation", words(Formations), parsed(ParseFormation)) })
	if len(UnitTypes) != len(UnitKinds) {
		t.Errorf("UnitTypes lists %d types, UnitKinds %d", len(UnitTypes), len(UnitKinds))
	}
}

func words[T ~string](values []T) []string {
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = string(v)
	}
	return out
}

func parsed[T ~string](parse func(string) (T, error)) func(string) (string, error) {
	return func(s string) (string, error) {
		v, err := parse(s)
		return string(v), err
	}
}
