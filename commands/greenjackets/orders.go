package greenjackets

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/decode"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/mapcmd"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
	"github.com/referee-bot/referee/rules"
	gj "github.com/referee-bot/referee/rules/greenjackets"
	"github.com/referee-bot/referee/rules/tabletop"
)

// The typed orders of /greenjackets, one a subcommand, and their handlers.
// Each order is decoded whole by the decoder of definition.go before its
// handler runs; in a battle every name in it is the roster's.

// command is who an order goes to: the squads named (a figure standing for
// its squad) and how far they are from their officer (G4).
type command struct {
	mapcmd.Measures
	Squads   []string `opt:"squad" roster:"squad,figure"`
	Distance float64  `opt:"distance"`
}

// of is the rules' command, given by the invoker.
func (c command) of(tx *battle.Tx) (gj.Command, error) {
	a, err := actor(tx)
	return gj.Command{Actor: a, Squads: c.Squads, Distance: c.Distance}, err
}

// onRoster reports whether the order is given to squads of the channel's
// battle: otherwise it is a quick ruling.
func (c command) onRoster(m decode.Mode) bool { return m.Battle() && len(c.Squads) > 0 }

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

// observeOrder is /greenjackets observe.
type observeOrder struct {
	decode.Mode
	mapcmd.Measures
	Range       float64  `opt:"range"`
	Officer     string   `opt:"officer" roster:"character"`
	Cover       gj.Cover `opt:"cover"`
	Speed       gj.Speed `opt:"speed"`
	EnemyFiring bool     `opt:"enemy-firing"`
	EnemyProne  bool     `opt:"enemy-prone"`
	Contact     bool     `opt:"contact"`
	Target      string   `opt:"target" roster:"squad,figure,character"`
}

// Observe is /greenjackets observe: an officer's spotting roll (G6). On a
// battle's table with no target named he looks about (survey).
func (r *Ruleset) Observe(tx *battle.Tx, o observeOrder) (interaction.Response, error) {
	if o.Battle() && o.Officer != "" && o.Target == "" && tx.Game.Map != nil {
		if at, ok := tx.Game.Map.Unit(o.Officer); ok {
			return r.survey(tx, o, at)
		}
	}
	s := gj.Spotting{Officer: o.Officer, Target: o.Target, Distance: o.Range, Cover: o.Cover, Speed: o.Speed,
		EnemyFiring: o.EnemyFiring, EnemyProne: o.EnemyProne, Contact: o.Contact}
	var quick *gj.Board
	if !o.Battle() || o.Officer == "" {
		quick = gj.QuickObserverBoard(s.Officer)
	}
	return play(tx, quick, func(b *gj.Board, a rules.Actor) (gj.Outcome, error) {
		out, err := b.Observe(tx.Dice(), gj.ObserveOrder{Actor: a, Spotting: s})
		out.Ruling.Measured = o.Measured()
		return out, err
	})
}

// survey is an observation on the battle's table with no target named
// (gj.Survey): the referee looks from where the officer stands at each
// enemy section his side has not seen (gj.Glimpses). What the table
// measures is not typed.
func (*Ruleset) survey(tx *battle.Tx, o observeOrder, at tabletop.Unit) (interaction.Response, error) {
	for _, opt := range []string{"range", "cover", "enemy-firing", "enemy-prone", "contact"} {
		if o.Has(opt) {
			return interaction.Response{}, interaction.Refusef("Leave out `%s:`, or name a `target:`. With no target on the map the referee measures each enemy section the officer may see.", opt)
		}
	}
	return play(tx, nil, func(b *gj.Board, a rules.Actor) (gj.Outcome, error) {
		var glimpses []gj.Glimpse
		if c := b.Character(o.Officer); c != nil {
			glimpses = gj.Glimpses(*tx.Game.Map, at, b.UnseenSections(c.Side))
		}
		return b.Survey(tx.Dice(), gj.SurveyOrder{Actor: a, Officer: o.Officer, Speed: o.Speed, Glimpses: glimpses})
	})
}

