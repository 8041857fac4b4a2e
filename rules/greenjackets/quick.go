package greenjackets

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// A quick ruling (no battle in the channel, or nothing on its roster named)
// is the same move as against the roster, on a board built from the ruling's
// options with no turn running: no AP are counted, and the board is dropped.

// QuickUnit is the name of the one squad of a quick board.
const QuickUnit = "the squad"

// QuickActor is who rules a quick ruling: anyone, as the umpire of the
// board built for it.
var QuickActor = rules.Actor{Umpire: true}

// QuickFirers are the figures of a quick fire ruling: Count alike.
type QuickFirers struct {
	Weapon                                  Weapon
	Quality                                 Quality
	Count                                   int
	Sharpshooter, Wounded, Aimed, Tap, Euro bool
}

// QuickFireBoard is a squad "rifle × 3" of figures "rifle 1" … (one: "the
// rifle"); a weapon that is not a small arm is a breach.
func QuickFireBoard(q QuickFirers) (*Board, string, error) {
	s := &Squad{Name: string(q.Weapon) + " × " + strconv.Itoa(q.Count), Arm: Infantry, Quality: q.Quality, Morale: Steady}
	for i := range q.Count {
		name := string(q.Weapon) + " " + strconv.Itoa(i+1)
		if q.Count == 1 {
			name = "the " + string(q.Weapon)
		}
		s.Figures = append(s.Figures, &Figure{Name: name, Weapon: q.Weapon, Quality: q.Quality, Sharpshooter: q.Sharpshooter,
			Serious: boolInt(q.Wounded), Aimed: q.Aimed, Tap: q.Tap, European: q.Euro, Loaded: true})
	}
	if _, _, err := FireColumnFor(Firer{Name: s.Figures[0].Name, Weapon: q.Weapon}); err != nil {
		return nil, "", err
	}
	return quickBoard(s), s.Name, nil
}

func boolInt(v bool) int {
	if v {
		return 1
	}
	return 0
}

func quickBoard(squads ...*Squad) *Board {
	b := NewBoard()
	b.Squads = squads
	return b
}

// QuickMoveBoard is a squad of the arm that has moved moved inches this turn
// and ran ranAgo turns ago (0: never); artillery unlimbered has its gun.
func QuickMoveBoard(name string, arm Arm, moved float64, ranAgo int, limbered bool) *Board {
	s := &Squad{Name: nameOr(name, QuickUnit), Arm: arm, Quality: Trained, Morale: Steady, Moved: moved, Limbered: limbered,
		Figures: []*Figure{{Name: "a figure", Weapon: None, Quality: Trained}}}
	if (arm == Artillery || arm == Gun) && !limbered {
		s.Arm = Artillery
		s.Figures = append(s.Figures, &Figure{Name: "the gun", Arm: Gun, Weapon: Cannon, Quality: Trained})
	}
	b := quickBoard(s)
	if ranAgo > 0 {
		b.Turn = Turn{Number: ranAgo + 1, Ended: true, Pos: -1}
		s.RanTurn = 1
	}
	s.MovedTurn = b.Turn.Number
	return b
}

// QuickReloadBoard is one unnamed figure with the weapon, done reloading
// actions into its load, in a gun's squad that lost crewLost crew; a figure
// with no firearm is a breach.
func QuickReloadBoard(w Weapon, tap bool, done, crewLost int) (*Board, error) {
	if _, err := ReloadNeeded(w, tap, crewLost); err != nil {
		return nil, err
	}
	s := &Squad{Name: QuickUnit, Arm: Infantry, Quality: Trained, Morale: Steady,
		Figures: []*Figure{{Weapon: w, Quality: Trained, Tap: tap, Reloading: done}}}
	if w == Cannon {
		s.Figures[0].Arm, s.Figures[0].Ammo = Gun, Roundshot
		for range crewLost {
			s.Figures = append(s.Figures, &Figure{Name: "a lost crewman", Arm: Artillery, Weapon: None, Quality: Trained, Dead: true})
		}
	}
	return quickBoard(s), nil
}

// QuickSquadBoard is a squad of the quality in the morale state, dead of its
// figures dead.
func QuickSquadBoard(q Quality, m Morale, dead int) *Board {
	s := &Squad{Name: QuickUnit, Arm: Infantry, Quality: q, Morale: m, Figures: []*Figure{{Name: "a figure", Weapon: None, Quality: q}}}
	for range dead {
		s.Figures = append(s.Figures, &Figure{Name: "a dead figure", Weapon: None, Quality: q, Dead: true})
	}
	return quickBoard(s)
}

