package greenjackets

import (
	"fmt"
	"slices"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

// kind names an action for the AP rules (G3) and the restrictions on it.
type kind string

const (
	actObserve  kind = "observe"
	actMove     kind = "move"
	actCover    kind = "take cover"
	actGetUp    kind = "get up"
	actLimber   kind = "limber"
	actUnlimber kind = "unlimber"
	actAim      kind = "take aim"
	actFire     kind = "fire"
	actReload   kind = "reload"
	actRally    kind = "rally"
	actMorale   kind = "morale"
	actMelee    kind = "melee"
)

// An order is an action given to one or more squads of one character.
type order struct {
	char   *Character
	squads []*Squad
	cost   int
	// free: no turn is running, so no AP are counted.
	free bool
}

// names splits a comma-separated list of names.
func names(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// mayCommand refuses anyone but the umpire and the player of the character.
func mayCommand(tx *battle.Tx, c *Character, what string) error {
	if tx.IsUmpire() || (c != nil && c.Player != "" && c.Player == tx.Req.User.ID) {
		return nil
	}
	if c == nil || c.Player == "" {
		return interaction.Refusef("Only the umpire can %s.", what)
	}
	return interaction.Refusef("%s is not yours to command: only %s or the umpire can %s.", render.Inert(c.Name), render.Inert(playerOf(tx.Game, c)), what)
}

// squadsFor finds the named squads (or a figure's squad).
func squadsFor(b *Board, list string) ([]*Squad, error) {
	ns := names(list)
	if len(ns) == 0 {
		return nil, interaction.Refuse("Name the squad (or squads, separated by commas).")
	}
	var out []*Squad
	for _, n := range ns {
		s := b.Squad(n)
		if s == nil {
			if fs, _ := b.Figure(n); fs != nil {
				s = fs
			}
		}
		if s == nil {
			return nil, interaction.Refusef("There is no squad called %s on the roster.", render.Inert(n))
		}
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out, nil
}

// rosterSquads loads the board and finds the squads the squad option names.
func rosterSquads(tx *battle.Tx) (*Board, []*Squad, error) {
	b, err := load(tx)
	if err != nil {
		return nil, nil, err
	}
	squads, err := squadsFor(b, tx.Req.String(optSquad))
	if err != nil {
		return nil, nil, err
	}
	return b, squads, nil
}

// rosterSquad is rosterSquads for an action by one squad: naming more is
// refused with tooMany.
func rosterSquad(tx *battle.Tx, tooMany error) (*Board, *Squad, error) {
	b, squads, err := rosterSquads(tx)
	if err != nil {
		return nil, nil, err
	}
	if len(squads) > 1 {
		return nil, nil, tooMany
	}
	return b, squads[0], nil
}

// orderSquads gives squads the order k with their officer at the distance
// option's inches from them, and returns the order and that distance.
func orderSquads(tx *battle.Tx, b *Board, squads []*Squad, k kind) (*order, float64, error) {
	dist, _, err := number(tx, optDistance)
	if err != nil {
		return nil, 0, err
	}
	o, err := giveOrder(tx, b, squads, dist, k)
	return o, dist, err
}

// giveOrder checks who may order the squads and charges the AP (G3, G4): one
// order for all squads within 6" of their officer, and for a squad d" away
// 1 + ceil((d − 6)/6) AP each.
func giveOrder(tx *battle.Tx, b *Board, squads []*Squad, distance float64, k kind) (*order, error) {
	for _, s := range squads {
		if s.Officer != squads[0].Officer {
			return nil, interaction.Refusef("%s and %s answer to different officers: give them separate orders.", render.Inert(squads[0].Name), render.Inert(s.Name))
		}
		if len(s.Living()) == 0 {
			return nil, rules.Breachf("Every man of %s is dead.", s.Name)
		}
	}
	c := b.Character(squads[0].Officer)
	if err := mayCommand(tx, c, "order "+squads[0].Name); err != nil {
		return nil, err
	}
	return orderFor(tx, b, c, squads, distance, k)
}

// orderFor charges character c (nil: a squad with no officer, the umpire's) for
// an action by squads (none: the character himself).
func orderFor(tx *battle.Tx, b *Board, c *Character, squads []*Squad, distance float64, k kind) (*order, error) {
	o := &order{char: c, squads: squads}
	if c != nil && c.Dead && k != actMorale {
		return nil, rules.Breachf("%s is dead: the umpire gives his squads to another character (/greenjackets roster squad officer:…).", c.Name)
	}
	t := b.Turn
	if t.Number == 0 || t.Ended || c == nil || k == actMorale {
		// A morale test costs no AP and may be taken when owed or called (G5).
		o.free = true
		return o, nil
	}
	switch c.State {
	case Waiting:
		return nil, rules.Breachf("It is not %s's move yet: he acts when the count reaches his card, or with /act when he chooses to.", c.Name)
	case Acted:
		return nil, rules.Breachf("%s has already acted this turn.", c.Name)
	}
	if len(t.Order) > 0 && !same(t.Order[0], c.Name) {
		return nil, rules.Breachf("%s has precedence and moves first; %s waits until that move is done.", t.Order[0], c.Name)
	}
	for _, s := range b.SquadsOf(c) {
		if (s.Owed > 0 || s.Called) && len(s.Living()) > 0 {
			return nil, rules.Breachf("%s must first test morale (G5): /greenjackets morale squad:%s.", s.Name, s.Name)
		}
	}
	if c.RallyOnly == t.Number && k != actMove && k != actRally {
		return nil, rules.Breachf("%s rallied a routing squad this turn and may only move and rally.", c.Name)
	}
	per, err := gj.CommandCost(distance)
	if err != nil {
		return nil, err
	}
	o.cost = per
	if distance > 6 {
		o.cost = per * len(squads)
	}
	if _, err := gj.Spend(c.AP, o.cost, string(k)); err != nil {
		return nil, rules.Breachf("%s has %s left; %s %s costs %s.", c.Name, plural(c.AP, "AP", "AP"), k, costWhy(distance), plural(o.cost, "AP", "AP"))
	}
	return o, nil
}

func costWhy(distance float64) string {
	if distance > 6 {
		return fmt.Sprintf("at %s from him", inches(distance))
	}
	return "here"
}

func inches(d float64) string {
	if d == float64(int(d)) {
		return fmt.Sprintf("%d\"", int(d))
	}
	return fmt.Sprintf("%.1f\"", d)
}

// pay spends the order's AP and ends the move when none are left; it returns the note.
func (o *order) pay(b *Board) string {
	if o.free {
		return "No turn is running: no AP counted."
	}
	if o.char == nil || o.cost == 0 {
		return ""
	}
	c := o.char
	c.AP -= o.cost
	c.Spent += o.cost
	note := fmt.Sprintf("%s spends %s; %s left.", render.Inert(c.Name), plural(o.cost, "AP", "AP"), plural(c.AP, "AP", "AP"))
	if c.AP <= 0 {
		c.State, c.AP = Acted, 0
		b.Turn.Order = slices.DeleteFunc(b.Turn.Order, func(n string) bool { return same(n, c.Name) })
		note += " His move is done."
		if len(b.Turn.Order) > 0 {
			note += fmt.Sprintf(" %s may go on.", render.Inert(b.Turn.Order[0]))
		}
	}
	return note
}

// reply logs a ruling and renders it with the roster changes it made.
func reply(tx *battle.Tx, r rules.Ruling, notes ...string) interaction.Response {
	footer := "quick ruling, not logged"
	if tx.Game != nil {
		n := tx.Log(render.Clip(r.Title+": "+r.Result, 300))
		if roll := tx.RollNumber(); roll > 0 {
			footer = fmt.Sprintf("roll #%d · log #%d", roll, n)
		} else {
			footer = fmt.Sprintf("log #%d", n)
		}
	}
	e := render.Ruling(r, footer)
	var kept []string
	for _, n := range notes {
		if n != "" {
			kept = append(kept, n)
		}
	}
	if len(kept) > 0 {
		e.Fields = append(e.Fields, interaction.Field{Name: "Roster", Value: render.Clip(strings.Join(kept, "\n"), render.MaxFieldValue)})
	}
	return interaction.Response{Public: []interaction.Message{{Embeds: []interaction.Embed{e}}}, Result: r}
}

// save stores the board.
func save(tx *battle.Tx, b *Board) error { return tx.SetBoard(b) }

// rosterMode reports whether an action names roster squads in a Green Jackets game.
func rosterMode(tx *battle.Tx, opt string) bool { return inGame(tx) && tx.Req.String(opt) != "" }

// option readers that turn a bad value into a refusal.

func quality(tx *battle.Tx, name string, def gj.Quality) (gj.Quality, error) {
	if !tx.Req.Has(name) {
		return def, nil
	}
	return gj.ParseQuality(tx.Req.String(name))
}

func cover(tx *battle.Tx) (gj.Cover, error) { return gj.ParseCover(tx.Req.String(optCover)) }

func speed(tx *battle.Tx, name string) (gj.Speed, error) { return gj.ParseSpeed(tx.Req.String(name)) }

func number(tx *battle.Tx, name string) (float64, bool, error) {
	v, ok := tx.Req.Float(name)
	if ok && v < 0 {
		return 0, false, interaction.Refusef("%s cannot be negative.", name)
	}
	return v, ok, nil
}

func required(tx *battle.Tx, name, what string) (float64, error) {
	v, ok, err := number(tx, name)
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, interaction.Refusef("Give the %s (`%s:`).", what, name)
	}
	return v, nil
}
