package firing2007

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	fr "github.com/referee-bot/referee/rules/firing2007"
)

// quickOnly are the fire options that describe the firer and target for a quick
// ruling; against the roster they come from the roster.
var quickOnly = []string{optFirerType, optStrength, optColumn, optShaken, optCover, optMorale, optGeneral, optGeneralWounds}

// Fire is /firing2007 fire: against the roster when firer and target are named,
// otherwise a quick ruling from the options.
func Fire(tx *battle.Tx) (interaction.Response, error) {
	req := tx.Req
	dist, ok := req.Float(optDistance)
	if !ok {
		return interaction.Response{}, interaction.Refuse("Give the distance to the target in inches (distance:).")
	}
	shot := fr.Shot{Distance: dist, FriendlyInArc: req.Bool(optFriendlyInArc), HigherGround: req.Bool(optHigherGround), House: house(tx)}
	if c, ok := req.Float(optOverFriendly); ok {
		shot.Overhead, shot.Clearance, shot.FriendlyInArc = true, c, true
	}
	if req.Has(optFirer) || req.Has(optTarget) {
		return rosterFire(tx, shot)
	}
	return quickFire(tx, shot)
}

// rosterFire resolves fire between two units of the roster and applies it.
func rosterFire(tx *battle.Tx, shot fr.Shot) (interaction.Response, error) {
	req := tx.Req
	if tx.Game == nil {
		return interaction.Response{}, interaction.Refuse("There is no battle in this channel, so no roster: for a quick ruling leave out firer and target and give firer-type, strength and the target's cover.")
	}
	var given []string
	for _, o := range quickOnly {
		if req.Has(o) {
			given = append(given, "`"+o+"`")
		}
	}
	if len(given) > 0 {
		return interaction.Response{}, interaction.Refusef("Against the roster the firer and target come from the roster: leave out %s (the umpire changes a unit with `/firing2007 unit-set`).", strings.Join(given, ", "))
	}
	var b Board
	if err := load(tx, &b); err != nil {
		return interaction.Response{}, err
	}
	if req.String(optFirer) == "" || req.String(optTarget) == "" {
		return interaction.Response{}, interaction.Refuse("Name both the firing unit (firer:) and its target (target:).")
	}
	firer, err := b.mustUnit(req.String(optFirer))
	if err != nil {
		return interaction.Response{}, err
	}
	target, err := b.mustUnit(req.String(optTarget))
	if err != nil {
		return interaction.Response{}, err
	}
	if !tx.IsUmpire() && firer.Player != req.User.ID {
		who := "the umpire"
		if firer.Player != "" {
			who = render.Inert(tx.Game.Player(firer.Player)) + " or the umpire"
		}
		return interaction.Response{}, interaction.Refusef("%s is not yours to command: only %s can order it to fire.", quote(firer.Name), who)
	}
	if firer.ID == target.ID {
		return interaction.Response{}, interaction.Refusef("%s cannot fire at itself.", quote(firer.Name))
	}
	if strings.EqualFold(firer.Side, target.Side) {
		return interaction.Response{}, interaction.Refusef("%s and %s are both on the %s side.", quote(firer.Name), quote(target.Name), render.Inert(firer.Side))
	}
	shot.Firer = fr.Firer{Type: firer.Type, Strength: firer.Strength, Column: firer.Formation == fr.Column, Shaken: firer.Shaken}
	shot.Cover = target.Cover
	gens := b.generalsWith(target.ID)
	t := fr.Target{Name: target.Name, Strength: target.Strength, HasStrength: true, Morale: target.Morale, HasMorale: true, Shaken: target.Shaken}
	for _, g := range gens {
		t.Generals = append(t.Generals, fr.General{Name: g.Name, LightWounds: g.LightWounds})
	}
	if firer.Strength == 0 {
		return interaction.Response{}, interaction.Refusef("%s has no strength points left, so it cannot fire.", quote(firer.Name))
	}
	r, out, err := fr.Fire(tx.Dice(), firer.Name, shot, t)
	if err != nil {
		return interaction.Response{}, err
	}

	var notes []string
	if firer.Fired {
		notes = append(notes, fmt.Sprintf("Note: %s had already fired this turn; the text sets no limit, so that is the umpire's call.", quote(firer.Name)))
	}
	firer.Fired = true
	if out.Lost {
		target.Strength--
	}
	if out.Shaken {
		target.Shaken = true
	}
	var killed []*General
	for i, o := range out.Generals {
		g := gens[i]
		g.LightWounds = o.LightWounds
		if o.Fate == fr.Killed {
			g.Dead = true
			killed = append(killed, g)
		}
	}
	summary := fmt.Sprintf("%s fired at %s, %s\": score %d, %s", firer.Name, target.Name, inches(shot.Distance), out.Score, effect(out))
	n := tx.Log(render.Clip(summary, 120))
	turn := ""
	if b.Turn > 0 {
		turn = "turn " + strconv.Itoa(b.Turn)
	}
	msg := interaction.Message{Embeds: []interaction.Embed{render.Ruling(r, footer(tx, turn))}}
	for _, g := range killed {
		note, buttons := b.deathOf(g, n)
		notes = append(notes, note)
		msg.Buttons = append(msg.Buttons, buttons...)
	}
	msg.Content = render.Clip(strings.Join(notes, "\n"), render.MaxContent)
	if err := tx.SetBoard(b); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Response{Public: []interaction.Message{msg}, Result: r}, nil
}

