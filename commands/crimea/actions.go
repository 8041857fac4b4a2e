package crimea

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
	"github.com/referee-bot/referee/rules"
	rc "github.com/referee-bot/referee/rules/crimea"
)

// rosterMode reports whether a ruling is made against the channel's roster: the
// battle is a Crimea one and the roster option was given.
func rosterMode(tx *battle.Tx, opt string) bool { return crimeaGame(tx) && tx.Req.String(opt) != "" }

// actFor refuses a player acting for a unit that is not his.
func actFor(tx *battle.Tx, b *Board, u *Unit) error {
	if tx.IsUmpire() || b.plays(tx.Req.User.ID, u) {
		return nil
	}
	return interaction.Refusef("%s is not yours to command; the umpire or the player of its officer acts for it.", u.Name)
}

func actForOfficer(tx *battle.Tx, b *Board, o *Officer) error {
	if tx.IsUmpire() || b.playsOfficer(tx.Req.User.ID, o) {
		return nil
	}
	return interaction.Refusef("%s is not yours to play; the umpire or his player acts for him.", o.Name)
}

// Calibre is /crimea calibre: roll an officer's calibre (C3).
func Calibre(tx *battle.Tx) (interaction.Response, error) {
	if !rosterMode(tx, "officer") {
		name := tx.Req.String("name")
		if name == "" {
			name = "the officer"
			if tx.Req.String("officer") != "" {
				name = tx.Req.String("officer")
			}
		}
		r, c := rc.RollCalibre(tx.Dice(), name)
		tx.Log(fmt.Sprintf("calibre (quick): %s %s", name, c))
		return show(tx, r), nil
	}
	b, err := umpireBoard(tx, "roll an officer's calibre")
	if err != nil {
		return interaction.Response{}, err
	}
	o, err := b.mustOfficer(tx.Req.String("officer"))
	if err != nil {
		return interaction.Response{}, err
	}
	r, c := rc.RollCalibre(tx.Dice(), o.Name)
	o.Calibre = c
	if err := save(tx, b, fmt.Sprintf("calibre: %s %s", o.Name, c)); err != nil {
		return interaction.Response{}, err
	}
	resp := show(tx, r)
	if b.Turn > 0 {
		resp.Public[0].Content = "His orders follow the new calibre from the next turn."
	}
	return resp, nil
}

// Morale is /crimea morale: a unit's morale or an officer's officer morale (C5).
func Morale(tx *battle.Tx) (interaction.Response, error) {
	rule := moraleRule(tx)
	if rosterMode(tx, "unit") || rosterMode(tx, "officer") {
		b, err := load(tx)
		if err != nil {
			return interaction.Response{}, err
		}
		if tx.Req.String("unit") != "" {
			u, err := b.mustUnit(tx.Req.String("unit"))
			if err != nil {
				return interaction.Response{}, err
			}
			if err := actFor(tx, b, u); err != nil {
				return interaction.Response{}, err
			}
			r, out, err := rc.MoraleTest(tx.Dice(), u.Name, u.Morale, false, rule)
			if err != nil {
				return interaction.Response{}, err
			}
			tx.Log(fmt.Sprintf("morale: %s %s (%d)", u.Name, passWord(out.Passed), out.Roll))
			return show(tx, r), nil
		}
		o, err := b.mustOfficer(tx.Req.String("officer"))
		if err != nil {
			return interaction.Response{}, err
		}
		if err := actForOfficer(tx, b, o); err != nil {
			return interaction.Response{}, err
		}
		if o.Dead {
			return interaction.Response{}, interaction.Refusef("%s is dead.", o.Name)
		}
		r, out, err := rc.MoraleTest(tx.Dice(), o.Name, o.Morale, true, rule)
		if err != nil {
			return interaction.Response{}, err
		}
		tx.Log(fmt.Sprintf("officer morale: %s %s (%d)", o.Name, passWord(out.Passed), out.Roll))
		return show(tx, r), nil
	}
	rating := tx.Req.IntOr("rating", rc.DefaultMorale)
	name := tx.Req.String("name")
	if name == "" {
		name = "the unit"
		if tx.Req.Bool("officer-test") {
			name = "the officer"
		}
	}
	r, out, err := rc.MoraleTest(tx.Dice(), name, rating, tx.Req.Bool("officer-test"), rule)
	if err != nil {
		return interaction.Response{}, err
	}
	tx.Log(fmt.Sprintf("morale (quick): %s %d%% %s (%d)", name, rating, passWord(out.Passed), out.Roll))
	return show(tx, r), nil
}

