package greenjackets

import (
	"fmt"
	"slices"
	"strings"

	"github.com/referee-bot/referee/rules"
)

// A campaign's forces are a Board holding only its roster between battles
// (Forces): characters with their quality, possessions and players, squads
// with their named figures, no turn, no cards, no one moved or loaded
// otherwise than a new roster is. A battle is mustered from them (Muster)
// and its result carried back into them (CarryBack, readings K1–K4).

// Forces is the roster of b as a campaign keeps it: every character, squad
// and figure as a new roster would hold it, with what lasts between battles
// (names, ranks, sides, qualities, possessions, players, arms, weapons,
// traits) and nothing of a battle (turn, cards, moves, loads, wounds, morale).
// k says what the campaign keeps besides (light wounds, morale: K2, K3).
func (b *Board) Forces(k rules.Campaign) *Board {
	f := NewBoard()
	for _, c := range b.Characters {
		f.Characters = append(f.Characters, c.fresh(k))
	}
	for _, s := range b.Squads {
		f.Squads = append(f.Squads, s.fresh(k))
	}
	return f
}

func (c *Character) fresh(k rules.Campaign) *Character {
	n := &Character{Name: c.Name, Rank: c.Rank, Side: c.Side, Nation: c.Nation, Player: c.Player, PlayerName: c.PlayerName,
		Quality: c.Quality, Possessions: slices.Clone(c.Possessions)}
	if k.LightKept {
		n.Light = c.Light
	}
	return n
}

func (s *Squad) fresh(k rules.Campaign) *Squad {
	n := &Squad{Name: s.Name, Officer: s.Officer, Arm: s.Arm, Quality: s.Quality, Morale: Steady, Figures: []*Figure{}}
	if k.MoraleKept {
		n.Morale = s.Morale
	}
	for _, f := range s.Figures {
		n.Figures = append(n.Figures, f.fresh(s, k))
	}
	return n
}

func (f *Figure) fresh(s *Squad, k rules.Campaign) *Figure {
	n := &Figure{Name: f.Name, Arm: f.Arm, Weapon: f.Weapon, Melee: f.Melee, Quality: f.Quality,
		Sharpshooter: f.Sharpshooter, Strongman: f.Strongman, European: f.European, Loaded: s.ArmOf(f) != Gun}
	if k.LightKept {
		n.Light = f.Light
	}
	return n
}

// Muster is the board of a new battle from the campaign's forces: the
// characters and squads named (all when none is), a character with the
// squads he commands, a squad with its officer; absent says who misses this
// battle (K2), who is left out, his squad fighting without him.
func Muster(forces *Board, chosen []string, absent func(name string) bool) (*Board, error) {
	pick := map[string]bool{}
	for _, name := range chosen {
		switch c, s := forces.Character(name), forces.Squad(name); {
		case c != nil:
			pick[strings.ToLower(c.Name)] = true
			for _, s := range forces.SquadsOf(c) {
				pick[strings.ToLower(s.Name)] = true
			}
		case s != nil:
			pick[strings.ToLower(s.Name)] = true
			if s.Officer != "" {
				pick[strings.ToLower(s.Officer)] = true
			}
		default:
			if _, f := forces.Figure(name); f != nil {
				return nil, rules.Breachf("%s is a figure; name his squad or its officer.", f.Name)
			}
			return nil, rules.Breachf("There is no character or squad called %s in the campaign's forces.", name)
		}
	}
	chosenOne := func(name string) bool { return len(chosen) == 0 || pick[strings.ToLower(name)] }
	b := NewBoard()
	src := forces.Forces(rules.Campaign{LightKept: true, MoraleKept: true})
	for _, c := range src.Characters {
		if chosenOne(c.Name) && !absent(c.Name) {
			b.Characters = append(b.Characters, c)
		}
	}
	for _, s := range src.Squads {
		if !chosenOne(s.Name) {
			continue
		}
		s.Figures = slices.DeleteFunc(s.Figures, func(f *Figure) bool { return absent(f.Name) })
		if len(s.Figures) == 0 {
			continue
		}
		if b.Character(s.Officer) == nil {
			s.Officer = ""
		}
		b.Squads = append(b.Squads, s)
	}
	if err := rules.CheckMuster(len(b.Characters) == 0 && len(b.Squads) == 0, b.Validate); err != nil {
		return nil, err
	}
	return b, nil
}

