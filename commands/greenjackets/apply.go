package greenjackets

import (
	"fmt"
	"slices"

	"github.com/referee-bot/referee/commands/render"
	gj "github.com/referee-bot/referee/rules/greenjackets"
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

// hitTarget is the pure rules' view of a target.
func (t target) hitTarget() gj.HitTarget {
	if t.char != nil {
		return gj.HitTarget{Name: t.char.Name, Character: true, SeriouslyWounded: t.char.Serious > 0}
	}
	return gj.HitTarget{Name: t.fig.Name, Mounted: t.squad.ArmOf(t.fig).Mounted() && t.fig.Horse != "down", SeriouslyWounded: t.fig.Serious > 0}
}

// targets finds a name on the roster: a squad (its living figures), a figure or a character.
func targets(b *Board, name string) []target {
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

// applyHit records what a hit did; it returns a note for the roster field.
func applyHit(b *Board, t target, h gj.Hit) string {
	who := render.Inert(t.name())
	if t.char != nil {
		c := t.char
		switch h.Effect {
		case gj.LightWound:
			c.Light++
			return fmt.Sprintf("%s: light wound recorded (%s; G13: no effect unless a house rule says so).", who, h.Location)
		case gj.Stunned:
			c.StunnedUntil = max(c.StunnedUntil, b.StunUntil(c.Name))
			return fmt.Sprintf("%s is stunned through turn %d.", who, c.StunnedUntil)
		case gj.Serious:
			c.Serious++
			return who + " is seriously wounded."
		case gj.Dead:
			killCharacter(b, c)
			return who + " is dead; his squads owe a morale test."
		}
		return ""
	}
	f, s := t.fig, t.squad
	if h.OnHorse {
		if h.Effect == gj.Stunned {
			f.Horse, f.HorseUntil = "stunned", b.StunUntil(s.Officer)
			return fmt.Sprintf("%s's horse is stunned through turn %d.", who, f.HorseUntil)
		}
		f.Horse = "down"
		return fmt.Sprintf("%s's horse is down (%s): he fights and moves on foot.", who, h.Effect)
	}
	switch h.Effect {
	case gj.LightWound:
		f.Light++
		return who + ": light wound recorded."
	case gj.Stunned:
		f.StunnedUntil = max(f.StunnedUntil, b.StunUntil(s.Officer))
		return fmt.Sprintf("%s is stunned through turn %d: no firing, reloading or moving.", who, f.StunnedUntil)
	case gj.Serious:
		f.Serious++
		return who + " is seriously wounded: −4 to fire, −3 in melee, movement halved."
	case gj.Dead:
		killFigure(s, f)
		return fmt.Sprintf("%s is dead; %s owes a morale test.", who, render.Inert(s.Name))
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

func killCharacter(b *Board, c *Character) {
	if c.Dead {
		return
	}
	c.Dead = true
	for _, s := range b.SquadsOf(c) {
		s.Owed++
	}
	if c.State == OnMove {
		c.State, c.AP = Acted, 0
	}
	b.Turn.Order = slices.DeleteFunc(b.Turn.Order, func(n string) bool { return same(n, c.Name) })
}

// applyMisfire records a misfire's effect on the firer.
func applyMisfire(b *Board, s *Squad, f *Figure, m gj.Misfire) string {
	who := render.Inert(f.Name)
	switch m {
	case gj.Phut:
		return who + ": phut! No shot; the weapon is unloaded."
	case gj.MisfireStunned:
		f.StunnedUntil = max(f.StunnedUntil, b.StunUntil(s.Officer))
		return fmt.Sprintf("%s is stunned by his own misfire, through turn %d.", who, f.StunnedUntil)
	case gj.MisfireWounded:
		if f.Serious > 0 {
			killFigure(s, f)
			return fmt.Sprintf("%s's misfire is a second serious wound: he is dead; %s owes a morale test.", who, render.Inert(s.Name))
		}
		f.Serious++
		return who + " is seriously wounded by his own misfire."
	}
	return ""
}

// unload empties a figure's weapon after firing.
func unload(f *Figure) { f.Loaded, f.Aimed, f.Tap, f.Reloading = false, false, false, 0 }