func passWord(p bool) string {
	if p {
		return "passes"
	}
	return "fails"
}

// mover is a roster unit as it moves with the modifier.
func (b *Board) mover(u *Unit) (rc.Mover, []rules.Reading) {
	row, rd := rc.RowFor(u.Type, u.Nationality, u.Formation)
	in, set := b.Allowances[row]
	return rc.Mover{Name: u.Name, Type: u.Type, Row: row, Allowance: in, Set: set}, rd
}

// modifierKey is what a movement modifier is rolled for: the unit's brigade
// officer, or the lone unit itself.
func modifierKey(u *Unit) (key, who string) {
	if u.Officer != "" {
		return "officer:" + strings.ToLower(u.Officer), u.Officer + "'s brigade"
	}
	return "unit:" + strings.ToLower(u.Name), u.Name
}

// rollModifier rolls a brigade's or lone unit's movement modifier once a turn
// and reads it for the movers; a roll already made this turn is read again.
func rollModifier(tx *battle.Tx, b *Board, key, who string, movers []rc.Mover) (rules.Ruling, bool) {
	if roll, ok := b.Rolled[key]; ok {
		r, _ := rc.ReadMovement(roll, who, movers, gapRule(tx))
		return r, false
	}
	r, _ := rc.MovementModifier(tx.Dice(), who, movers, gapRule(tx))
	if b.Turn > 0 {
		if b.Rolled == nil {
			b.Rolled = map[string]rules.Roll{}
		}
		b.Rolled[key] = r.Steps[0].Roll
	}
	return r, true
}

// Movement is /crimea movement: the movement modifier for a brigade or a lone
// unit out of command (C6).
func Movement(tx *battle.Tx) (interaction.Response, error) {
	if rosterMode(tx, "brigade") || rosterMode(tx, "unit") {
		b, err := load(tx)
		if err != nil {
			return interaction.Response{}, err
		}
		var key, who string
		var units []*Unit
		if name := tx.Req.String("brigade"); name != "" {
			o, err := b.mustOfficer(name)
			if err != nil {
				return interaction.Response{}, err
			}
			if err := actForOfficer(tx, b, o); err != nil {
				return interaction.Response{}, err
			}
			for i := range b.Units {
				if strings.EqualFold(b.Units[i].Officer, o.Name) {
					units = append(units, &b.Units[i])
				}
			}
			if len(units) == 0 {
				return interaction.Response{}, interaction.Refusef("%s has no units under him to move.", o.Name)
			}
			key, who = modifierKey(units[0])
		} else {
			u, err := b.mustUnit(tx.Req.String("unit"))
			if err != nil {
				return interaction.Response{}, err
			}
			if err := actFor(tx, b, u); err != nil {
				return interaction.Response{}, err
			}
			if u.Officer != "" {
				return interaction.Response{}, interaction.Refusef("%s is in %s's brigade: the modifier is rolled for the brigade (`brigade:%s`).", u.Name, u.Officer, u.Officer)
			}
			units = []*Unit{u}
			key, who = modifierKey(u)
		}
		var movers []rc.Mover
		var readings []rules.Reading
		for _, u := range units {
			m, rd := b.mover(u)
			movers = append(movers, m)
			readings = append(readings, rd...)
		}
		r, fresh := rollModifier(tx, b, key, who, movers)
		r.Readings = dedupe(append(readings, r.Readings...))
		if !fresh {
			r.Title += " (rolled earlier this turn)"
		} else {
			tx.Log(fmt.Sprintf("movement modifier: %s %d", who, r.Steps[0].Roll.Total))
		}
		if err := tx.SetBoard(b); err != nil {
			return interaction.Response{}, err
		}
		return show(tx, r), nil
	}
	t, ok, err := option(tx.Req, "type", rc.ParseUnitType, "unit type")
	if err != nil {
		return interaction.Response{}, err
	}
	var movers []rc.Mover
	who := "the brigade"
	if ok {
		row, _ := rc.RowFor(t, rc.British, rc.Line)
		in, set := tx.Req.Int("allowance")
		movers = []rc.Mover{{Name: "the " + string(t), Type: t, Row: row, Allowance: in, Set: set}}
		who = "the " + string(t)
	}
	r, out := rc.MovementModifier(tx.Dice(), who, movers, gapRule(tx))
	tx.Log(fmt.Sprintf("movement modifier (quick): %d", out.Roll))
	return show(tx, r), nil
}