// deathOf records a killed general's chain test for the umpire and says what is
// asked of them, with buttons for the two common answers.
func (b *Board) deathOf(g *General, entry int) (string, []interaction.Button) {
	chain := b.names(g.Chain)
	if len(chain) == 0 {
		return fmt.Sprintf("General %s had no chain of command on the roster, so his death shakes no unit.", quote(g.Name)), nil
	}
	if b.pending(g.ID) < 0 {
		b.Pending = append(b.Pending, Pending{General: g.ID, Entry: entry})
	}
	note := fmt.Sprintf("**General %s is dead.** Umpire: which units of his chain of command — %s — are within 18\"? Those are shaken. "+
		"Press a button, or name them: `/firing2007 chain general:%s units:…`",
		render.Inert(g.Name), render.Inert(strings.Join(chain, ", ")), render.Inert(g.Name))
	id := strconv.Itoa(g.ID)
	return note, []interaction.Button{
		{Label: render.Clip(fmt.Sprintf("All %d within 18\": shake them", len(chain)), 80), ID: battle.ButtonFiring2007Chain + "/" + id + "/all", Style: interaction.Danger},
		{Label: "None within 18\"", ID: battle.ButtonFiring2007Chain + "/" + id + "/none", Style: interaction.Secondary},
	}
}

// effect is what a fire did, for the log.
func effect(out fr.Outcome) string {
	var parts []string
	if out.Lost {
		parts = append(parts, "-1 SP")
	} else {
		parts = append(parts, "no loss")
	}
	if out.Shaken {
		parts = append(parts, "shaken")
	}
	for _, g := range out.Generals {
		if g.Fate != fr.Unhurt {
			parts = append(parts, g.Name+" "+shortFate(g.Fate))
		}
	}
	return strings.Join(parts, ", ")
}

func shortFate(f fr.Fate) string {
	switch f {
	case fr.LightWound:
		return "wounded"
	case fr.Incapacitated:
		return "incapacitated"
	case fr.Killed:
		return "killed"
	}
	return "unhurt"
}