// CarryBack is the campaign's forces after a battle fought with some of them
// (its board), with the changes it makes, by K1–K4 as k switches them:
// the dead are gone (K1); the seriously wounded are fit again but miss the
// next battle (Carry.Out, K2); light wounds heal (K2); squads return steady
// (K3); a squad keeps its surviving figures, and what it lost stays lost
// (K4). Every character, squad and figure of the battle comes back as the
// battle left it (the umpire's roster changes in it included); those of the
// forces who did not fight stay as they are; those new in the battle join.
func CarryBack(forces, battle *Board, k rules.Campaign) (*Board, []rules.Carry) {
	next := forces.Forces(rules.Campaign{LightKept: true, MoraleKept: true})
	var out []rules.Carry
	note := func(side, name, of, what, reading string, outNext, gone bool) {
		out = append(out, rules.Carry{Side: side, Name: name, Of: of, What: what, Reading: reading, Out: outNext, Gone: gone})
	}
	// hurt notes a man's wounds and says whether he is gone.
	hurt := func(side, name, of string, dead bool, serious, light int) bool {
		switch {
		case dead && !k.DeadWounded:
			note(side, name, of, "dead: gone from the campaign", "K1", false, true)
			return true
		case dead:
			note(side, name, of, "dead, counted seriously wounded: misses the next battle, then returns", "K1", true, false)
		case serious > 0 && !k.SeriousFit:
			note(side, name, of, "seriously wounded: misses the next battle, then returns", "K2", true, false)
		case serious > 0:
			note(side, name, of, "seriously wounded: fit for the next battle", "K2", false, false)
		}
		switch {
		case light > 0 && !k.LightKept:
			note(side, name, of, fmt.Sprintf("%s healed", rules.Plural(light, "light wound", "light wounds")), "K2", false, false)
		case light > 0:
			note(side, name, of, fmt.Sprintf("keeps %s", rules.Plural(light, "light wound", "light wounds")), "K2", false, false)
		}
		return false
	}
	for _, c := range battle.Characters {
		i := slices.IndexFunc(next.Characters, func(x *Character) bool { return Same(x.Name, c.Name) })
		if hurt(c.Side, c.Name, "", c.Dead, c.Serious, c.Light) {
			if i >= 0 {
				next.Characters = slices.Delete(next.Characters, i, i+1)
			}
			for _, s := range next.Squads {
				if Same(s.Officer, c.Name) {
					s.Officer = ""
				}
			}
			continue
		}
		if i >= 0 {
			next.Characters[i] = c.fresh(k)
		} else {
			next.Characters = append(next.Characters, c.fresh(k))
		}
	}
	for _, s := range battle.Squads {
		side := ""
		if c := battle.Character(s.Officer); c != nil {
			side = c.Side
		}
		i := slices.IndexFunc(next.Squads, func(x *Squad) bool { return Same(x.Name, s.Name) })
		kept := s.fresh(k)
		if s.Morale != Steady && !k.MoraleKept {
			note(side, s.Name, "", fmt.Sprintf("%s: returns steady", s.Morale), "K3", false, false)
		}
		if kept.Officer == "" && i >= 0 { // its officer missed the battle
			kept.Officer = next.Squads[i].Officer
		}
		if next.Character(kept.Officer) == nil {
			kept.Officer = ""
		}
		kept.Figures = kept.Figures[:0]
		for _, f := range s.Figures {
			gone := f.Destroyed
			if gone {
				note(side, f.Name, s.Name, "destroyed: gone from the campaign", "K1", false, true)
			} else {
				gone = hurt(side, f.Name, s.Name, f.Dead, f.Serious, f.Light)
			}
			if !gone {
				kept.Figures = append(kept.Figures, f.fresh(s, k))
			}
		}
		if i >= 0 { // the squad's men who did not fight this battle stay in it
			for _, f := range next.Squads[i].Figures {
				if !slices.ContainsFunc(s.Figures, func(x *Figure) bool { return Same(x.Name, f.Name) }) {
					kept.Figures = append(kept.Figures, f)
				}
			}
		}
		switch {
		case len(kept.Figures) == 0:
			note(side, s.Name, "", "no man left: the squad is gone", "K4", false, true)
			if i >= 0 {
				next.Squads = slices.Delete(next.Squads, i, i+1)
			}
		case i >= 0:
			next.Squads[i] = kept
		default:
			next.Squads = append(next.Squads, kept)
		}
	}
	return next, out
}

// A ForcesEdit is the umpire's change to a campaign's forces between battles:
// the quality of a character, squad or figure (experience, K4), and figures
// added to a squad (reinforcements, K4), typed as in a roster squad.
type ForcesEdit struct {
	Name      string
	Quality   *Quality
	Reinforce []Entry
}

