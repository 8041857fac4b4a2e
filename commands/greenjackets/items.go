package greenjackets

import (
	"strconv"
	"strings"

	"github.com/referee-bot/referee/commands/interaction"
)

// An item is one entry of a list option: "Dubois (soft mounted):2" — a name,
// traits in brackets and a zone or ring after a colon.
type item struct {
	Name   string
	Traits map[string]bool
	Zone   int
}

// items parses a comma-separated list of items.
func items(s string) ([]item, error) {
	var out []item
	for _, raw := range names(s) {
		it := item{Traits: map[string]bool{}}
		if i := strings.LastIndex(raw, ":"); i >= 0 {
			z, err := strconv.Atoi(strings.TrimSpace(raw[i+1:]))
			if err != nil || z < 1 {
				return nil, interaction.Refusef("%q: after the colon give a zone or ring number, like `Dubois:2`.", raw)
			}
			it.Zone, raw = z, raw[:i]
		}
		if i := strings.Index(raw, "("); i >= 0 {
			j := strings.LastIndex(raw, ")")
			if j < i {
				return nil, interaction.Refusef("%q: close the traits' bracket, like `Harper (sword charging)`.", raw)
			}
			for _, t := range strings.FieldsFunc(raw[i+1:j], func(r rune) bool { return r == ' ' || r == '/' || r == ';' }) {
				it.Traits[strings.ToLower(t)] = true
			}
			raw = raw[:i]
		}
		it.Name = strings.TrimSpace(raw)
		if it.Name == "" {
			return nil, interaction.Refuse("An entry of the list has no name.")
		}
		out = append(out, it)
	}
	return out, nil
}