// quickFire resolves fire from options alone; in a game it is logged but the
// roster is not touched.
func quickFire(tx *battle.Tx, shot fr.Shot) (interaction.Response, error) {
	req := tx.Req
	typ := fr.UnitType(req.String(optFirerType))
	kind, ok := fr.Kind(typ)
	if !ok {
		return interaction.Response{}, interaction.Refuse("Name the firing unit and its target from the roster (firer:, target:), or for a quick ruling give the firer's type (firer-type:) and strength points (strength:).")
	}
	strength, ok := req.Int(optStrength)
	if !ok {
		return interaction.Response{}, interaction.Refusef("Give the %s's strength points (strength:): 3–4 fire at −1, 1–2 at −2.", kind.Label)
	}
	shot.Firer = fr.Firer{Type: typ, Strength: strength, Column: req.Bool(optColumn), Shaken: req.Bool(optShaken)}
	cover, ok := fr.ParseCover(req.String(optCover))
	if !ok {
		return interaction.Response{}, interaction.Refuse("Cover is none, soft (woods), hard (buildings) or solid.")
	}
	shot.Cover = cover
	var t fr.Target
	if m, ok := req.Int(optMorale); ok {
		t.Morale, t.HasMorale = m, true
	}
	if req.Bool(optGeneral) {
		t.Generals = []fr.General{{LightWounds: req.IntOr(optGeneralWounds, 0)}}
	} else if req.Has(optGeneralWounds) {
		return interaction.Response{}, interaction.Refuse("general-wounds is for a general with the target: add general:true.")
	}
	firer := strings.ToUpper(kind.Label[:1]) + kind.Label[1:]
	if shot.Firer.Column {
		firer += " in column"
	}
	r, out, err := fr.Fire(tx.Dice(), firer, shot, t)
	if err != nil {
		return interaction.Response{}, err
	}
	tx.Log(fmt.Sprintf("quick ruling: %s fired, %s\": score %d, %s", kind.Label, inches(shot.Distance), out.Score, effect(out)))
	return interaction.Response{Public: []interaction.Message{{Embeds: []interaction.Embed{render.Ruling(r, footer(tx, ""))}}}, Result: r}, nil
}

// footer is the ruling's footer: its roll number in a game, or that it was not logged.
func footer(tx *battle.Tx, extra string) string {
	if tx.Game == nil {
		return "quick ruling, not logged"
	}
	s := "roll #" + strconv.FormatUint(tx.RollNumber(), 10)
	if extra != "" {
		s += " · " + extra
	}
	return s
}

// inches renders a distance without trailing zeros.
func inches(d float64) string { return strconv.FormatFloat(d, 'f', -1, 64) }

// Risk is /firing2007 risk: the umpire rolls for a general on the roster, or
// anyone asks a quick ruling.
func Risk(tx *battle.Tx) (interaction.Response, error) {
	req := tx.Req
	if !req.Has(optGeneral) {
		r, out := fr.Risk(tx.Dice(), fr.General{LightWounds: req.IntOr(optWounds, 0)})
		tx.Log("quick ruling: risk to a general: " + shortFate(out.Fate))
		return interaction.Response{Public: []interaction.Message{{Embeds: []interaction.Embed{render.Ruling(r, footer(tx, ""))}}}, Result: r}, nil
	}
	if tx.Game == nil {
		return interaction.Response{}, interaction.Refuse("There is no battle in this channel, so no roster: for a quick ruling leave out general (give wounds: if he has a light wound).")
	}
	if req.Has(optWounds) {
		return interaction.Response{}, interaction.Refuse("Against the roster his wounds come from the roster: leave out `wounds` (the umpire changes them with `/firing2007 general-set`).")
	}
	if err := tx.RequireUmpire("call a risk roll for a general (it is rolled by itself when his unit loses strength to fire)"); err != nil {
		return interaction.Response{}, err
	}
	var b Board
	if err := load(tx, &b); err != nil {
		return interaction.Response{}, err
	}
	g, err := b.mustGeneral(req.String(optGeneral))
	if err != nil {
		return interaction.Response{}, err
	}
	if g.Out() {
		return interaction.Response{}, interaction.Refusef("General %s is already out of play (%s).", quote(g.Name), outWhy(*g))
	}
	r, out := fr.Risk(tx.Dice(), fr.General{Name: g.Name, LightWounds: g.LightWounds})
	g.LightWounds = out.LightWounds
	n := tx.Log(render.Clip(fmt.Sprintf("risk to general %s: %s", g.Name, shortFate(out.Fate)), 120))
	msg := interaction.Message{Embeds: []interaction.Embed{render.Ruling(r, footer(tx, ""))}}
	if out.Fate == fr.Killed {
		g.Dead = true
		note, buttons := b.deathOf(g, n)
		msg.Content, msg.Buttons = render.Clip(note, render.MaxContent), buttons
	}
	if err := tx.SetBoard(b); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Response{Public: []interaction.Message{msg}, Result: r}, nil
}

func outWhy(g General) string {
	if g.Dead {
		return "dead"
	}
	return "incapacitated by a second light wound"
}

// ChainResult is the machine-readable result of settling a chain test.
type ChainResult struct {
	General string   `json:"general"`
	Shaken  []string `json:"shaken"`
	Spared  []string `json:"spared"`
}

