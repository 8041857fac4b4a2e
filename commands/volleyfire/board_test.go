package volleyfire

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/render"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// The definition is one Discord accepts: names, descriptions, counts, and
// required options before optional ones.
func TestDefinition(t *testing.T) {
	name := regexp.MustCompile(`^[-_\p{Ll}\p{N}]{1,32}$`)
	var check func(path string, opts []*discordgo.ApplicationCommandOption)
	check = func(path string, opts []*discordgo.ApplicationCommandOption) {
		if len(opts) > 25 {
			t.Errorf("%s has %d options, more than 25", path, len(opts))
		}
		optional := false
		seen := map[string]bool{}
		for _, o := range opts {
			p := path + " " + o.Name
			if !name.MatchString(o.Name) || seen[o.Name] {
				t.Errorf("%s: bad or repeated name", p)
			}
			seen[o.Name] = true
			if n := len([]rune(o.Description)); n < 1 || n > 100 {
				t.Errorf("%s: description of %d characters", p, n)
			}
			if o.Required && optional {
				t.Errorf("%s: required after an optional option", p)
			}
			optional = optional || !o.Required
			if len(o.Choices) > 25 {
				t.Errorf("%s: %d choices", p, len(o.Choices))
			}
			if o.Type == discordgo.ApplicationCommandOptionSubCommand {
				check(p, o.Options)
			}
		}
	}
	if len(Definition.Description) > 100 {
		t.Errorf("description too long")
	}
	check("/"+Definition.Name, Definition.Options)
	// Discord caps a command's names, descriptions and choices at 8000 characters in all.
	total := len(Definition.Name) + len(Definition.Description)
	var count func(opts []*discordgo.ApplicationCommandOption)
	count = func(opts []*discordgo.ApplicationCommandOption) {
		for _, o := range opts {
			total += len([]rune(o.Name)) + len([]rune(o.Description))
			for _, c := range o.Choices {
				total += len([]rune(c.Name)) + len([]rune(c.Value.(string)))
			}
			count(o.Options)
		}
	}
	count(Definition.Options)
	if total > 8000 {
		t.Errorf("/%s has %d characters of names, descriptions and choices; Discord allows 8000", Definition.Name, total)
	}
	t.Logf("/%s: %d of 8000 characters", Definition.Name, total)
}

func testBoard() *vf.Board {
	return &vf.Board{
		Units: []vf.RosterUnit{
			{Unit: vf.Unit{Name: "1st Foot", Kind: vf.Infantry, Bases: 5, Formation: vf.Line, Weapon: vf.Musket, Nation: vf.British, Loaded: true}, Side: "Allies", Start: 6},
			{Unit: vf.Unit{Name: "Voltigeurs", Kind: vf.Infantry, Bases: 4, Formation: vf.Skirmish, Weapon: vf.Musket, Loaded: true}, Side: "French", Start: 4},
		},
		Commanders: []vf.Commander{{General: vf.General{Name: "Picton", Nation: vf.British}, Side: "Allies", Joined: "1st Foot"}},
		Combats:    []vf.Melee{{Chargers: []vf.Engaged{{Unit: "1st Foot", Charged: true}}, Defenders: []vf.Engaged{{Unit: "Voltigeurs"}}, Facing: vf.Front}},
	}
}

func TestStatusAndLosses(t *testing.T) {
	raw, _ := json.Marshal(testBoard())
	g := &battle.Game{Board: raw}
	fields, err := (Ruleset{}).Status(g)
	if err != nil || len(fields) != 4 {
		t.Fatalf("Status = %v, %v", fields, err)
	}
	if !strings.Contains(fields[1].Value, "with Picton") || !strings.Contains(fields[3].Value, "1st Foot → Voltigeurs") {
		t.Errorf("Status fields = %+v", fields)
	}
	l, err := (Ruleset{}).Losses(g)
	if err != nil || !strings.Contains(l, "**Allies**: lost 1 of 6 bases") {
		t.Errorf("Losses = %q, %v", l, err)
	}
}

func TestTopicsCoverEveryReading(t *testing.T) {
	var all strings.Builder
	for _, tp := range (Ruleset{}).Topics() {
		n := 0
		for _, r := range tp.Readings {
			n += len(r.ID) + len(r.Text) + 12
		}
		if n > render.MaxFieldValue {
			t.Errorf("topic %s: readings of %d bytes do not fit a field", tp.Name, n)
		}
		all.WriteString(tp.Body)
		for _, r := range tp.Readings {
			all.WriteString(r.ID + " ")
		}
	}
	for _, id := range []string{"V1", "V2", "V3", "V4", "V5", "V6", "V7", "V8"} {
		if !strings.Contains(all.String(), id) {
			t.Errorf("no topic shows %s", id)
		}
	}
	for _, h := range vf.HouseRules {
		if !strings.Contains(all.String(), h.Name) {
			t.Errorf("no topic names house rule %s", h.Name)
		}
	}
}