func dedupe(rs []rules.Reading) []rules.Reading {
	var out []rules.Reading
	for _, r := range rs {
		if !contains(out, r) {
			out = append(out, r)
		}
	}
	return out
}

// Move is /crimea move: an officer orders a unit to move (C3–C4), spending his
// orders, and the unit's move this turn is its allowance with the brigade's
// movement modifier (C6).
func Move(tx *battle.Tx) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	u, err := b.mustUnit(tx.Req.String("unit"))
	if err != nil {
		return interaction.Response{}, err
	}
	oname := tx.Req.String("officer")
	if oname == "" {
		oname = u.Officer
	}
	if oname == "" {
		return interaction.Response{}, interaction.Refusef("%s is under no officer, so it has no orders and may not move (it may still fire and pivot). Name an officer who may order it: `officer:`.", u.Name)
	}
	o, err := b.mustOfficer(oname)
	if err != nil {
		return interaction.Response{}, err
	}
	if !tx.IsUmpire() && !b.playsOfficer(tx.Req.User.ID, o) {
		return interaction.Response{}, interaction.Refusef("Only the umpire or the player of %s can give his orders.", o.Name)
	}
	card, ok := b.current()
	switch {
	case b.Turn == 0:
		return interaction.Response{}, interaction.Refuse("No turn has started: the umpire shuffles the movement deck with `/turn new` and draws with `/turn next`.")
	case !ok:
		return interaction.Response{}, interaction.Refusef("No card is turned up yet in turn %d: the umpire draws with `/turn next`.", b.Turn)
	case u.Stands == 0:
		return interaction.Response{}, interaction.Refusef("%s is destroyed.", u.Name)
	case u.Moved:
		return interaction.Response{}, interaction.Refusef("%s has already moved this turn.", u.Name)
	case o.Dead:
		return interaction.Response{}, interaction.Refusef("%s is dead and issues no orders, so %s may not move on his order.", o.Name, u.Name)
	case o.Wounded:
		return interaction.Response{}, interaction.Refusef("%s is wounded and issues no orders until he recovers, so %s may not move on his order.", o.Name, u.Name)
	case !b.mayOrder(o, u):
		return interaction.Response{}, interaction.Refusef("%s may not order %s: a brigade officer orders his own units, a wing or division commander the units under him, the commander-in-chief any unit of his army.", o.Name, u.Name)
	}
	cmd := b.commandOf(u)
	if card.Side != u.Side {
		return interaction.Response{}, interaction.Refusef("The card turned up is %s: %s. %s is %s and waits for its own card.", card, card.Moves(), u.Name, u.Side)
	}
	if card.Command == rc.FreeMove {
		if b.Free != "" && b.Free != string(cmd)+"|" {
			return interaction.Response{}, interaction.Refusef("On this free move the %s side chose to move its %s; %s is in the %s.", card.Side, freeName(b.Free), u.Name, commandLabel(cmd))
		}
	} else if cmd != card.Command {
		return interaction.Response{}, interaction.Refusef("The card turned up is %s: only that command moves. %s is in the %s.", card, u.Name, commandLabel(cmd))
	}
	need := rc.OrdersNeeded(tx.Req.Bool("far"))
	if o.Orders < need {
		why := "1 order"
		if need == 2 {
			why = "2 orders (it is more than 18\" from him)"
		}
		return interaction.Response{}, interaction.Refusef("%s has %s left this turn and %s needs %s to move. Units without orders may still fire and pivot up to 45°.", o.Name, plural(o.Orders, "order", "orders"), u.Name, why)
	}
	o.Orders -= need
	u.Moved = true
	if card.Command == rc.FreeMove {
		b.Free = string(cmd) + "|"
	}
	m, rd := b.mover(u)
	key, who := modifierKey(u)
	r, fresh := rollModifier(tx, b, key, who, []rc.Mover{m})
	orders := rules.Step{What: fmt.Sprintf("order from %s (%s)", o.Name, o.Calibre), Table: "orders",
		Row: plural(need, "order", "orders"), Result: fmt.Sprintf("%s left", plural(o.Orders, "order", "orders"))}
	r.Steps = append([]rules.Step{orders}, r.Steps...)
	r.Title = "Move: " + u.Name
	if !fresh {
		r.Steps[1].What += " (rolled earlier this turn)"
	}
	r.Readings = dedupe(append(append(rd, rules.Reading{ID: "C3", Text: "units need an order to move; more than 18\" from the officer, two"}), r.Readings...))
	tx.Log(fmt.Sprintf("move: %s on %s's order (%d left)", u.Name, o.Name, o.Orders))
	if err := tx.SetBoard(b); err != nil {
		return interaction.Response{}, err
	}
	return show(tx, r), nil
}