// Chain is /firing2007 chain: the umpire names the units of a killed general's
// chain of command that were within 18", and they are shaken.
func Chain(tx *battle.Tx) (interaction.Response, error) {
	var b Board
	if err := load(tx, &b); err != nil {
		return interaction.Response{}, err
	}
	g, err := b.mustGeneral(tx.Req.String(optGeneral))
	if err != nil {
		return interaction.Response{}, err
	}
	return settleChain(tx, &b, g, tx.Req.String(optUnits))
}

// ChainButton is the "All within 18\"" / "None within 18\"" button of a general's death.
func ChainButton(tx *battle.Tx) (interaction.Response, error) {
	args := tx.Req.Args
	if len(args) != 2 || (args[1] != "all" && args[1] != "none") {
		return interaction.Response{}, interaction.Refuse("That button is out of date; use `/firing2007 chain` instead.")
	}
	id, err := strconv.Atoi(args[0])
	if err != nil {
		return interaction.Response{}, interaction.Refuse("That button is out of date; use `/firing2007 chain` instead.")
	}
	var b Board
	if err := load(tx, &b); err != nil {
		return interaction.Response{}, err
	}
	g := b.generalByID(id)
	if g == nil {
		return interaction.Response{}, interaction.Refuse("That general is no longer on the roster.")
	}
	if b.pending(id) < 0 {
		return interaction.Response{}, interaction.Refusef("General %s's chain of command has already been settled.", quote(g.Name))
	}
	return settleChain(tx, &b, g, args[1])
}

// settleChain shakes the named units of a dead general's chain (all, none, or a
// comma-separated list) and clears his waiting chain test.
func settleChain(tx *battle.Tx, b *Board, g *General, units string) (interaction.Response, error) {
	if err := tx.RequireUmpire(fmt.Sprintf("settle General %s's chain of command", render.Inert(g.Name))); err != nil {
		return interaction.Response{}, err
	}
	if !g.Dead {
		return interaction.Response{}, interaction.Refusef("General %s is not dead; only a general killed shakes his chain of command.", quote(g.Name))
	}
	var within []int
	switch strings.ToLower(strings.TrimSpace(units)) {
	case "all":
		within = slices.Clone(g.Chain)
	case "none", "":
	default:
		ids, err := b.unitNames(units)
		if err != nil {
			return interaction.Response{}, err
		}
		for _, id := range ids {
			if !slices.Contains(g.Chain, id) {
				return interaction.Response{}, interaction.Refusef("%s is not in General %s's chain of command (%s).",
					quote(b.unitByID(id).Name), render.Inert(g.Name), render.Inert(strings.Join(b.names(g.Chain), ", ")))
			}
		}
		within = ids
	}
	res := ChainResult{General: g.Name, Shaken: []string{}, Spared: []string{}}
	for _, id := range g.Chain {
		u := b.unitByID(id)
		if slices.Contains(within, id) {
			u.Shaken = true
			res.Shaken = append(res.Shaken, u.Name)
		} else {
			res.Spared = append(res.Spared, u.Name)
		}
	}
	if i := b.pending(g.ID); i >= 0 {
		b.Pending = slices.Delete(b.Pending, i, i+1)
	}
	if err := tx.SetBoard(*b); err != nil {
		return interaction.Response{}, err
	}
	shaken := "none"
	if len(res.Shaken) > 0 {
		shaken = strings.Join(res.Shaken, ", ")
	}
	tx.Log(render.Clip(fmt.Sprintf("general %s's death shakes: %s", g.Name, shaken), 120))
	d := fmt.Sprintf("Every unit of his chain of command within 18\" is shaken (F5); the umpire says which.\n**Shaken:** %s", render.Inert(shaken))
	if len(res.Spared) > 0 {
		d += "\n**Not within 18\":** " + render.Inert(strings.Join(res.Spared, ", "))
	}
	e := interaction.Embed{Title: render.Clip("The death of General "+render.Inert(g.Name), render.MaxTitle), Color: render.ColourRuling,
		Description: render.Clip(d, render.MaxDescription)}
	return interaction.Response{Public: []interaction.Message{{Embeds: []interaction.Embed{e}}}, Result: res}, nil
}