// moveOrder is /greenjackets move.
type moveOrder struct {
	decode.Mode
	Speed gj.Speed `opt:"speed"`
	// Word is the speed as chosen: "charge" is a run that charges.
	Word    string   `opt:"speed"`
	Figures []string `opt:"figures" roster:"figure"`
	command
	// Squads, hiding command's, are the squads that go, or a character
	// named alone, who goes on his own (G7a): the option takes his name too.
	Squads   []string `opt:"squad" roster:"squad,figure,character"`
	Inches   *float64 `opt:"inches"`
	Road     bool     `opt:"road"`
	Woods    bool     `opt:"woods"`
	Passable bool     `opt:"woods-passable"`
	Arm      gj.Arm   `opt:"arm"`
	Wounded  bool     `opt:"wounded"`
	Moved    float64  `opt:"moved"`
	RanAgo   int      `opt:"ran-turns-ago"`
	Limbered bool     `opt:"limbered" default:"true"`
	// Target is the enemy a charge goes at: on a map the referee measures
	// the charge and moves the charger into contact.
	Target string `opt:"target" roster:"squad,figure,character"`
	// Route is where it goes on the map: the referee measures the path and
	// moves the squad there.
	mapcmd.Route
}

// Move is /greenjackets move (G7, G7a); a charge at a target ends in
// contact (G6a), on the map against the target's front.
func (*Ruleset) Move(tx *battle.Tx, o moveOrder) (interaction.Response, error) {
	o.command.Squads = o.Squads
	cmd, err := o.of(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	mo := gj.MoveOrder{Command: cmd, Figures: o.Figures, Speed: o.Speed, Charge: o.Word == gj.Charge,
		Road: o.Road, Woods: o.Woods, Passable: o.Passable, Inches: o.Inches, Target: o.Target}
	if o.onRoster(o.Mode) {
		b, err := load(tx)
		if err != nil {
			return interaction.Response{}, err
		}
		var walk *mapcmd.Walk
		var how []string
		if o.Route.Routed() {
			if walk, how, err = o.walk(tx, &mo); err != nil {
				return interaction.Response{}, err
			}
		}
		out, err := b.Move(mo)
		if err != nil {
			return interaction.Response{}, err
		}
		out.Ruling.Measured = append(o.Measured(), how...)
		if walk != nil {
			out.Ruling.Measured = append(out.Ruling.Measured, walk.Place(tx))
		}
		if o.Target != "" {
			where, err := mapcmd.Charged(tx, cmd.Squads[0], o.Target, tabletop.Unit.Against)
			if err != nil {
				return interaction.Response{}, err
			}
			if where != "" {
				out.Ruling.Measured = append(out.Ruling.Measured, where+", against the front of "+o.Target)
			}
		}
		return ruled(tx, b, out.Outcome)
	}
	if o.Route.Routed() {
		return interaction.Response{}, interaction.Input("A move `to:` a point is made by a squad of the battle's roster, on its map: for a quick ruling leave `to:` out and give `inches:`.")
	}
	if o.Target != "" {
		return interaction.Response{}, interaction.Input("A charge at a target is made by a squad of the battle's roster: for a quick ruling leave `target:` out, and it gives the charge's allowance.")
	}
	quick := gj.QuickMoveBoard(strings.Join(o.Squads, ", "), o.Arm, o.Moved, o.RanAgo, o.Limbered)
	mo.Actor, mo.Squads, mo.Wounded = gj.QuickActor, []string{quick.Squads[0].Name}, o.Wounded
	out, err := quick.Move(mo)
	if err != nil {
		return interaction.Response{}, err
	}
	return reply(tx, out.Allowances[0]), nil
}

// walk is the order's route on the map (G7): one squad or character, the
// whole of it, going to a point; mo is set as the table measured it, and how
// it was measured is said.
func (o moveOrder) walk(tx *battle.Tx, mo *gj.MoveOrder) (*mapcmd.Walk, []string, error) {
	switch {
	case o.Target != "":
		return nil, nil, interaction.Input("A charge at a target goes to the target: leave `to:` and `via:` out.")
	case len(o.Squads) != 1 || len(o.Figures) > 0:
		return nil, nil, interaction.Input("One squad or character, the whole of it, moves `to:` a point at a time.")
	}
	w, err := o.Route.Walk(tx, o.Squads[0])
	if err != nil {
		return nil, nil, err
	}
	measured, how, err := mapcmd.GreenJacketsMove(w, o.Given, *mo)
	*mo = measured
	return &w, how, err
}

// squadOrder is an action with no dice by the squads named (G3, G4):
// /greenjackets cover, getup, limber and unlimber.
type squadOrder struct{ command }

// squadAction plays an action with no dice.
func squadAction(tx *battle.Tx, c command, move func(b *gj.Board, cmd gj.Command) (gj.Outcome, error)) (interaction.Response, error) {
	cmd, err := c.of(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	return play(tx, nil, func(b *gj.Board, _ rules.Actor) (gj.Outcome, error) { return move(b, cmd) })
}

// Cover is /greenjackets cover: take cover / go prone.
func (*Ruleset) Cover(tx *battle.Tx, o squadOrder) (interaction.Response, error) {
	return squadAction(tx, o.command, (*gj.Board).TakeCover)
}

// GetUp is /greenjackets getup.
func (*Ruleset) GetUp(tx *battle.Tx, o squadOrder) (interaction.Response, error) {
	return squadAction(tx, o.command, (*gj.Board).GetUp)
}

// Limber is /greenjackets limber.
func (*Ruleset) Limber(tx *battle.Tx, o squadOrder) (interaction.Response, error) {
	return squadAction(tx, o.command, (*gj.Board).Limber)
}

// Unlimber is /greenjackets unlimber.
func (*Ruleset) Unlimber(tx *battle.Tx, o squadOrder) (interaction.Response, error) {
	return squadAction(tx, o.command, (*gj.Board).Unlimber)
}

// aimOrder is /greenjackets aim.
type aimOrder struct {
	command
	Figures []string `opt:"figures" roster:"figure"`
}

// Aim is /greenjackets aim.
func (*Ruleset) Aim(tx *battle.Tx, o aimOrder) (interaction.Response, error) {
	return squadAction(tx, o.command, func(b *gj.Board, cmd gj.Command) (gj.Outcome, error) { return b.Aim(cmd, o.Figures) })
}

// reloadOrder is /greenjackets reload.
type reloadOrder struct {
	decode.Mode
	command
	Figures  []string  `opt:"figures" roster:"figure"`
	Tap      bool      `opt:"tap"`
	Ammo     *gj.Ammo  `opt:"ammo"`
	Weapon   gj.Weapon `opt:"weapon"`
	Done     int       `opt:"done"`
	CrewLost int       `opt:"crew-lost"`
}

// Reload is /greenjackets reload: one reloading action for every figure not loaded (G11).
func (*Ruleset) Reload(tx *battle.Tx, o reloadOrder) (interaction.Response, error) {
	cmd, err := o.of(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	ro := gj.ReloadOrder{Command: cmd, Figures: o.Figures, Tap: o.Tap}
	if o.Ammo != nil {
		ro.Ammo = *o.Ammo
	}
	if o.onRoster(o.Mode) {
		return play(tx, nil, func(b *gj.Board, _ rules.Actor) (gj.Outcome, error) {
			out, _, err := b.Reload(ro)
			return out, err
		})
	}
	r, err := gj.QuickReload(o.Weapon, ro, o.Done, o.CrewLost)
	if err != nil {
		return interaction.Response{}, err
	}
	return reply(tx, r), nil
}

// rallyOrder is /greenjackets rally.
type rallyOrder struct {
	decode.Mode
	command
	OfficerNear bool      `opt:"officer-near"`
	State       gj.Morale `opt:"state"`
}

// Rally is /greenjackets rally (G22).
func (*Ruleset) Rally(tx *battle.Tx, o rallyOrder) (interaction.Response, error) {
	cmd, err := o.of(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	var quick *gj.Board
	if !o.onRoster(o.Mode) {
		quick, cmd.Squads = gj.QuickSquadBoard(gj.Trained, o.State, 0), []string{gj.QuickUnit}
	}
	return play(tx, quick, func(b *gj.Board, a rules.Actor) (gj.Outcome, error) {
		cmd.Actor = a
		return b.Rally(tx.Dice(), gj.RallyOrder{Command: cmd, OfficerNear: o.OfficerNear})
	})
}

// moraleOrder is /greenjackets morale.
type moraleOrder struct {
	decode.Mode
	Squads  []string   `opt:"squad" roster:"squad,figure"`
	Call    bool       `opt:"call"`
	Quality gj.Quality `opt:"quality"`
	Dead    int        `opt:"dead"`
}

// Morale is /greenjackets morale (G21): a test, or the umpire calling one.
func (*Ruleset) Morale(tx *battle.Tx, o moraleOrder) (interaction.Response, error) {
	c := command{Squads: o.Squads}
	cmd, err := c.of(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	var quick *gj.Board
	switch {
	case !c.onRoster(o.Mode):
		quick, cmd.Squads = gj.QuickSquadBoard(o.Quality, gj.Steady, o.Dead), []string{gj.QuickUnit}
	case o.Call:
		return callMorale(tx, strings.Join(o.Squads, ", "))
	}
	return play(tx, quick, func(b *gj.Board, a rules.Actor) (gj.Outcome, error) {
		cmd.Actor = a
		return b.Morale(tx.Dice(), cmd, house(tx))
	})
}

// callMorale is the umpire calling a morale test of squad (G5).
func callMorale(tx *battle.Tx, squad string) (interaction.Response, error) {
	if err := tx.RequireUmpire("call a morale test"); err != nil {
		return interaction.Response{}, err
	}
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	s, err := b.CallMorale(squad)
	if err != nil {
		return interaction.Response{}, err
	}
	if err := roster.Save(tx, b, "morale test called for "+s.Name); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Say(fmt.Sprintf("The umpire calls a morale test for **%s**: it is resolved first in its officer's next move (G5).", render.Inert(s.Name))), nil
}

// hitOrder is /greenjackets hit.
type hitOrder struct {
	decode.Mode
	Hits      int    `opt:"hits"`
	Target    string `opt:"target" roster:"squad,figure,character"`
	Character bool   `opt:"character"`
	Mounted   bool   `opt:"mounted"`
	Wounded   bool   `opt:"wounded"`
	Choose    string `opt:"choose"`
}

// Hit is /greenjackets hit: the effect of hits on a figure or character (G12, G13).
func (*Ruleset) Hit(tx *battle.Tx, o hitOrder) (interaction.Response, error) {
	ho := gj.HitOrder{Target: o.Target, Hits: o.Hits, Choose: o.Choose}
	var quick *gj.Board
	if !o.Battle() || o.Target == "" {
		quick = gj.QuickHitBoard(gj.QuickTarget{Name: o.Target, Character: o.Character, Mounted: o.Mounted, Wounded: o.Wounded})
	} else if err := tx.RequireUmpire("apply hits to the roster"); err != nil {
		return interaction.Response{}, err
	}
	return play(tx, quick, func(b *gj.Board, _ rules.Actor) (gj.Outcome, error) { return b.Hit(tx.Dice(), ho) })
}

// passOrder is /greenjackets pass, which takes no options.
type passOrder struct{}

// EndMove is /greenjackets pass: end the move with AP unspent.
func (*Ruleset) EndMove(tx *battle.Tx, _ passOrder) (interaction.Response, error) {
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
	news := interaction.TurnNews(fmt.Sprintf("**%s** ends his move with %s unspent.", render.Inert(out.Char.Name), rules.Plural(out.Left, "AP", "AP")), out.Char.Name)
	if out.Next != "" {
		news.Line(fmt.Sprintf("**%s** may go on.", render.Inert(out.Next)), out.Next)
	}
	return interaction.Response{Turn: news}, nil
}

// fireOrder is /greenjackets fire; its last options are a quick ruling's firers.
type fireOrder struct {
	decode.Mode
	Range float64 `opt:"range"`
	command
	Target       string    `opt:"target" roster:"squad,figure,character"`
	Ranges       []float64 `opt:"ranges"`
	Figures      []string  `opt:"figures" roster:"figure"`
	Cover        gj.Cover  `opt:"cover"`
	Speed        *gj.Speed `opt:"speed"`
	TargetMoving string    `opt:"target-moving"`
	TargetProne  bool      `opt:"target-prone"`
	Chances      int       `opt:"chances"`
	Choose       string    `opt:"choose"`

	Weapon       gj.Weapon  `opt:"weapon"`
	Count        int        `opt:"count" default:"1"`
	Quality      gj.Quality `opt:"quality"`
	Sharpshooter bool       `opt:"sharpshooter"`
	Aimed        bool       `opt:"aimed"`
	Wounded      bool       `opt:"wounded"`
	Tap          bool       `opt:"tap"`
	European     bool       `opt:"european"`
}

// Fire is /greenjackets fire: small arms fire figure by figure (G8–G10), and
// against the roster the effect of each hit (G12, G13), loads and casualties.
func (*Ruleset) Fire(tx *battle.Tx, o fireOrder) (interaction.Response, error) {
	cmd, err := o.of(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	fo := gj.FireOrder{Command: cmd, Figures: o.Figures, Chances: o.Chances, Choose: o.Choose, Range: o.Range, Ranges: o.Ranges, FigureRanges: o.Parts, Measured: o.Measured(),
		Speed: o.Speed, TargetMoving: o.TargetMoving, Target: gj.FireTarget{Name: o.Target, Cover: o.Cover, Prone: o.TargetProne}}
	if o.onRoster(o.Mode) {
		return play(tx, nil, func(b *gj.Board, _ rules.Actor) (gj.Outcome, error) { return b.Fire(tx.Dice(), fo, house(tx)) })
	}
	r, err := gj.QuickFire(tx.Dice(), gj.QuickFirers{Weapon: o.Weapon, Quality: o.Quality, Count: o.Count, Sharpshooter: o.Sharpshooter,
		Wounded: o.Wounded, Aimed: o.Aimed, Tap: o.Tap, Euro: o.European}, fo, house(tx))
	if err != nil {
		return interaction.Response{}, err
	}
	return reply(tx, r), nil
}

// artilleryOrder is /greenjackets artillery.
type artilleryOrder struct {
	decode.Mode
	Range float64 `opt:"range"`
	command
	Ammo    *gj.Ammo   `opt:"ammo"`
	Targets []gj.Entry `opt:"targets" roster:"squad,figure,character"`
	Cover   gj.Cover   `opt:"cover"`
	Placed  bool       `opt:"placed"`
	British bool       `opt:"british"`
	Mounted bool       `opt:"mounted"`
}

// Artillery is /greenjackets artillery: roundshot, canister, common shell or
// shrapnel (G14–G17), and against the roster the gun's load and the casualties.
func (*Ruleset) Artillery(tx *battle.Tx, o artilleryOrder) (interaction.Response, error) {
	cmd, err := o.of(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	g := gj.GunOrder{Command: cmd, Range: o.Range, Cover: o.Cover, Targets: o.Targets, Placed: o.Placed, British: o.British, Mounted: o.Mounted}
	if o.Ammo != nil {
		g.Ammo = *o.Ammo
	}
	var quick *gj.Board
	if !o.onRoster(o.Mode) {
		quick, g.Squads = gj.QuickGunBoard(g.Ammo), []string{gj.QuickUnit}
	}
	return play(tx, quick, func(b *gj.Board, a rules.Actor) (gj.Outcome, error) {
		g.Actor = a
		return b.Artillery(tx.Dice(), g, house(tx))
	})
}

// meleeOrder is /greenjackets melee.
type meleeOrder struct {
	decode.Mode
	Attackers  []gj.Entry `opt:"attackers" roster:"figure,character"`
	Defenders  []gj.Entry `opt:"defenders" roster:"figure,character"`
	FirstRound bool       `opt:"first-round" default:"true"`
	Contact    bool       `opt:"contact"`
	Target     string     `opt:"target" roster:"figure,character"`
	Terrain    gj.Terrain `opt:"terrain" default:"open"`
}

// Melee is /greenjackets melee: one figure against one or more (G18–G20);
// a name on the roster fights as it stands there, and takes its wounds.
func (*Ruleset) Melee(tx *battle.Tx, o meleeOrder) (interaction.Response, error) {
	m := gj.MeleeOrder{A: o.Attackers, B: o.Defenders, FirstRound: o.FirstRound, Contact: o.Contact, Target: o.Target, Terrain: o.Terrain}
	var quick *gj.Board
	if !o.Battle() {
		quick = gj.NewBoard()
	}
	return play(tx, quick, func(b *gj.Board, a rules.Actor) (gj.Outcome, error) {
		m.Actor = a
		return b.Melee(tx.Dice(), m, house(tx))
	})
}
