package greenjackets

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/referee-bot/referee/rules"
)

// An Entry is one entry of a list the players type: "Dubois (soft mounted):2"
// — a name, traits in brackets and a zone or ring after a colon.
type Entry struct {
	Name   string
	Traits map[string]bool
	Zone   int
}

// Names splits a comma-separated list of names.
func Names(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// ParseEntry reads one entry of a list.
func ParseEntry(s string) (Entry, error) {
	es, err := ParseEntries(strings.ReplaceAll(s, ",", " "))
	if err != nil {
		return Entry{}, err
	}
	if len(es) == 0 {
		return Entry{}, rules.Breachf("An entry of the list has no name.")
	}
	return es[0], nil
}

// ParseEntries reads a comma-separated list of entries.
func ParseEntries(s string) ([]Entry, error) {
	var out []Entry
	for _, raw := range Names(s) {
		it := Entry{Traits: map[string]bool{}}
		if i := strings.LastIndex(raw, ":"); i >= 0 {
			z, err := strconv.Atoi(strings.TrimSpace(raw[i+1:]))
			if err != nil || z < 1 {
				return nil, rules.Breachf("%q: after the colon give a zone or ring number, like `Dubois:2`.", raw)
			}
			it.Zone, raw = z, raw[:i]
		}
		if i := strings.Index(raw, "("); i >= 0 {
			j := strings.LastIndex(raw, ")")
			if j < i {
				return nil, rules.Breachf("%q: close the traits' bracket, like `Harper (sword charging)`.", raw)
			}
			for _, t := range strings.FieldsFunc(raw[i+1:j], func(r rune) bool { return r == ' ' || r == '/' || r == ';' }) {
				it.Traits[strings.ToLower(t)] = true
			}
			raw = raw[:i]
		}
		it.Name = strings.TrimSpace(raw)
		if it.Name == "" {
			return nil, rules.Breachf("An entry of the list has no name.")
		}
		out = append(out, it)
	}
	return out, nil
}

// An OrderOfBattle is a roster to add: JSON, or the compact text of ParseOrderOfBattle.
type OrderOfBattle struct {
	Characters []OBCharacter `json:"characters"`
	Squads     []OBSquad     `json:"squads"`
}

// An OBCharacter is a character of an order of battle.
type OBCharacter struct {
	Name        string   `json:"name"`
	Rank        string   `json:"rank"`
	Side        string   `json:"side"`
	Nation      string   `json:"nation"`
	Player      string   `json:"player"`
	PlayerName  string   `json:"player_name"`
	Quality     string   `json:"quality"`
	Possessions []string `json:"possessions"`
}

// An OBSquad is a squad of an order of battle.
type OBSquad struct {
	Name    string     `json:"name"`
	Officer string     `json:"officer"`
	Arm     string     `json:"arm"`
	Quality string     `json:"quality"`
	Weapon  string     `json:"weapon"`
	Melee   string     `json:"melee"`
	Figures []OBFigure `json:"figures"`
}

// An OBFigure is a figure: a JSON string "Harris (sharpshooter)" or an object.
type OBFigure struct {
	Name   string   `json:"name"`
	Traits []string `json:"traits"`
}

// UnmarshalJSON reads a figure written as a string or as an object.
func (f *OBFigure) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		its, err := ParseEntries(s)
		if err != nil || len(its) != 1 {
			return fmt.Errorf("figure %q: give one name with traits in brackets", s)
		}
		*f = obFigure(its[0])
		return nil
	}
	type plain OBFigure
	return json.Unmarshal(b, (*plain)(f))
}

func obFigure(it Entry) OBFigure {
	f := OBFigure{Name: it.Name}
	for t := range it.Traits {
		f.Traits = append(f.Traits, t)
	}
	slices.Sort(f.Traits)
	return f
}

// DecodeOrderOfBattle reads an order of battle file: JSON when it starts with
// "{", the compact text otherwise.
func DecodeOrderOfBattle(content string) (OrderOfBattle, error) {
	if !strings.HasPrefix(strings.TrimSpace(content), "{") {
		return ParseOrderOfBattle(content)
	}
	var ob OrderOfBattle
	dec := json.NewDecoder(strings.NewReader(content))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&ob); err != nil {
		return ob, rules.Breachf("The order of battle is not valid JSON for Green Jackets: %s.", clip(err.Error(), 200))
	}
	return ob, nil
}

func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// ParseOrderOfBattle reads the compact order of battle: one entry a line (or separated by ';'):
//
//	character: Captain Fothergill | officer | British | veteran | british
//	squad: Rifles 1 | Captain Fothergill | infantry | veteran | rifle | sword | Harris (sharpshooter), Hagman, Cooper
func ParseOrderOfBattle(s string) (OrderOfBattle, error) {
	var ob OrderOfBattle
	for _, line := range strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == ';' }) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		kind, rest, ok := strings.Cut(line, ":")
		parts := strings.Split(rest, "|")
		for i := range parts {
			parts[i] = strings.TrimSpace(parts[i])
		}
		at := func(i int) string {
			if i < len(parts) {
				return parts[i]
			}
			return ""
		}
		switch strings.ToLower(strings.TrimSpace(kind)) {
		case "character":
			ob.Characters = append(ob.Characters, OBCharacter{Name: at(0), Rank: at(1), Side: at(2), Quality: at(3), Nation: at(4)})
		case "squad":
			sq := OBSquad{Name: at(0), Officer: at(1), Arm: at(2), Quality: at(3), Weapon: at(4), Melee: at(5)}
			its, err := ParseEntries(at(6))
			if err != nil {
				return ob, err
			}
			for _, it := range its {
				sq.Figures = append(sq.Figures, obFigure(it))
			}
			ob.Squads = append(ob.Squads, sq)
		default:
			ok = false
		}
		if !ok {
			return ob, rules.Breachf("%q: start each line with `character:` or `squad:`.", clip(line, 80))
		}
	}
	return ob, nil
}
