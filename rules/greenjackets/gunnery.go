package greenjackets

import (
	"fmt"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// A GunOrder is one shot of a gun (G14–G17).
type GunOrder struct {
	// Command names the gun's squad.
	Command
	// Ammo is what it fires ("": the gun's load).
	Ammo  Ammo
	Range float64
	// Cover is the targets' cover unless an entry says otherwise.
	Cover Cover
	// Placed: the template is placed after a scatter; no burst is rolled and the gun is not reloaded.
	Placed  bool
	British bool
	// Mounted: targets not on the roster are cavalry.
	Mounted bool
	// Targets are the figures the shot can hit: roundshot nearest first;
	// canister and shells with their zone or ring.
	Targets []Entry
}

// A gunTarget is one target of a gun: the roster figure (if any), its cover and the entry as typed.
type gunTarget struct {
	t     *target
	cover Cover
	it    Entry
	name  string
}

func (g gunTarget) mounted(o GunOrder) bool {
	if g.t != nil {
		return g.t.hitTarget().Mounted
	}
	return o.Mounted || g.it.Traits["mounted"] || g.it.Traits["cavalry"]
}

func (g gunTarget) character() bool {
	if g.t != nil {
		return g.t.char != nil
	}
	return g.it.Traits["character"] || g.it.Traits["officer"]
}

func (g gunTarget) wounded() bool {
	if g.t != nil {
		return g.t.hitTarget().SeriouslyWounded
	}
	return g.it.Traits["wounded"]
}

func (g gunTarget) gun() bool {
	return g.it.Traits["gun"] || (g.t != nil && g.t.fig != nil && g.t.squad.ArmOf(g.t.fig) == Gun)
}

func entryCover(it Entry, def Cover) Cover {
	switch {
	case it.Traits["hard"]:
		return Hard
	case it.Traits["soft"]:
		return Soft
	case it.Traits["open"]:
		return Open
	}
	return def
}

// gunTargets finds the order's targets on the roster (squads expand to their figures).
func (b *Board) gunTargets(o GunOrder) ([]gunTarget, error) {
	var out []gunTarget
	for _, it := range o.Targets {
		ts := b.targets(it.Name)
		if len(ts) == 0 {
			if b.Squad(it.Name) != nil {
				continue // a squad with no one standing
			}
			out = append(out, gunTarget{it: it, name: it.Name, cover: entryCover(it, o.Cover)})
			continue
		}
		for i := range ts {
			t := ts[i]
			if t.dead() {
				return nil, rules.Breachf("%s is already dead.", t.name())
			}
			out = append(out, gunTarget{t: &t, it: it, name: t.name(), cover: entryCover(it, o.Cover)})
		}
	}
	if len(out) == 0 {
		return nil, rules.Breachf("Name the figures the shot can hit in targets: (roundshot nearest first; canister and shells name:zone).")
	}
	return out, nil
}

// Artillery fires a squad's gun: roundshot, canister, common shell or
// shrapnel (G14–G17), recording its load and the casualties.
func (b *Board) Artillery(src dice.Source, o GunOrder, h House) (Outcome, error) {
	return atomically(b, func(b *Board) (Outcome, error) {
		squads, err := b.squadsNamed(o.Squads)
		if err != nil {
			return Outcome{}, err
		}
		s := squads[0]
		gun := s.Gun()
		if gun == nil || len(squads) > 1 {
			return Outcome{}, rules.Breachf("Name one squad with a gun.")
		}
		british := o.British
		if c := b.Character(s.Officer); c != nil && Same(c.Nation, "british") {
			british = true
		}
		ammo := o.Ammo
		var ord *order
		if !o.Placed {
			if err := b.gunReady(s, gun, ammo); err != nil {
				return Outcome{}, err
			}
			ammo = gun.Ammo
			if ord, err = b.giveOrder(o.Actor, squads, o.Distance, actFire); err != nil {
				return Outcome{}, err
			}
		} else if err := mayCommand(o.Actor, b.Character(s.Officer), "resolve "+s.Name+"'s shot"); err != nil {
			return Outcome{}, err
		}
		if ammo == "" {
			return Outcome{}, rules.Breachf("Say which ammunition: ammo:roundshot, canister, shell or shrapnel.")
		}
		var gts []gunTarget
		named := []string{s.Name}
		for _, t := range o.Targets {
			named = append(named, t.Name)
		}
		if err := b.inSight(o.Actor, named[1:]...); err != nil {
			return Outcome{}, err
		}
		if ammo == Roundshot || ammo == Canister || o.Placed || len(o.Targets) > 0 {
			if gts, err = b.gunTargets(o); err != nil {
				return Outcome{}, err
			}
		}
		r, notes, err := b.shoot(src, o, h, gun.Name, ammo, british, gts)
		if err != nil {
			return Outcome{}, err
		}
		b.revealAll(named...) // firing: the gun and its targets are seen by all
		if !o.Placed {
			gun.Loaded, gun.Ammo, gun.Reloading = false, "", 0
			notes = append(notes, gun.Name+" is unloaded: reloading takes 10 actions, +1 per crewman lost.")
			notes = append(notes, ord.pay(b))
		}
		return Outcome{Ruling: r, Notes: notes}, nil
	})
}

// shoot resolves the shot on its targets and records what it did to those on the roster.
func (b *Board) shoot(src dice.Source, o GunOrder, h House, gunName string, ammo Ammo, british bool, gts []gunTarget) (rules.Ruling, []string, error) {
	var notes []string
	if ammo == Roundshot {
		var line []LineFigure
		for _, g := range gts {
			line = append(line, LineFigure{Name: g.name, Cover: g.cover, Mounted: g.mounted(o), Character: g.character(), SeriouslyWounded: g.wounded(), Gun: g.gun()})
		}
		r, hits, err := RoundshotFire(src, gunName, o.Range, line)
		if err != nil {
			return r, nil, err
		}
		for i, hit := range hits {
			t := gts[i].t
			switch {
			case t == nil:
			case hit.Gun == GunDestroyed:
				t.fig.Destroyed, t.fig.Loaded = true, false
				notes = append(notes, t.name()+" is destroyed.")
			case hit.Gun == WheelOff:
				t.fig.Wheel = true
				notes = append(notes, t.name()+" has a wheel shot off: it cannot be moved or realigned.")
			case hit.Thrown:
				t.fig.Horse = HorseDown
				t.fig.StunnedUntil = max(t.fig.StunnedUntil, b.StunUntil(t.squad.Officer))
				notes = append(notes, fmt.Sprintf("%s's horse is down; he is thrown and stunned through turn %d.", t.name(), t.fig.StunnedUntil))
			case hit.Struck:
				notes = append(notes, b.applyHit(*t, hit.Hit))
			}
		}
		return r, notes, nil
	}
	var figs []TemplateFigure
	for _, g := range gts {
		z := g.it.Zone
		if z == 0 && ammo == Canister {
			z = CanisterZone(o.Range)
		}
		figs = append(figs, TemplateFigure{Name: g.name, Zone: z, Cover: g.cover, Mounted: g.mounted(o), Character: g.character(), SeriouslyWounded: g.wounded()})
	}
	var r rules.Ruling
	var hits [][]Hit
	var err error
	if ammo == Canister {
		r, hits, err = CanisterFire(src, gunName, figs, h.CanisterUnder)
	} else {
		var so ShellOutcome
		so, err = ShellBurst(src, ShellFire{Gun: gunName, Ammo: ammo, Range: o.Range, British: british, Placed: o.Placed, Figures: figs})
		r, hits = so.Ruling, so.Hits
	}
	if err != nil {
		return r, nil, err
	}
	for i, hs := range hits {
		if t := gts[i].t; t != nil {
			for _, hit := range hs {
				notes = append(notes, b.applyHit(*t, hit))
			}
		}
	}
	return r, notes, nil
}

// gunReady refuses a gun that cannot fire: limbered, unloaded, destroyed, no crew.
func (b *Board) gunReady(s *Squad, gun *Figure, ammo Ammo) error {
	crew := 0
	for _, f := range s.Living() {
		if s.ArmOf(f) != Gun && !b.Stunned(f.StunnedUntil) {
			crew++
		}
	}
	switch {
	case gun.Destroyed:
		return rules.Breachf("%s is destroyed.", gun.Name)
	case s.Limbered:
		return rules.Breachf("%s is limbered: unlimber it before firing.", gun.Name)
	case !gun.Loaded:
		return rules.Breachf("%s is not loaded: reload first (10 actions, +1 per crewman lost).", gun.Name)
	case crew == 0:
		return rules.Breachf("%s has no crew able to fire it.", gun.Name)
	case s.Morale == Pinned || s.Morale == Running || s.Morale == Routing:
		return rules.Breachf("%s's crew is %s and will not fire.", gun.Name, s.Morale)
	case ammo != "" && gun.Ammo != "" && ammo != gun.Ammo:
		return rules.Breachf("%s is loaded with %s, not %s.", gun.Name, gun.Ammo, ammo)
	}
	return nil
}
