package crimea

import (
	"strings"

	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
	rc "github.com/referee-bot/referee/rules/crimea"
)

// option decodes an option naming one of a kind of values; ok is false when it
// is not given.
func option[T ~string](req interaction.Request, name string, values []T, what string) (v T, ok bool, err error) {
	s := req.String(name)
	if s == "" {
		return v, false, nil
	}
	if v, ok = oneOf(s, values); !ok {
		return v, false, interaction.Inputf("%q is not a %s: %s.", render.Clip(s, rc.MaxName), what, rules.Or(values))
	}
	return v, true, nil
}

// oneOf reads s as one of all, ignoring case and the spaces around it.
func oneOf[T ~string](s string, all []T) (T, bool) {
	for _, v := range all {
		if strings.EqualFold(strings.TrimSpace(s), string(v)) {
			return v, true
		}
	}
	var zero T
	return zero, false
}

// required is an option that must be given: missing, the refusal says why.
func required[T ~string](req interaction.Request, name string, values []T, what, missing string) (T, error) {
	v, ok, err := option(req, name, values, what)
	if err == nil && !ok {
		err = interaction.Input(missing)
	}
	return v, err
}

// optional is an option that may be given, as a pointer (nil: not given).
func optional[T ~string](req interaction.Request, name string, values []T, what string) (*T, error) {
	v, ok, err := option(req, name, values, what)
	if err != nil || !ok {
		return nil, err
	}
	return &v, nil
}

// number is an integer option within lo..hi, nil when not given.
func number(req interaction.Request, name string, lo, hi int, what string) (*int, error) {
	v, ok := req.Int(name)
	if !ok {
		return nil, nil
	}
	if v < lo || v > hi {
		return nil, interaction.Inputf("%s must be %d to %d.", what, lo, hi)
	}
	return &v, nil
}

// flag is a boolean option, nil when not given.
func flag(req interaction.Request, name string) *bool {
	if !req.Has(name) {
		return nil
	}
	v := req.Bool(name)
	return &v
}

// name is an officer option where "none" is nobody, nil when not given.
func name(req interaction.Request, option string) *string {
	s := req.String(option)
	if s == "" {
		return nil
	}
	if strings.EqualFold(s, "none") {
		s = ""
	}
	return &s
}

// setIf sets a field to an option's value when it was given.
