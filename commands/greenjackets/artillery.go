package greenjackets

import (
	"fmt"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

// A gunTarget is one target of a gun: the roster figure (if any), its cover and the item as typed.
type gunTarget struct {
	t     *target
	cover gj.Cover
	it    item
	name  string
}

func itemCover(it item, def gj.Cover) gj.Cover {
	switch {
	case it.Traits["hard"]:
		return gj.Hard
	case it.Traits["soft"]:
		return gj.Soft
	case it.Traits["open"]:
		return gj.Open
	}
	return def
}

// gunTargets reads the targets option against the roster (squads expand to their figures).
func gunTargets(tx *battle.Tx, b *Board, def gj.Cover) ([]gunTarget, error) {
	its, err := items(tx.Req.String(optTargets))
	if err != nil {
		return nil, err
	}
	var out []gunTarget
	for _, it := range its {
		var ts []target
		if b != nil {
			ts = targets(b, it.Name)
		}
		if len(ts) == 0 {
			if b != nil && (b.Squad(it.Name) != nil) {
				continue // a squad with no one standing
			}
			out = append(out, gunTarget{it: it, name: it.Name, cover: itemCover(it, def)})
			continue
		}
		for i := range ts {
			t := ts[i]
			if t.dead() {
				return nil, rules.Breachf("%s is already dead.", t.name())
			}
			out = append(out, gunTarget{t: &t, it: it, name: t.name(), cover: itemCover(it, def)})
		}
	}
	if len(out) == 0 {
		return nil, interaction.Refuse("Name the figures the shot can hit in targets: (roundshot nearest first; canister and shells name:zone).")
	}
	return out, nil
}

// Artillery is /greenjackets artillery: roundshot, canister, common shell or
// shrapnel (G14–G17), and against the roster the gun's load and the casualties.
func (*Ruleset) Artillery(tx *battle.Tx) (interaction.Response, error) {
	rng, err := required(tx, optRange, "range in inches")
	if err != nil {
		return interaction.Response{}, err
	}
	cv, err := cover(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	placed := tx.Req.Bool(optPlaced)
	var b *Board
	var gunSquad *Squad
	var gun *Figure
	var o *order
	var notes []string
	ammo := gj.Ammo("")
	if tx.Req.Has(optAmmo) {
		if ammo, err = gj.ParseAmmo(tx.Req.String(optAmmo)); err != nil {
			return interaction.Response{}, err
		}
	}
	british := tx.Req.Bool(optBritish)
	gunName := "the gun"
	if rosterMode(tx, optSquad) {
		if b, err = load(tx); err != nil {
			return interaction.Response{}, err
		}
		squads, err := squadsFor(b, tx.Req.String(optSquad))
		if err != nil {
			return interaction.Response{}, err
		}
		gunSquad = squads[0]
		gun = gunSquad.Gun()
		if gun == nil || len(squads) > 1 {
			return interaction.Response{}, rules.Breachf("Name one squad with a gun.")
		}
		gunName = gun.Name
		if c := b.Character(gunSquad.Officer); c != nil && same(c.Nation, "british") {
			british = true
		}
		if !placed {
			if err := gunReady(b, gunSquad, gun, ammo); err != nil {
				return interaction.Response{}, err
			}
			ammo = gun.Ammo
			if o, _, err = orderSquads(tx, b, squads, actFire); err != nil {
				return interaction.Response{}, err
			}
		} else if err := mayCommand(tx, b.Character(gunSquad.Officer), "resolve "+gunSquad.Name+"'s shot"); err != nil {
			return interaction.Response{}, err
		}
	}
	if ammo == "" {
		return interaction.Response{}, interaction.Refuse("Say which ammunition: ammo:roundshot, canister, shell or shrapnel.")
	}
	var gts []gunTarget
	needTargets := ammo == gj.Roundshot || ammo == gj.Canister || placed || tx.Req.String(optTargets) != ""
	if needTargets {
		if gts, err = gunTargets(tx, b, cv); err != nil {
			return interaction.Response{}, err
		}
	}
	mounted := func(g gunTarget) bool {
		if g.t != nil {
			return g.t.hitTarget().Mounted
		}
		return tx.Req.Bool(optMounted) || g.it.Traits["mounted"] || g.it.Traits["cavalry"]
	}
	character := func(g gunTarget) bool {
		if g.t != nil {
			return g.t.char != nil
		}
		return g.it.Traits["character"] || g.it.Traits["officer"]
	}
	wounded := func(g gunTarget) bool {
		if g.t != nil {
			return g.t.hitTarget().SeriouslyWounded
		}
		return g.it.Traits["wounded"]
	}
	var r rules.Ruling
	switch ammo {
	case gj.Roundshot:
		var line []gj.LineFigure
		for _, g := range gts {
			isGun := g.it.Traits["gun"] || (g.t != nil && g.t.fig != nil && g.t.squad.ArmOf(g.t.fig) == gj.Gun)
			line = append(line, gj.LineFigure{Name: g.name, Cover: g.cover, Mounted: mounted(g), Character: character(g), SeriouslyWounded: wounded(g), Gun: isGun})
		}
		var hits []gj.LineHit
		if r, hits, err = gj.RoundshotFire(tx.Dice(), gunName, rng, line); err != nil {
			return interaction.Response{}, err
		}
		for i, h := range hits {
			t := gts[i].t
			if t == nil {
				continue
			}
			switch {
			case h.Gun == gj.GunDestroyed:
				t.fig.Destroyed, t.fig.Loaded = true, false
				notes = append(notes, render.Inert(t.name())+" is destroyed.")
			case h.Gun == gj.WheelOff:
				t.fig.Wheel = true
				notes = append(notes, render.Inert(t.name())+" has a wheel shot off: it cannot be moved or realigned.")
			case h.Thrown:
				t.fig.Horse = "down"
				t.fig.StunnedUntil = max(t.fig.StunnedUntil, b.StunUntil(t.squad.Officer))
				notes = append(notes, fmt.Sprintf("%s's horse is down; he is thrown and stunned through turn %d.", render.Inert(t.name()), t.fig.StunnedUntil))
			case h.Struck:
				notes = append(notes, applyHit(b, *t, h.Hit))
			}
		}
	case gj.Canister, gj.Shell, gj.Shrapnel:
		var figs []gj.TemplateFigure
		for _, g := range gts {
			z := g.it.Zone
			if z == 0 && ammo == gj.Canister {
				z = gj.CanisterZone(rng)
			}
			figs = append(figs, gj.TemplateFigure{Name: g.name, Zone: z, Cover: g.cover, Mounted: mounted(g), Character: character(g), SeriouslyWounded: wounded(g)})
		}
		var hits [][]gj.Hit
		if ammo == gj.Canister {
			r, hits, err = gj.CanisterFire(tx.Dice(), gunName, figs, tx.HouseRule(gj.HouseCanister) == "under")
		} else {
			r, _, hits, err = gj.ShellBurst(tx.Dice(), gj.ShellFire{Gun: gunName, Ammo: ammo, Range: rng, British: british, Placed: placed, Figures: figs})
		}
		if err != nil {
			return interaction.Response{}, err
		}
		for i, hs := range hits {
			t := gts[i].t
			if t == nil {
				continue
			}
			for _, h := range hs {
				notes = append(notes, applyHit(b, *t, h))
			}
		}
	}
	if b == nil {
		return reply(tx, r), nil
	}
	if gun != nil && !placed {
		gun.Loaded, gun.Ammo, gun.Reloading = false, "", 0
		notes = append(notes, render.Inert(gun.Name)+" is unloaded: reloading takes 10 actions, +1 per crewman lost.")
	}
	if o != nil {
		notes = append(notes, o.pay(b))
	}
	if err := save(tx, b); err != nil {
		return interaction.Response{}, err
	}
	return reply(tx, r, notes...), nil
}

// gunReady refuses a gun that cannot fire: limbered, unloaded, destroyed, no crew.
func gunReady(b *Board, s *Squad, gun *Figure, ammo gj.Ammo) error {
	crew := 0
	for _, f := range s.Living() {
		if s.ArmOf(f) != gj.Gun && !b.Stunned(f.StunnedUntil) {
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
	case s.Morale == gj.Pinned || s.Morale == gj.Running || s.Morale == gj.Routing:
		return rules.Breachf("%s's crew is %s and will not fire.", gun.Name, s.Morale)
	case ammo != "" && gun.Ammo != "" && ammo != gun.Ammo:
		return rules.Breachf("%s is loaded with %s, not %s.", gun.Name, gun.Ammo, ammo)
	}
	return nil
}