// EditForces changes the forces as e says, in one sentence.
func (b *Board) EditForces(e ForcesEdit) (string, error) {
	return atomically(b, func(b *Board) (string, error) {
		var done []string
		if q := e.Quality; q != nil {
			switch c, s := b.Character(e.Name), b.Squad(e.Name); {
			case c != nil:
				done = append(done, fmt.Sprintf("%s is now %s (was %s)", c.Name, *q, c.Quality))
				c.Quality = *q
			case s != nil:
				done = append(done, fmt.Sprintf("%s is now %s (was %s)", s.Name, *q, s.Quality))
				s.Quality = *q
				for _, f := range s.Figures {
					f.Quality = *q
				}
			default:
				_, f := b.Figure(e.Name)
				if f == nil {
					return "", rules.Breachf("There is no %s in the campaign's forces.", e.Name)
				}
				done = append(done, fmt.Sprintf("%s is now %s (was %s)", f.Name, *q, f.Quality))
				f.Quality = *q
			}
		}
		if len(e.Reinforce) > 0 {
			s := b.Squad(e.Name)
			if s == nil {
				return "", rules.Breachf("Reinforcements join a squad: there is no squad called %s in the campaign's forces.", e.Name)
			}
			w, m := DefaultWeapon(s.Arm), DefaultMelee(s.Arm)
			if len(s.Figures) > 0 {
				w, m = s.Figures[0].Weapon, s.Figures[0].Melee
			}
			if err := b.addFigures(s, e.Reinforce, w, m); err != nil {
				return "", err
			}
			var names []string
			for _, it := range e.Reinforce {
				names = append(names, it.Name)
			}
			done = append(done, fmt.Sprintf("%s joined %s", strings.Join(names, ", "), s.Name))
		}
		if len(done) == 0 {
			return "", rules.Breachf("Say what changes: a quality, or reinforcements for a squad.")
		}
		if err := b.Validate(); err != nil {
			return "", rules.Breachf("That would leave the forces inconsistent: %s.", err)
		}
		return strings.Join(done, "; ") + ".", nil
	})
}

// Enlist adds the roster of a battle's board to the forces, as Forces keeps
// it; a name the forces hold already is refused.
func (b *Board) Enlist(battle *Board) (string, error) {
	return atomically(b, func(b *Board) (string, error) {
		add := battle.Forces(rules.Campaign{})
		for _, c := range add.Characters {
			if err := b.newName("character", c.Name); err != nil {
				return "", err
			}
			b.Characters = append(b.Characters, c)
		}
		figures := 0
		for _, s := range add.Squads {
			if err := b.newName("squad", s.Name); err != nil {
				return "", err
			}
			for _, f := range s.Figures {
				if err := b.newName("figure", f.Name); err != nil {
					return "", err
				}
			}
			figures += len(s.Figures)
			b.Squads = append(b.Squads, s)
		}
		if err := b.Validate(); err != nil {
			return "", rules.Breachf("That would leave the forces inconsistent: %s.", err)
		}
		return fmt.Sprintf("%s and %s with %s enlisted.", rules.Plural(len(add.Characters), "character", "characters"),
			rules.Plural(len(add.Squads), "squad", "squads"), rules.Plural(figures, "figure", "figures")), nil
	})
}

// ParseForcesEdit reads the umpire's change to the forces of name as
// /campaign edit gives it: a quality, figures added to a squad typed as in a
// roster squad ("Cooper, Tongue (sharpshooter)"); "" is not given.
func ParseForcesEdit(name, quality, reinforce string) (ForcesEdit, error) {
	e := ForcesEdit{Name: name}
	if quality != "" {
		q, err := ParseQuality(quality)
		if err != nil {
			return ForcesEdit{}, err
		}
		e.Quality = &q
	}
	if reinforce != "" {
		var err error
		if e.Reinforce, err = ParseEntries(reinforce); err != nil {
			return ForcesEdit{}, err
		}
	}
	return e, nil
}

// RemoveForces takes a character, squad or figure off the forces, in one
// sentence.
func (b *Board) RemoveForces(name string) (string, error) {
	out, err := b.Remove(name)
	return out.Message, err
}

// Traits are what sets a figure of s apart from his squad: "sharpshooter,
// rifle" ("" when nothing does).
func (s *Squad) Traits(f *Figure) string {
	var t []string
	if f.Sharpshooter {
		t = append(t, "sharpshooter")
	}
	if f.Strongman {
		t = append(t, "strongman")
	}
	if f.European {
		t = append(t, "european")
	}
	if f.Quality != s.Quality {
		t = append(t, string(f.Quality))
	}
	if f.Light > 0 {
		t = append(t, fmt.Sprintf("%d light wounds", f.Light))
	}
	return strings.Join(t, ", ")
}