func commandLabel(c rc.Command) string {
	if c == "" {
		return "units under no wing"
	}
	return string(c)
}

func freeName(f string) string { return commandLabel(rc.Command(strings.TrimSuffix(f, "|"))) }

// Fire is /crimea fire: fire by stands (C7).
func Fire(tx *battle.Tx) (interaction.Response, error) {
	req := tx.Req
	ammo, _, err := option(req, "ammo", rc.ParseAmmo, "kind of ammunition (ball or canister)")
	if err != nil {
		return interaction.Response{}, err
	}
	var mults []rc.Multiplier
	if f, ok := req.Float("multiplier"); ok {
		reason := req.String("reason")
		if reason == "" {
			reason = "umpire's multiplier"
		}
		mults = append(mults, rc.Multiplier{Factor: f, Reason: reason})
	}
	if !rosterMode(tx, "unit") {
		nat, ok, err := option(req, "nationality", rc.ParseNationality, "nationality")
		if err != nil || !ok {
			return interaction.Response{}, orRefuse(err, "For a quick ruling give the firers' nationality, type and stands (or name a roster unit with `unit:`).")
		}
		t, ok, err := option(req, "type", rc.ParseUnitType, "unit type")
		if err != nil || !ok {
			return interaction.Response{}, orRefuse(err, "Give the firers' type: infantry or artillery.")
		}
		stands, ok := req.Int("stands")
		if !ok {
			return interaction.Response{}, interaction.Refuse("Give the number of stands firing.")
		}
		in := rc.FireInput{Firers: []rc.FireGroup{{Name: fmt.Sprintf("%s %s", nat, t), Nationality: nat, Type: t, Ammo: ammo, Stands: stands}},
			Target: req.String("target"), TargetColumn: req.Bool("column"), Multipliers: mults}
		r, out, err := rc.Fire(tx.Dice(), in)
		if err != nil {
			return interaction.Response{}, err
		}
		tx.Log(fmt.Sprintf("fire (quick): %s, %d stands", percentText(out.Chance), out.Hits))
		return show(tx, r), nil
	}
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	u, err := b.mustUnit(req.String("unit"))
	if err != nil {
		return interaction.Response{}, err
	}
	if err := actFor(tx, b, u); err != nil {
		return interaction.Response{}, err
	}
	if req.String("target") == "" {
		return interaction.Response{}, interaction.Refusef("Name the unit %s fires at: `target:`.", u.Name)
	}
	t, err := b.mustUnit(req.String("target"))
	if err != nil {
		return interaction.Response{}, err
	}
	switch {
	case t.Side == u.Side:
		return interaction.Response{}, interaction.Refusef("%s and %s are on the same side.", u.Name, t.Name)
	case u.Stands == 0:
		return interaction.Response{}, interaction.Refusef("%s is destroyed.", u.Name)
	case t.Stands == 0:
		return interaction.Response{}, interaction.Refusef("%s is already destroyed.", t.Name)
	}
	in := rc.FireInput{Firers: []rc.FireGroup{{Name: u.Name, Nationality: u.Nationality, Type: u.Type, Ammo: ammo, Stands: u.Stands}},
		Target: t.Name, TargetColumn: t.Formation == rc.Column, Multipliers: mults}
	r, out, err := rc.Fire(tx.Dice(), in)
	if err != nil {
		return interaction.Response{}, err
	}
	hits := min(out.Hits, t.Stands)
	t.Stands -= hits
	t.LostToFire += hits
	note := fmt.Sprintf("%s: %d of %d stands left.", t.Name, t.Stands, t.Start)
	if hits < out.Hits {
		note = fmt.Sprintf("%s had only %s to lose.", t.Name, plural(hits, "stand", "stands"))
	}
	if t.Stands == 0 {
		note += " It is destroyed."
	}
	tx.Log(fmt.Sprintf("fire: %s at %s, %s", u.Name, t.Name, plural(hits, "stand", "stands")))
	if err := tx.SetBoard(b); err != nil {
		return interaction.Response{}, err
	}
	resp := show(tx, r)
	resp.Public[0].Content = render.Inert(note)
	return resp, nil
}

func percentText(p float64) string {
	s := strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.2f", p), "0"), ".")
	return s + "%"
}

