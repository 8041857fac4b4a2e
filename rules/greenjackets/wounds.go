package greenjackets

import (
	"fmt"
	"slices"
)

// A target is a figure (with its squad) or a character on the roster.
type target struct {
	squad *Squad
	fig   *Figure
	char  *Character
}

func (t target) name() string {
	if t.char != nil {
		return t.char.Name
	}
	return t.fig.Name
}

func (t target) dead() bool {
	if t.char != nil {
		return t.char.Dead
	}
	return t.fig.Dead
}

// unit is the name of what the target moves with: its squad, or the character himself.
func (t target) unit() string {
	if t.char != nil {
		return t.char.Name
	}
	return t.squad.Name
}

// hitTarget is the chart's view of a target.
func (t target) hitTarget() HitTarget {
	if t.char != nil {
		return HitTarget{Name: t.char.Name, Character: true, SeriouslyWounded: t.char.Serious > 0}
	}
	return HitTarget{Name: t.fig.Name, Mounted: t.squad.Mounted(t.fig), SeriouslyWounded: t.fig.Serious > 0}
}

// targets finds a name on the roster: a squad (its living figures), a figure or a character.
func (b *Board) targets(name string) []target {
	if s := b.Squad(name); s != nil {
		var out []target
		for _, f := range s.Living() {
			out = append(out, target{squad: s, fig: f})
		}
		return out
	}
	if s, f := b.Figure(name); f != nil {
		return []target{{squad: s, fig: f}}
	}
	if c := b.Character(name); c != nil {
		return []target{{char: c}}
	}
	return nil
}

// commander is the character a target answers to (nil: the umpire's).
func (b *Board) commander(t target) *Character {
	if t.char != nil {
		return t.char
	}
	return b.Character(t.squad.Officer)
}

// applyHit records what a hit did; it returns a note for the roster.
func (b *Board) applyHit(t target, h Hit) string {
	who := t.name()
	if t.char != nil {
		c := t.char
		switch h.Effect {
		case LightWound:
			c.Light++
			return fmt.Sprintf("%s: light wound recorded (%s; G13: no effect on fire or melee unless a house rule says so; G7a: he moves at half speed).", who, h.Location)
		case Stunned:
			c.StunnedUntil = max(c.StunnedUntil, b.StunUntil(c.Name))
			return fmt.Sprintf("%s is stunned through turn %d.", who, c.StunnedUntil)
		case Serious:
			c.Serious++
			return who + " is seriously wounded."
		case Dead:
			b.killCharacter(c)
			return who + " is dead; his squads owe a morale test."
		}
		return ""
	}
	f, s := t.fig, t.squad
	if h.OnHorse {
		if h.Effect == Stunned {
			f.Horse, f.HorseUntil = HorseStunned, b.StunUntil(s.Officer)
			return fmt.Sprintf("%s's horse is stunned through turn %d.", who, f.HorseUntil)
		}
		f.Horse = HorseDown
		return fmt.Sprintf("%s's horse is down (%s): he fights and moves on foot.", who, h.Effect)
	}
	switch h.Effect {
	case LightWound:
		f.Light++
		return who + ": light wound recorded."
	case Stunned:
		f.StunnedUntil = max(f.StunnedUntil, b.StunUntil(s.Officer))
		return fmt.Sprintf("%s is stunned through turn %d: no firing, reloading or moving.", who, f.StunnedUntil)
	case Serious:
		f.Serious++
		return who + " is seriously wounded: −4 to fire, −3 in melee, 1\" a move order."
	case Dead:
		killFigure(s, f)
		return fmt.Sprintf("%s is dead; %s owes a morale test.", who, s.Name)
	}
	return ""
}

func killFigure(s *Squad, f *Figure) {
	if f.Dead {
		return
	}
	f.Dead, f.Loaded, f.Aimed = true, false, false
	s.Owed++
}

func (b *Board) killCharacter(c *Character) {
	if c.Dead {
		return
	}
	c.Dead = true
	for _, s := range b.SquadsOf(c) {
		s.Owed++
	}
	if c.State == OnMove {
		b.endMove(c)
	}
	b.Turn.Order = slices.DeleteFunc(b.Turn.Order, func(n string) bool { return Same(n, c.Name) })
}

// applyMisfire records a misfire's effect on the firer.
func (b *Board) applyMisfire(s *Squad, f *Figure, m Misfire) string {
	who := f.Name
	switch m {
	case Phut:
		return who + ": phut! No shot; the weapon is unloaded."
	case MisfireStunned:
		f.StunnedUntil = max(f.StunnedUntil, b.StunUntil(s.Officer))
		return fmt.Sprintf("%s is stunned by his own misfire, through turn %d.", who, f.StunnedUntil)
	case MisfireWounded:
		if f.Serious > 0 {
			killFigure(s, f)
			return fmt.Sprintf("%s's misfire is a second serious wound: he is dead; %s owes a morale test.", who, s.Name)
		}
		f.Serious++
		return who + " is seriously wounded by his own misfire."
	}
	return ""
}

// unload empties a figure's weapon after firing.
func unload(f *Figure) { f.Loaded, f.Aimed, f.Tap, f.Reloading = false, false, false, 0 }

// OnRoster reports whether a name is a figure, a character or a squad with someone standing.
func (b *Board) OnRoster(name string) bool { return len(b.targets(name)) > 0 }
