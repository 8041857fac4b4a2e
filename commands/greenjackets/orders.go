package greenjackets

import (
	"fmt"
	"slices"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
	"github.com/referee-bot/referee/rules"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

// play makes a move on the channel's board, stores it and replies; with a
// quick board (a quick ruling) the same move is made on it by the umpire of
// that board, and only the ruling is shown.
func play(tx *battle.Tx, quick *gj.Board, move func(b *gj.Board, a rules.Actor) (gj.Outcome, error)) (interaction.Response, error) {
	if quick != nil {
		out, err := move(quick, gj.QuickActor)
		if err != nil {
			return interaction.Response{}, err
		}
		return reply(tx, out.Ruling), nil
	}
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	a, err := actor(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	out, err := move(b, a)
	if err != nil {
		return interaction.Response{}, err
	}
	return ruled(tx, b, out)
}

// Observe is /greenjackets observe: an officer's spotting roll (G6).
func (*Ruleset) Observe(tx *battle.Tx) (interaction.Response, error) {
	rng, err := required(tx, optRange, "distance to the enemy section")
	if err != nil {
		return interaction.Response{}, err
	}
	cv, err := word(tx, optCover, gj.ParseCover)
	if err != nil {
		return interaction.Response{}, err
	}
	sp, err := word(tx, optSpeed, gj.ParseSpeed)
	if err != nil {
		return interaction.Response{}, err
	}
	s := gj.Spotting{Officer: tx.Req.String(optOfficer), Target: tx.Req.String(optTarget), Distance: rng, Cover: cv, Speed: sp,
		EnemyFiring: tx.Req.Bool(optEnemyFiring), EnemyProne: tx.Req.Bool(optEnemyProne), Contact: tx.Req.Bool(optContact)}
	var quick *gj.Board
	if !rosterMode(tx, optOfficer) {
		quick = gj.QuickObserverBoard(s.Officer)
	}
	return play(tx, quick, func(b *gj.Board, a rules.Actor) (gj.Outcome, error) {
		return b.Observe(tx.Dice(), gj.ObserveOrder{Actor: a, Spotting: s})
	})
}

// Move is /greenjackets move (G7, G7a).
func (*Ruleset) Move(tx *battle.Tx) (interaction.Response, error) {
	sp, err := word(tx, optSpeed, gj.ParseSpeed)
	if err != nil {
		return interaction.Response{}, err
	}
	cmd, err := command(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	o := gj.MoveOrder{Command: cmd, Figures: gj.Names(tx.Req.String(optFigures)), Speed: sp, Charge: tx.Req.String(optSpeed) == "charge",
		Road: tx.Req.Bool(optRoad), Woods: tx.Req.Bool(optWoods), Passable: tx.Req.Bool(optWoodsPassable)}
	if v, ok, err := number(tx, optInches); err != nil {
		return interaction.Response{}, err
	} else if ok {
		o.Inches = &v
	}
	if rosterMode(tx, optSquad) {
		b, err := load(tx)
		if err != nil {
			return interaction.Response{}, err
		}
		out, err := b.Move(o)
		if err != nil {
			return interaction.Response{}, err
		}
		return ruled(tx, b, out.Outcome)
	}
	arm, err := word(tx, optArm, gj.ParseArm)
	if err != nil {
		return interaction.Response{}, err
	}
	moved, _, err := number(tx, optMoved)
	if err != nil {
		return interaction.Response{}, err
	}
	quick := gj.QuickMoveBoard(tx.Req.String(optSquad), arm, moved, tx.Req.IntOr(optRanAgo, 0), tx.Req.Bool(optLimbered) || !tx.Req.Has(optLimbered))
	o.Actor, o.Squads, o.Wounded = gj.QuickActor, []string{quick.Squads[0].Name}, tx.Req.Bool(optWounded)
	out, err := quick.Move(o)
	if err != nil {
		return interaction.Response{}, err
	}
	return reply(tx, out.Allowances[0]), nil
}

// squadAction is an action with no dice by the squads named (G3, G4).
func squadAction(tx *battle.Tx, move func(b *gj.Board, cmd gj.Command) (gj.Outcome, error)) (interaction.Response, error) {
	cmd, err := command(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	return play(tx, nil, func(b *gj.Board, _ rules.Actor) (gj.Outcome, error) { return move(b, cmd) })
}

// Cover is /greenjackets cover: take cover / go prone.
func (*Ruleset) Cover(tx *battle.Tx) (interaction.Response, error) {
	return squadAction(tx, (*gj.Board).TakeCover)
}

// GetUp is /greenjackets getup.
func (*Ruleset) GetUp(tx *battle.Tx) (interaction.Response, error) {
	return squadAction(tx, (*gj.Board).GetUp)
}

// Limber is /greenjackets limber.
func (*Ruleset) Limber(tx *battle.Tx) (interaction.Response, error) {
	return squadAction(tx, (*gj.Board).Limber)
}

// Unlimber is /greenjackets unlimber.
func (*Ruleset) Unlimber(tx *battle.Tx) (interaction.Response, error) {
	return squadAction(tx, (*gj.Board).Unlimber)
}

// Aim is /greenjackets aim.
func (*Ruleset) Aim(tx *battle.Tx) (interaction.Response, error) {
	only := gj.Names(tx.Req.String(optFigures))
	return squadAction(tx, func(b *gj.Board, cmd gj.Command) (gj.Outcome, error) { return b.Aim(cmd, only) })
}

// Reload is /greenjackets reload: one reloading action for every figure not loaded (G11).
func (*Ruleset) Reload(tx *battle.Tx) (interaction.Response, error) {
	cmd, err := command(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	o := gj.ReloadOrder{Command: cmd, Figures: gj.Names(tx.Req.String(optFigures)), Tap: tx.Req.Bool(optTap)}
	if a, err := parsed(tx, optAmmo, gj.ParseAmmo); err != nil {
		return interaction.Response{}, err
	} else if a != nil {
		o.Ammo = *a
	}
	if rosterMode(tx, optSquad) {
		return play(tx, nil, func(b *gj.Board, _ rules.Actor) (gj.Outcome, error) {
			out, _, err := b.Reload(o)
			return out, err
		})
	}
	w, err := word(tx, optWeapon, gj.ParseWeapon)
	if err != nil {
		return interaction.Response{}, err
	}
	r, err := gj.QuickReload(w, o, tx.Req.IntOr(optDone, 0), tx.Req.IntOr(optCrewLost, 0))
	if err != nil {
		return interaction.Response{}, err
	}
	return reply(tx, r), nil
}

// Rally is /greenjackets rally (G22).
func (*Ruleset) Rally(tx *battle.Tx) (interaction.Response, error) {
	cmd, err := command(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	var quick *gj.Board
	if !rosterMode(tx, optSquad) {
		st, err := word(tx, optState, gj.ParseMorale)
		if err != nil {
			return interaction.Response{}, err
		}
		quick, cmd.Squads = gj.QuickSquadBoard(gj.Trained, st, 0), []string{gj.QuickUnit}
	}
	return play(tx, quick, func(b *gj.Board, a rules.Actor) (gj.Outcome, error) {
		cmd.Actor = a
		return b.Rally(tx.Dice(), gj.RallyOrder{Command: cmd, OfficerNear: tx.Req.Bool(optOfficerNear)})
	})
}

// Morale is /greenjackets morale (G21): a test, or the umpire calling one.
func (*Ruleset) Morale(tx *battle.Tx) (interaction.Response, error) {
	cmd, err := command(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	var quick *gj.Board
	switch {
	case !rosterMode(tx, optSquad):
		q, err := word(tx, optQuality, gj.ParseQuality)
		if err != nil {
			return interaction.Response{}, err
		}
		quick, cmd.Squads = gj.QuickSquadBoard(q, gj.Steady, tx.Req.IntOr(optDead, 0)), []string{gj.QuickUnit}
	case tx.Req.Bool(optCall):
		return callMorale(tx)
	}
	return play(tx, quick, func(b *gj.Board, a rules.Actor) (gj.Outcome, error) {
		cmd.Actor = a
		return b.Morale(tx.Dice(), cmd, house(tx))
	})
}

// callMorale is the umpire calling a morale test (G5).
func callMorale(tx *battle.Tx) (interaction.Response, error) {
	if err := tx.RequireUmpire("call a morale test"); err != nil {
		return interaction.Response{}, err
	}
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	s, err := b.CallMorale(tx.Req.String(optSquad))
	if err != nil {
		return interaction.Response{}, err
	}
	if err := roster.Save(tx, b, "morale test called for "+s.Name); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Say(fmt.Sprintf("The umpire calls a morale test for **%s**: it is resolved first in its officer's next move (G5).", render.Inert(s.Name))), nil
}

// Hit is /greenjackets hit: the effect of hits on a figure or character (G12, G13).
func (*Ruleset) Hit(tx *battle.Tx) (interaction.Response, error) {
	o := gj.HitOrder{Target: tx.Req.String(optTarget), Hits: tx.Req.IntOr(optHits, 1), Choose: tx.Req.String(optChoose)}
	if o.Hits < 1 || o.Hits > 20 {
		return interaction.Response{}, interaction.Input("Give between 1 and 20 hits.")
	}
	var quick *gj.Board
	if b, err := seenBoard(tx); !rosterMode(tx, optTarget) || err != nil || !b.OnRoster(o.Target) {
		quick = gj.QuickHitBoard(gj.QuickTarget{Name: o.Target, Character: tx.Req.Bool(optCharacter), Mounted: tx.Req.Bool(optMounted), Wounded: tx.Req.Bool(optWounded)})
	} else if err := tx.RequireUmpire("apply hits to the roster"); err != nil {
		return interaction.Response{}, err
	}
	return play(tx, quick, func(b *gj.Board, _ rules.Actor) (gj.Outcome, error) { return b.Hit(tx.Dice(), o) })
}

// EndMove is /greenjackets pass: end the move with AP unspent.
func (*Ruleset) EndMove(tx *battle.Tx) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	a, err := actor(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	out, err := b.Pass(a)
	if err != nil {
		return interaction.Response{}, err
	}
	if err := roster.Save(tx, b, out.Char.Name+" ends his move"); err != nil {
		return interaction.Response{}, err
	}
	msg := fmt.Sprintf("**%s** ends his move with %s unspent.", render.Inert(out.Char.Name), rules.Plural(out.Left, "AP", "AP"))
	if out.Next != "" {
		msg += fmt.Sprintf(" **%s** may go on.", render.Inert(out.Next))
	}
	return interaction.Response{Turn: interaction.TurnNews(msg)}, nil
}

// Fire is /greenjackets fire: small arms fire figure by figure (G8–G10), and
// against the roster the effect of each hit (G12, G13), loads and casualties.
func (*Ruleset) Fire(tx *battle.Tx) (interaction.Response, error) {
	cmd, err := command(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	o := gj.FireOrder{Command: cmd, Figures: gj.Names(tx.Req.String(optFigures)), Chances: tx.Req.IntOr(optChances, 0), Choose: tx.Req.String(optChoose)}
	if o.Range, err = required(tx, optRange, "range in inches"); err != nil {
		return interaction.Response{}, err
	}
	if o.Ranges, err = inchesList(tx, optRanges); err != nil {
		return interaction.Response{}, err
	}
	if o.Speed, err = parsed(tx, optSpeed, gj.ParseSpeed); err != nil {
		return interaction.Response{}, err
	}
	cv, err := word(tx, optCover, gj.ParseCover)
	if err != nil {
		return interaction.Response{}, err
	}
	o.Target = gj.FireTarget{Name: tx.Req.String(optTarget), Cover: cv, Prone: tx.Req.Bool(optTargetProne)}
	if o.TargetMoving = tx.Req.String(optTargetMoving); o.TargetMoving != "" && !slices.Contains(gj.TargetMovings, o.TargetMoving) {
		return interaction.Response{}, interaction.Input(optTargetMoving + " is " + rules.Or(gj.TargetMovings) + ".")
	}
	if rosterMode(tx, optSquad) {
		return play(tx, nil, func(b *gj.Board, _ rules.Actor) (gj.Outcome, error) { return b.Fire(tx.Dice(), o, house(tx)) })
	}
	return quickFire(tx, o)
}

// quickFire is a fire ruling for count figures alike, with every factor given.
func quickFire(tx *battle.Tx, o gj.FireOrder) (interaction.Response, error) {
	w, err := word(tx, optWeapon, gj.ParseWeapon)
	if err != nil {
		return interaction.Response{}, err
	}
	q, err := word(tx, optQuality, gj.ParseQuality)
	if err != nil {
		return interaction.Response{}, err
	}
	n := tx.Req.IntOr(optCount, 1)
	if n < 1 || n > 50 {
		return interaction.Response{}, interaction.Input("Between 1 and 50 figures may fire in one ruling.")
	}
	r, err := gj.QuickFire(tx.Dice(), gj.QuickFirers{Weapon: w, Quality: q, Count: n, Sharpshooter: tx.Req.Bool(optSharpshooter),
		Wounded: tx.Req.Bool(optWounded), Aimed: tx.Req.Bool(optAimed), Tap: tx.Req.Bool(optTap), Euro: tx.Req.Bool(optEuropean)}, o, house(tx))
	if err != nil {
		return interaction.Response{}, err
	}
	return reply(tx, r), nil
}

// Artillery is /greenjackets artillery: roundshot, canister, common shell or
// shrapnel (G14–G17), and against the roster the gun's load and the casualties.
func (*Ruleset) Artillery(tx *battle.Tx) (interaction.Response, error) {
	cmd, err := command(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	o := gj.GunOrder{Command: cmd, Placed: tx.Req.Bool(optPlaced), British: tx.Req.Bool(optBritish), Mounted: tx.Req.Bool(optMounted)}
	if o.Range, err = required(tx, optRange, "range in inches"); err != nil {
		return interaction.Response{}, err
	}
	if o.Cover, err = word(tx, optCover, gj.ParseCover); err != nil {
		return interaction.Response{}, err
	}
	if a, err := parsed(tx, optAmmo, gj.ParseAmmo); err != nil {
		return interaction.Response{}, err
	} else if a != nil {
		o.Ammo = *a
	}
	if o.Targets, err = entries(tx, optTargets); err != nil {
		return interaction.Response{}, err
	}
	var quick *gj.Board
	if !rosterMode(tx, optSquad) {
		quick, o.Squads = gj.QuickGunBoard(o.Ammo), []string{gj.QuickUnit}
	}
	return play(tx, quick, func(b *gj.Board, a rules.Actor) (gj.Outcome, error) {
		o.Actor = a
		return b.Artillery(tx.Dice(), o, house(tx))
	})
}

// Melee is /greenjackets melee: one figure against one or more (G18–G20);
// a name on the roster fights as it stands there, and takes its wounds.
func (*Ruleset) Melee(tx *battle.Tx) (interaction.Response, error) {
	o := gj.MeleeOrder{FirstRound: !tx.Req.Has(optFirstRound) || tx.Req.Bool(optFirstRound), Contact: tx.Req.Bool(optContact),
		Target: tx.Req.String(optTarget), Terrain: gj.InOpen}
	if tx.Req.String(optTerrain) == "woods" {
		o.Terrain = gj.InWoods
	}
	var err error
	if o.A, err = entries(tx, optAttackers); err != nil {
		return interaction.Response{}, err
	}
	if o.B, err = entries(tx, optDefenders); err != nil {
		return interaction.Response{}, err
	}
	var quick *gj.Board
	if !inGame(tx) {
		quick = gj.NewBoard()
	}
	return play(tx, quick, func(b *gj.Board, a rules.Actor) (gj.Outcome, error) {
		o.Actor = a
		return b.Melee(tx.Dice(), o, house(tx))
	})
}