// Combat is /crimea combat: close combat (C8).
func Combat(tx *battle.Tx) (interaction.Response, error) {
	req := tx.Req
	in := rc.CombatInput{Morale: moraleRule(tx), Tie: tieRule(tx), Casualties: casualtyRule(tx), Uphill: req.Bool("uphill"), Facing: rc.Front}
	if f, ok, err := option(req, "facing", rc.ParseFacing, "facing (front, flank or rear)"); err != nil {
		return interaction.Response{}, err
	} else if ok {
		in.Facing = f
	}
	var b *Board
	if crimeaGame(tx) {
		var err error
		if b, err = load(tx); err != nil {
			return interaction.Response{}, err
		}
	}
	if b == nil || b.unit(req.String("attacker")) == nil {
		a, err := quickCombatant(req, "attacker", rc.Line)
		if err != nil {
			return interaction.Response{}, err
		}
		d, err := quickCombatant(req, "defender", rc.Line)
		if err != nil {
			return interaction.Response{}, err
		}
		in.Attacker, in.Defender = a, d
		r, out, err := rc.CloseCombat(tx.Dice(), in)
		if err != nil {
			return interaction.Response{}, err
		}
		tx.Log(fmt.Sprintf("close combat (quick): %s", combatSummary(out)))
		return show(tx, r), nil
	}
	a, err := b.mustUnit(req.String("attacker"))
	if err != nil {
		return interaction.Response{}, err
	}
	d, err := b.mustUnit(req.String("defender"))
	if err != nil {
		return interaction.Response{}, err
	}
	if err := actFor(tx, b, a); err != nil {
		return interaction.Response{}, err
	}
	switch {
	case a.Side == d.Side:
		return interaction.Response{}, interaction.Refusef("%s and %s are on the same side.", a.Name, d.Name)
	case a.Stands == 0 || d.Stands == 0:
		return interaction.Response{}, interaction.Refuse("A destroyed unit cannot fight.")
	case b.Turn > 0 && !a.Moved && !tx.IsUmpire():
		return interaction.Response{}, interaction.Refusef("%s has had no order to move this turn, and a charge is a move: give it one with `/crimea move` first (units without orders may only fire and pivot).", a.Name)
	}
	ao, err := b.attached(req.String("attacker-officer"), a)
	if err != nil {
		return interaction.Response{}, err
	}
	do, err := b.attached(req.String("defender-officer"), d)
	if err != nil {
		return interaction.Response{}, err
	}
	in.Attacker = combatant(a, ao)
	in.Defender = combatant(d, do)
	r, out, err := rc.CloseCombat(tx.Dice(), in)
	if err != nil {
		return interaction.Response{}, err
	}
	var notes []string
	for _, s := range []struct {
		u      *Unit
		lost   int
		o      *Officer
		killed bool
	}{{a, out.AttackerLost, ao, out.AttackerOfficerKilled}, {d, out.DefenderLost, do, out.DefenderOfficerKilled}} {
		if s.lost > 0 {
			n := min(s.lost, s.u.Stands)
			s.u.Stands -= n
			line := fmt.Sprintf("%s: %d of %d stands left", s.u.Name, s.u.Stands, s.u.Start)
			if s.u.Stands == 0 {
				line += ", destroyed"
			}
			notes = append(notes, line)
		}
		if s.killed && s.o != nil {
			s.o.Dead, s.o.Orders = true, 0
			notes = append(notes, s.o.Name+" is dead: he issues no more orders")
		}
	}
	tx.Log(fmt.Sprintf("close combat: %s v %s, %s", a.Name, d.Name, combatSummary(out)))
	if err := tx.SetBoard(b); err != nil {
		return interaction.Response{}, err
	}
	resp := show(tx, r)
	if len(notes) > 0 {
		resp.Public[0].Content = render.Inert(strings.Join(notes, "; ") + ".")
	}
	return resp, nil
}

// attached finds the officer attached to a unit for a combat: on its side, alive
// and not wounded.
func (b *Board) attached(name string, u *Unit) (*Officer, error) {
	if name == "" {
		return nil, nil
	}
	o, err := b.mustOfficer(name)
	if err != nil {
		return nil, err
	}
	switch {
	case o.Side != u.Side:
		return nil, interaction.Refusef("%s is %s and cannot be attached to %s.", o.Name, o.Side, u.Name)
	case o.Dead:
		return nil, interaction.Refusef("%s is dead.", o.Name)
	case o.Wounded:
		return nil, interaction.Refusef("%s is wounded and cannot lead %s.", o.Name, u.Name)
	}
	return o, nil
}