// QuickGunBoard is a crewed gun "the gun", loaded with ammo.
func QuickGunBoard(ammo Ammo) *Board {
	return quickBoard(&Squad{Name: QuickUnit, Arm: Artillery, Quality: Trained, Morale: Steady, Figures: []*Figure{
		{Name: "the gun", Arm: Gun, Weapon: Cannon, Quality: Trained, Loaded: true, Ammo: ammo},
		{Name: "a gunner", Weapon: None, Quality: Trained}}})
}

// QuickTarget is the one target of a quick effect-of-hits ruling.
type QuickTarget struct {
	Name                        string
	Character, Mounted, Wounded bool
}

// QuickHitBoard holds the target alone: a character, or a figure (a
// cavalryman when mounted).
func QuickHitBoard(t QuickTarget) *Board {
	b := NewBoard()
	if t.Character {
		b.Characters = []*Character{{Name: t.Name, Rank: RankOfficer, Quality: Trained, Serious: boolInt(t.Wounded)}}
		return b
	}
	arm := Infantry
	if t.Mounted {
		arm = LightCavalry
	}
	b.Squads = []*Squad{{Name: "the target's squad", Arm: arm, Quality: Trained, Morale: Steady,
		Figures: []*Figure{{Name: t.Name, Weapon: None, Quality: Trained, Serious: boolInt(t.Wounded)}}}}
	return b
}

// QuickObserverBoard holds the officer alone.
func QuickObserverBoard(officer string) *Board {
	b := NewBoard()
	b.Characters = []*Character{{Name: officer, Rank: RankOfficer, Quality: Trained}}
	return b
}

// QuickFire is a fire ruling for q.Count figures alike, with every factor
// given: without a target it is titled by the firers and their ranges, and
// any hit is left to roll its effect with /greenjackets hit.
func QuickFire(src dice.Source, q QuickFirers, o FireOrder, h House) (rules.Ruling, error) {
	quick, squad, err := QuickFireBoard(q)
	if err != nil {
		return rules.Ruling{}, err
	}
	o.Actor, o.Squads = QuickActor, []string{squad}
	out, err := quick.Fire(src, o, h)
	if err != nil {
		return rules.Ruling{}, err
	}
	r := out.Ruling
	if o.Target.Name == "" {
		r.Title = "Fire: " + rules.Plural(q.Count, string(q.Weapon), string(q.Weapon)+"s") + " " + rangeText(o.Range, o.Ranges, q.Count)
	}
	if !strings.HasPrefix(r.Result, "0 hits") && !strings.HasPrefix(r.Result, "Out of range") {
		r.Result += " Roll each hit's effect with /greenjackets hit."
	}
	return r, nil
}

// rangeText is "at 8\"", or each figure's range: "at 8\", 10\"".
func rangeText(rng float64, list []float64, n int) string {
	rs := make([]string, n)
	same := true
	for i := range rs {
		v := rng
		if i < len(list) {
			v = list[i]
		}
		rs[i] = inches(v)
		same = same && rs[i] == rs[0]
	}
	if same {
		return "at " + rs[0]
	}
	return "at " + strings.Join(rs, ", ")
}

// QuickReload is one reloading action (G11) by one figure with the weapon,
// done actions already into its load, in a gun's squad that lost crewLost
// crew: how many of the actions its load needs are done, and whether it is
// loaded.
func QuickReload(w Weapon, o ReloadOrder, done, crewLost int) (rules.Ruling, error) {
	quick, err := QuickReloadBoard(w, o.Tap, done, crewLost)
	if err != nil {
		return rules.Ruling{}, err
	}
	o.Actor, o.Squads = QuickActor, []string{QuickUnit}
	out, loads, err := quick.Reload(o)
	if err != nil {
		return rules.Ruling{}, err
	}
	r := rules.Ruling{Ruleset: ID, Title: "Reload: " + string(w), Steps: out.Ruling.Steps, Readings: []rules.Reading{Readings["G11"]},
		Result: fmt.Sprintf("%d of %d reloading actions done.", loads[0].Done, loads[0].Needed)}
	if loads[0].Loaded {
		r.Result = "Loaded: " + r.Result
	}
	return r, nil
}
