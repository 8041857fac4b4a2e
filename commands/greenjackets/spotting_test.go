package greenjackets_test

import (
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/greenjackets"
	"github.com/referee-bot/referee/commands/interaction"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

// A spotStep is one command in a spotting scenario: refused names the
// refusal expected ("" for success), want what the answer must show.
type spotStep struct {
	u       interaction.User
	path    string
	opts    []any
	refused string
	want    []string
}

var (
	// fothergillActs calls count 6, where Fothergill acts with 6 AP.
	fothergillActs = []spotStep{{u: umpire, path: "turn next"}, {u: pSharpe, path: "act"}}
	fireThird      = []any{"squad", "Third", "target", "Voltigeurs", "range", 10.0}
	meleeHarris    = []any{"attackers", "Harris", "defenders", "Leclerc"}
	// endTurn calls counts 5 to Ace, the count past Ace and the end of the turn.
	endTurn = []spotStep{{u: umpire, path: "turn next"}, {u: umpire, path: "turn next"}, {u: umpire, path: "turn next"},
		{u: umpire, path: "turn next"}, {u: umpire, path: "turn next"}, {u: umpire, path: "turn next"}, {u: umpire, path: "turn next"}}
)

func steps(groups ...[]spotStep) []spotStep {
	var out []spotStep
	for _, g := range groups {
		out = append(out, g...)
	}
	return out
}

// Section 5: "In order to move into melee or fire at the enemy it is necessary
// to spot them … automatic if the parties actually move into contact. Each
// officer may make 1 roll per move attempting to spot other sections."
func TestSpottingBeforeFireAndMelee(t *testing.T) {
	for _, tc := range []struct {
		name  string
		steps []spotStep
		check func(b *greenjackets.Board) string
	}{
		{name: "not observed: fire refused", steps: steps(fothergillActs, []spotStep{
			{u: pSharpe, path: "greenjackets fire", opts: fireThird, refused: "observe first (`/greenjackets observe officer:\"Capt Fothergill\" target:\"Capt Dubois\"`)"},
		})},
		{name: "observation fails: fire refused", steps: steps(fothergillActs, []spotStep{
			// Hard cover at 46"+ is 3; charging −3, prone −2: no roll can spot.
			{u: pSharpe, path: "greenjackets observe", opts: []any{"officer", "Capt Fothergill", "target", "Voltigeurs", "range", 50.0, "cover", "hard", "speed", "run", "enemy-prone", true},
				want: []string{"Not spotted", "Capt Dubois's section is not spotted"}},
			{u: pSharpe, path: "greenjackets fire", opts: fireThird, refused: "has not spotted Capt Dubois's section this turn"},
		}), check: func(b *greenjackets.Board) string {
			if c := b.Character("Capt Fothergill"); len(c.Spotted) != 0 || c.AP != 5 {
				return "a failed observation is recorded or not paid for"
			}
			return ""
		}},
		{name: "observation succeeds: fire allowed", steps: steps(fothergillActs, []spotStep{
			{u: pSharpe, path: "greenjackets observe", opts: []any{"officer", "Capt Fothergill", "target", "Leclerc", "range", 10.0},
				want: []string{"Capt Dubois's section is spotted: Capt Fothergill's squads may fire at it this turn"}},
			{u: pSharpe, path: "greenjackets fire", opts: fireThird, want: []string{"G6", "spotted this turn by observation"}},
		}), check: func(b *greenjackets.Board) string {
			if c := b.Character("Capt Fothergill"); len(c.Spotted) != 1 || c.Spotted[0] != (greenjackets.Sighting{Section: "Capt Dubois"}) {
				return "the sighting is not recorded"
			}
			return ""
		}},
		{name: "second observation in a move refused", steps: steps(fothergillActs, []spotStep{
			{u: pSharpe, path: "greenjackets observe", opts: []any{"officer", "Capt Fothergill", "target", "Voltigeurs", "range", 10.0}},
			{u: pSharpe, path: "greenjackets observe", opts: []any{"officer", "Capt Fothergill", "target", "Voltigeurs", "range", 10.0}, refused: "one per officer per move"},
		})},
		{name: "new turn clears the sightings", steps: steps(fothergillActs, []spotStep{
			{u: pSharpe, path: "greenjackets observe", opts: []any{"officer", "Capt Fothergill", "target", "Voltigeurs", "range", 10.0}},
		}, endTurn, []spotStep{
			{u: umpire, path: "turn new"},
		}), check: func(b *greenjackets.Board) string {
			if c := b.Character("Capt Fothergill"); b.Turn.Number != 2 || len(c.Spotted) != 0 {
				return "turn 2 keeps turn 1's sightings"
			}
			return ""
		}},
		{name: "house rule off: no check", steps: steps([]spotStep{
			{u: umpire, path: "game house-rule", opts: []any{"name", gj.HouseSpotting, "value", "off"}},
		}, fothergillActs, []spotStep{
			{u: pSharpe, path: "greenjackets fire", opts: fireThird, want: []string{"spotting=off"}},
		})},
		{name: "melee needs spotting; contact spots", steps: steps(fothergillActs, []spotStep{
			{u: pSharpe, path: "greenjackets melee", opts: meleeHarris, refused: "or give contact:true"},
			{u: pSharpe, path: "greenjackets melee", opts: append(meleeHarris, "contact", true), want: []string{"spotted this turn by contact"}},
			{u: pSharpe, path: "greenjackets fire", opts: fireThird, want: []string{"spotted this turn by contact"}},
		}), check: func(b *greenjackets.Board) string {
			f, d := b.Character("Capt Fothergill"), b.Character("Capt Dubois")
			if len(f.Spotted) != 1 || !f.Spotted[0].Contact || len(d.Spotted) != 1 || d.Spotted[0].Section != "Capt Fothergill" {
				return "contact did not spot both ways"
			}
			return ""
		}},
		{name: "melee after observation; later rounds need none", steps: steps(fothergillActs, []spotStep{
			{u: pSharpe, path: "greenjackets melee", opts: append(meleeHarris, "first-round", false)},
			{u: pSharpe, path: "greenjackets observe", opts: []any{"officer", "Capt Fothergill", "target", "Capt Dubois", "range", 5.0}},
			{u: pSharpe, path: "greenjackets melee", opts: meleeHarris, want: []string{"spotted this turn by observation"}},
		})},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := fothergillTable(t)
			for _, st := range tc.steps {
				if st.refused != "" {
					tb.Refused(st.refused, st.u, st.path, st.opts...)
					continue
				}
				resp := tb.Detailed(tb.Channel, st.u, tb.OK(st.u, st.path, st.opts...))
				for _, w := range st.want {
					if txt := commandstest.Text(resp); !strings.Contains(txt, w) {
						t.Errorf("%s: want %q in\n%s", st.path, w, txt)
					}
				}
			}
			if tc.check != nil {
				if msg := tc.check(tb.board()); msg != "" {
					t.Error(msg)
				}
			}
		})
	}
}