func combatant(u *Unit, o *Officer) rc.Combatant {
	c := rc.Combatant{Name: u.Name, Type: u.Type, Formation: u.Formation, Morale: u.Morale, LostToFire: u.LostToFire, Disordered: u.Disordered}
	if o != nil {
		c.Officer = o.Name
	}
	return c
}

func quickCombatant(req interaction.Request, side string, def rc.Formation) (rc.Combatant, error) {
	c := rc.Combatant{Name: req.String(side), Formation: def, Morale: req.IntOr(side+"-morale", rc.DefaultMorale),
		LostToFire: req.IntOr(side+"-lost", 0), Officer: req.String(side + "-officer"), Disordered: req.Bool(side + "-disordered")}
	if c.Name == "" {
		c.Name = "the " + side
	}
	t, ok, err := option(req, side+"-type", rc.ParseUnitType, "unit type")
	if err != nil || !ok {
		return c, orRefuse(err, fmt.Sprintf("%q is not on the roster: for a quick ruling give the %s's type (`%s-type:`) and any other factors.", clipName(c.Name), side, side))
	}
	c.Type = t
	if f, ok, err := option(req, side+"-formation", rc.ParseFormation, "formation"); err != nil {
		return c, err
	} else if ok {
		c.Formation = f
	}
	return c, nil
}

func combatSummary(out rc.CombatOutcome) string {
	switch {
	case !out.AttackerPassed:
		return "attacker fails morale"
	case !out.DefenderPassed:
		return "defender falls back"
	}
	w := "tie"
	if out.Winner != "" {
		w = out.Winner + " wins"
	}
	return fmt.Sprintf("%d v %d, %s, stands lost %d/%d", out.AttackerTotal, out.DefenderTotal, w, out.AttackerLost, out.DefenderLost)
}

// Ride is /crimea ride: does an officer ride with a charge of his men (C3)?
func Ride(tx *battle.Tx) (interaction.Response, error) {
	req := tx.Req
	var units []string
	for _, s := range strings.Split(req.String("units"), ",") {
		if s = strings.TrimSpace(s); s != "" {
			units = append(units, s)
		}
	}
	if len(units) > 10 {
		return interaction.Response{}, interaction.Refuse("Name at most 10 charging units.")
	}
	var st rc.OfficerState
	var b *Board
	if crimeaGame(tx) {
		var err error
		if b, err = load(tx); err != nil {
			return interaction.Response{}, err
		}
	}
	if o := b.officerOrNil(req.String("officer")); o != nil {
		if err := actForOfficer(tx, b, o); err != nil {
			return interaction.Response{}, err
		}
		for i, n := range units {
			u, err := b.mustUnit(n)
			if err != nil {
				return interaction.Response{}, err
			}
			if u.Side != o.Side {
				return interaction.Response{}, interaction.Refusef("%s is not one of %s's men.", u.Name, o.Name)
			}
			units[i] = u.Name
		}
		st = o.state()
	} else {
		c, ok, err := option(req, "calibre", rc.ParseCalibre, "calibre")
		if err != nil || !ok {
			return interaction.Response{}, orRefuse(err, "For a quick ruling give the officer's calibre (`calibre:`), or name an officer on the roster.")
		}
		st = rc.OfficerState{Name: req.String("officer"), Calibre: c, Morale: req.IntOr("morale", rc.DefaultMorale)}
	}
	r, out, err := rc.RideWithCharge(tx.Dice(), st, units, moraleRule(tx))
	if err != nil {
		return interaction.Response{}, err
	}
	tx.Log(fmt.Sprintf("ride with charge: %s %v %s", st.Name, out.Rides, out.Unit))
	return show(tx, r), nil
}

// officerOrNil finds an officer on a board that may be nil (no Crimea battle).
func (b *Board) officerOrNil(name string) *Officer {
	if b == nil || name == "" {
		return nil
	}
	return b.officer(name)
}

// Choices suggests roster names for the focused option.
func (Ruleset) Choices(g *battle.Game, req interaction.Request) []interaction.Choice {
	decode := func(g *battle.Game) (*Board, error) { return decodeBoard(g.Board) }
	suggest := func(b *Board, req interaction.Request) []interaction.Choice {
		return b.suggest(req.Focused, req.String(req.Focused))
	}
	return roster.Suggest(g, req, decode, suggest)
}
