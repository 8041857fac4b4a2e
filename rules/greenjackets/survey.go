package greenjackets

import (
	"fmt"
	"slices"
	"strings"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
	"github.com/referee-bot/referee/rules/tabletop"
)

// A Glimpse is an enemy section on the table that an officer may spot (G6):
// the nearest of its members he sees, how far off and in what cover (Look).
type Glimpse struct {
	Section, Member string
	Range           float64
	Cover           Cover
}

// Glimpses are what officer sees on the table of each of sections (by the
// name it goes by, the names of its members): the nearest member in his
// line of sight, with its range and cover. A section none of whose members
// stand on the table, or all out of his sight, is not among them. Sections
// come in the order of their names.
func Glimpses(t tabletop.Table, officer tabletop.Unit, sections map[string][]string) []Glimpse {
	keys := make([]string, 0, len(sections))
	for k := range sections {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var out []Glimpse
	for _, k := range keys {
		var best *Glimpse
		for _, m := range sections[k] {
			u, ok := t.Unit(m)
			if !ok {
				continue
			}
			v, err := Look(t, officer, u)
			if err != nil || best != nil && v.Range >= best.Range {
				continue
			}
			best = &Glimpse{Section: k, Member: u.Name, Range: v.Range, Cover: v.Cover}
		}
		if best != nil {
			out = append(out, *best)
		}
	}
	return out
}

// UnseenSections are the enemy sections side has not seen, by the name of
// the character who leads each, with the names of its members: him, his
// squads and their figures (what Glimpses looks for on the table).
func (b *Board) UnseenSections(side string) map[string][]string {
	out := map[string][]string{}
	for _, c := range b.Characters {
		if !Same(c.Side, side) && !c.SeenBy(side, c.Side) {
			out[c.Name] = b.unitsOf(c)
		}
	}
	return out
}

// A SurveyOrder is an officer's observation roll on the table with no
// target named (G6): he looks at the enemy sections his side has not seen,
// as Glimpses measured them on the table.
type SurveyOrder struct {
	Actor    rules.Actor
	Officer  string
	Speed    Speed
	Glimpses []Glimpse
}

// Survey resolves an observation on the table with no target named: one
// d20 (one roll per officer per move) read against the spotting chart for
// each section glimpsed, at its measured range and cover; each it spots is
// revealed to his side. The ruling names only what he spots: a section he
// does not spot is not in it, nor is its chance, so that it tells his side
// nothing of what it has not seen; the roll is made whatever he glimpses.
func (b *Board) Survey(src dice.Source, o SurveyOrder) (Outcome, error) {
	return atomically(b, func(b *Board) (Outcome, error) {
		c := b.Character(o.Officer)
		if c == nil {
			return Outcome{}, rules.Breachf("There is no character called %s on the roster.", rules.Inert(o.Officer))
		}
		if err := mayCommand(o.Actor, c, "observe for "+c.Name); err != nil {
			return Outcome{}, err
		}
		if b.Running() && c.Observed == b.Turn.Number {
			return Outcome{}, rules.Breachf("%s has already made his observation roll this move (G6: one per officer per move).", c.Name)
		}
		ord, err := b.orderFor(c, nil, 0, actObserve)
		if err != nil {
			return Outcome{}, err
		}
		mods := observerModifiers(o.Speed)
		roll := d20(src)
		r := rules.Ruling{Ruleset: ID, Title: fmt.Sprintf("Observation: %s looks about", c.Name), Readings: []rules.Reading{reading("G6"), surveyReading}}
		r.Steps = []rules.Step{{What: c.Name + " observes", Roll: roll, Modifiers: mods}}
		var spotted []string
		for _, g := range o.Glimpses {
			t := b.Character(g.Section)
			if t == nil || Same(t.Side, c.Side) || t.SeenBy(c.Side, t.Side) {
				continue
			}
			m := slices.Clone(mods)
			if b.prone(g.Member) {
				m = append(m, enemyProne)
			}
			bi := band(SpottingBands, g.Range)
			base := SpottingChart[g.Cover][bi]
			need := base + rules.Sum(m)
			if base != Automatic && roll.Total > need {
				continue
			}
			step := rules.Step{What: fmt.Sprintf("%s, %s off", g.Member, inches(tabletop.Tenth(g.Range))), Table: "spotting chart",
				Row: fmt.Sprintf("%s, %s\"", g.Cover, SpottingBands[bi].Name), Result: "spotted"}
			if base == Automatic {
				step.Result = "automatic"
			} else {
				step.Base, step.Modifiers, step.Need = intp(base), m[len(mods):], fmt.Sprintf("≤ %d", need)
			}
			r.Steps = append(r.Steps, step)
			label := section{key: t.Name, side: t.Side}.label()
			spotted = append(spotted, fmt.Sprintf("%s (%s, %s off)", label, g.Member, inches(tabletop.Tenth(g.Range))))
			b.spotted(c, t.Name)
			if b.Running() {
				c.spot(t.Name, false)
			}
		}
		if b.Running() {
			c.Observed = b.Turn.Number
		}
		r.Steps[0].Result = fmt.Sprintf("%d section(s) spotted", len(spotted))
		r.Result = fmt.Sprintf("%s spots nothing his side has not seen.", c.Name)
		if len(spotted) > 0 {
			r.Result = fmt.Sprintf("Spotted: %s sees %s.", c.Name, strings.Join(spotted, ", "))
		}
		return Outcome{Ruling: r, Notes: []string{ord.pay(b)}}, nil
	})
}

// surveyReading is how an observation with no target reads the table.
var surveyReading = rules.Reading{ID: "G6",
	Text: "on the table, with no target named, the one roll is read for each enemy section his side has not seen, at the range and cover of its nearest member in his line of sight; only what he spots is told."}

// prone reports whether the figure, squad or character called name lies
// prone: a squad when all its figures do.
func (b *Board) prone(name string) bool {
	if s := b.Squad(name); s != nil {
		for _, f := range s.Figures {
			if !f.Prone && !f.Dead {
				return false
			}
		}
		return len(s.Figures) > 0
	}
	if _, f := b.Figure(name); f != nil {
		return f.Prone
	}
	return false
}
