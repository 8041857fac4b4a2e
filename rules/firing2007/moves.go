package firing2007

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// A FireOutcome is what a fire did to the board.
type FireOutcome struct {
	Ruling rules.Ruling
	Outcome
	// Firer and Target are the two units after the fire.
	Firer, Target Unit
	// FiredAgain: the firer had fired already this turn (the text sets no limit).
	FiredAgain bool
	// Deaths are the generals the fire killed.
	Deaths []Death
}

// A Death is a general killed, with the names of his chain of command, which
// now wait on the umpire (none: his death shakes no unit).
type Death struct {
	General General
	Chain   []string
}

// Fire resolves one unit's fire at another (F3–F5) and applies it: the target
// loses the strength point and is shaken as the score says, the firer is
// marked as having fired, and the generals with the target take the risk
// roll's fate; a general killed leaves his chain of command waiting on the
// umpire. Firing reveals the firer, the target and the generals with it to
// all. A fire the rules do not allow is a *rules.Breach, rolls nothing and
// changes nothing.
func (b *Board) Fire(src dice.Source, o FireOrder, h House) (FireOutcome, error) {
	firer, err := b.seenUnit(o.Side, o.Firer)
	if err != nil {
		return FireOutcome{}, err
	}
	target, err := b.inSight(o.Side, o.Target)
	if err != nil {
		return FireOutcome{}, err
	}
	switch {
	case !o.By.Umpire && firer.Player != o.By.User:
		who := "the umpire"
		if firer.Player != "" && o.Names != nil {
			who = rules.Inert(o.Names(firer.Player)) + " or the umpire"
		}
		return FireOutcome{}, rules.Breachf("%s is not yours to command: only %s can order it to fire.", bold(firer.Name), who)
	case firer.ID == target.ID:
		return FireOutcome{}, rules.Breachf("%s cannot fire at itself.", bold(firer.Name))
	case strings.EqualFold(firer.Side, target.Side):
		return FireOutcome{}, rules.Breachf("%s and %s are both on the %s side.", bold(firer.Name), bold(target.Name), rules.Inert(firer.Side))
	case firer.Strength == 0:
		return FireOutcome{}, rules.Breachf("%s has no strength points left, so it cannot fire.", bold(firer.Name))
	}
	shot := Shot{Firer: firer.firing(), Cover: cmp.Or(o.Cover, target.Cover), Distance: o.Distance, FriendlyInArc: o.FriendlyInArc,
		Overhead: o.Overhead, Clearance: o.Clearance, HigherGround: o.HigherGround, House: h}
	gens := b.generalsWith(target.ID)
	r, out, err := Fire(src, firer.Name, shot, target.target(gens))
	if err != nil {
		return FireOutcome{}, err
	}
	res := FireOutcome{Ruling: r, Outcome: out, FiredAgain: firer.Fired}
	firer.Fired = true
	firer.RevealAll()
	target.RevealAll()
	for _, g := range gens {
		g.RevealAll()
	}
	if out.Lost && !target.Unknown.Strength {
		target.Strength--
	}
	target.Shaken = target.Shaken || out.Shaken
	for i, fate := range out.Generals {
		if d, dead := b.befall(gens[i], fate, o.Entry); dead {
			res.Deaths = append(res.Deaths, d)
		}
	}
	res.Firer, res.Target = *firer, *target
	return res, nil
}

// firing is the unit as the firing factors see it.
func (u *Unit) firing() Firer {
	return Firer{Type: u.Type, Strength: u.Strength, Column: u.Formation == Column, Shaken: u.Shaken}
}

// target is the unit as the fire chart sees it, with the generals at risk.
func (u *Unit) target(gens []*General) Target {
	t := Target{Name: u.Name, Strength: u.Strength, HasStrength: !u.Unknown.Strength,
		Morale: u.Morale, HasMorale: !u.Unknown.Morale, Shaken: u.Shaken}
	for _, g := range gens {
		t.Generals = append(t.Generals, *g)
	}
	return t
}

// befall gives a general the fate of his risk roll; a general killed leaves his
// chain of command waiting on the umpire, recorded with the log entry.
func (b *Board) befall(g *General, o GeneralOutcome, entry int) (Death, bool) {
	g.LightWounds = o.LightWounds
	if o.Fate != Killed {
		return Death{}, false
	}
	g.Dead = true
	if len(g.Chain) > 0 && b.pending(g.ID) < 0 {
		b.Pending = append(b.Pending, Pending{General: g.ID, Entry: entry})
	}
	return Death{General: *g, Chain: b.Names(g.Chain)}, true
}

// A RiskOutcome is what a risk roll did to a general.
type RiskOutcome struct {
	Ruling rules.Ruling
	GeneralOutcome
	// Deaths is his, when it killed him.
	Deaths []Death
}

// Risk rolls the risk chart for a general in play (F5) and applies his fate.
func (b *Board) Risk(src dice.Source, o RiskOrder) (RiskOutcome, error) {
	g, err := b.general(o.General)
	if err != nil {
		return RiskOutcome{}, err
	}
	if g.Out() {
		why := "incapacitated by a second light wound"
		if g.Dead {
			why = "dead"
		}
		return RiskOutcome{}, rules.Breachf("General %s is already out of play (%s).", bold(g.Name), why)
	}
	r, out := Risk(src, *g)
	res := RiskOutcome{Ruling: r, GeneralOutcome: out}
	if d, dead := b.befall(g, out, o.Entry); dead {
		res.Deaths = []Death{d}
	}
	return res, nil
}

// A ChainOutcome is a killed general's chain of command settled: the units
// shaken, and those spared as not within 18".
type ChainOutcome struct {
	General string   `json:"general"`
	Shaken  []string `json:"shaken"`
	Spared  []string `json:"spared"`
}

// SettleChain shakes the units of a killed general's chain of command that the
// umpire says were within 18" (F5), and clears his waiting chain test.
func (b *Board) SettleChain(o ChainOrder) (ChainOutcome, error) {
	g, err := b.general(o.General)
	if o.ID != 0 {
		if g = b.GeneralByID(o.ID); g == nil {
			return ChainOutcome{}, rules.Breachf("That general is no longer on the roster.")
		}
		if b.pending(g.ID) < 0 {
			return ChainOutcome{}, rules.Breachf("General %s's chain of command has already been settled.", bold(g.Name))
		}
	} else if err != nil {
		return ChainOutcome{}, err
	}
	if !g.Dead {
		return ChainOutcome{}, rules.Breachf("General %s is not dead; only a general killed shakes his chain of command.", bold(g.Name))
	}
	within := slices.Clone(g.Chain)
	if !o.All {
		if within, err = b.units(o.Within); err != nil {
			return ChainOutcome{}, err
		}
		for _, id := range within {
			if !slices.Contains(g.Chain, id) {
				return ChainOutcome{}, rules.Breachf("%s is not in General %s's chain of command (%s).",
					bold(b.UnitByID(id).Name), rules.Inert(g.Name), rules.Inert(strings.Join(b.Names(g.Chain), ", ")))
			}
		}
	}
	res := ChainOutcome{General: g.Name, Shaken: []string{}, Spared: []string{}}
	for _, id := range g.Chain {
		u := b.UnitByID(id)
		if slices.Contains(within, id) {
			u.Shaken = true
			res.Shaken = append(res.Shaken, u.Name)
		} else {
			res.Spared = append(res.Spared, u.Name)
		}
	}
	b.settled(g.ID)
	return res, nil
}

// NextTurn begins the next turn: the text has no turn sequence, so the referee
// counts turns and clears the fired-this-turn marks and the sides' ends.
func (b *Board) NextTurn() {
	b.Turn, b.Ended, b.Held = b.Turn+1, nil, nil
	for i := range b.Units {
		b.Units[i].Fired = false
	}
}

// Moment is where the battle stands: its key is the turn ("3"), its text what
// players read ("turn 3").
func (b *Board) Moment() rules.Moment {
	if b.Turn == 0 {
		return rules.Moment{Key: "0", Text: "the start, before turn 1"}
	}
	return rules.Moment{Turn: b.Turn, Key: strconv.Itoa(b.Turn), Text: "turn " + strconv.Itoa(b.Turn)}
}
