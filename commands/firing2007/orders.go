package firing2007

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/mapcmd"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
	fr "github.com/referee-bot/referee/rules/firing2007"
)

// The typed orders of /firing2007's fire, risk and chain, and their
// handlers. Each order is decoded whole by the decoder of definition.go
// before its handler runs; in a battle every name in it is the roster's, as
// the invoker sees it. What the rules forbid is for the board's moves to say.

// fireOrder is /firing2007 fire: against the roster when firer or target is
// named, otherwise a quick ruling on a board sketched from its options.
type fireOrder struct {
	mapcmd.Measures
	Distance      float64  `opt:"distance"`
	Firer         string   `opt:"firer" roster:"unit"`
	Target        string   `opt:"target" roster:"unit"`
	FriendlyInArc bool     `opt:"friendly-in-arc"`
	OverFriendly  *float64 `opt:"over-friendly"`
	HigherGround  bool     `opt:"higher-ground"`
	sketchOptions
}

// sketchOptions describe the firer and target of a quick ruling; against
// the roster they come from the roster. Each is nil when not given.
type sketchOptions struct {
	FirerType     *fr.UnitType `opt:"firer-type"`
	Strength      *int         `opt:"strength"`
	Column        *bool        `opt:"column"`
	Shaken        *bool        `opt:"shaken"`
	Cover         *fr.Cover    `opt:"cover"`
	Morale        *int         `opt:"morale"`
	General       *bool        `opt:"general"`
	GeneralWounds *int         `opt:"general-wounds"`
}

// Fire is /firing2007 fire: against the roster when firer and target are
// named, otherwise a quick ruling on a board sketched from the options,
// logged in a battle without touching its roster.
func (*Ruleset) Fire(tx *battle.Tx, o fireOrder) (interaction.Response, error) {
	fo := fr.FireOrder{By: actor(tx), Distance: o.Distance, FriendlyInArc: o.FriendlyInArc,
		HigherGround: o.HigherGround, Firer: o.Firer, Target: o.Target, Entry: nextEntry(tx), Cover: fr.Cover(o.TargetCover)}
	if o.OverFriendly != nil {
		fo.Overhead, fo.Clearance, fo.FriendlyInArc = true, *o.OverFriendly, true
	}
	if o.Firer == "" && o.Target == "" {
		s, err := o.sketch()
		if err != nil {
			return interaction.Response{}, err
		}
		quick, fo := s.Board(fo)
		out, err := quick.Fire(tx.Dice(), fo, house(tx))
		if err != nil {
			return interaction.Response{}, err
		}
		tx.Log(fmt.Sprintf("quick ruling: %s fired, %s\": %s", out.Firer.Type.Label(), inches(o.Distance), out.Summary()))
		return ruled(ruling(tx, out.Ruling, 0), out.Ruling), nil
	}
	if tx.Game == nil {
		return interaction.Response{}, interaction.Input("There is no battle in this channel, so no roster: for a quick ruling leave out firer and target and give firer-type, strength and the target's cover.")
	}
	if given := o.given(); len(given) > 0 {
		return interaction.Response{}, interaction.Inputf("Against the roster the firer and target come from the roster: leave out `%s` (the umpire changes a unit with `/firing2007 unit-set`).",
			strings.Join(given, "`, `"))
	}
	if o.Firer == "" || o.Target == "" {
		return interaction.Response{}, interaction.Input("Name both the firing unit (firer:) and its target (target:).")
	}
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	fo.Names = tx.Game.Player
	if fo.Side, err = view.Seer(tx); err != nil {
		return interaction.Response{}, err
	}
	out, err := b.Fire(tx.Dice(), fo, house(tx))
	if err != nil {
		return interaction.Response{}, err
	}
	out.Ruling.Measured = o.Measured()
	var notes []string
	if out.FiredAgain {
		notes = append(notes, fmt.Sprintf("Note: %s had already fired this turn; the text sets no limit, so that is the umpire's call.", bold(out.Firer.Name)))
	}
	msg := message(tx, out.Ruling, b.Turn, notes, out.Deaths)
	if err := save(tx, b, fmt.Sprintf("%s fired at %s, %s\": %s", out.Firer.Name, out.Target.Name, inches(o.Distance), out.Summary())); err != nil {
		return interaction.Response{}, err
	}
	return ruled(msg, out.Ruling), nil
}

// given are the names of the options of s given, in the definition's order.
func (s sketchOptions) given() []string {
	var out []string
	for _, o := range []struct {
		name  string
		given bool
	}{
		{optFirerType, s.FirerType != nil}, {optStrength, s.Strength != nil}, {optColumn, s.Column != nil}, {optShaken, s.Shaken != nil},
		{optCover, s.Cover != nil}, {optMorale, s.Morale != nil}, {optGeneral, s.General != nil}, {optGeneralWounds, s.GeneralWounds != nil},
	} {
		if o.given {
			out = append(out, o.name)
		}
	}
	return out
}

// sketch is the firer and target of a quick ruling, as the options describe them.
func (s sketchOptions) sketch() (fr.Sketch, error) {
	if s.FirerType == nil {
		return fr.Sketch{}, interaction.Input("Name the firing unit and its target from the roster (firer:, target:), or for a quick ruling give the firer's type (firer-type:) and strength points (strength:).")
	}
	if s.Strength == nil {
		return fr.Sketch{}, interaction.Inputf("Give the %s's strength points (strength:): 3–4 fire at −1, 1–2 at −2.", s.FirerType.Label())
	}
	if s.GeneralWounds != nil && !value(s.General) {
		return fr.Sketch{}, interaction.Input("general-wounds is for a general with the target: add general:true.")
	}
	sk := fr.Sketch{Firer: fr.Firer{Type: *s.FirerType, Strength: *s.Strength, Column: value(s.Column), Shaken: value(s.Shaken)},
		Cover: value(s.Cover), Morale: value(s.Morale), HasMorale: s.Morale != nil, General: value(s.General), GeneralWounds: value(s.GeneralWounds)}
	return sk, nil
}

// value is what p points to, or T's zero value when p is nil (not given).
func value[T any](p *T) T {
	if p == nil {
		var zero T
		return zero
	}
	return *p
}

// riskOrder is /firing2007 risk: a general of the roster, or with none named
// the general of a quick ruling, with the light wounds given.
type riskOrder struct {
	General string `opt:"general" roster:"general"`
	Wounds  *int   `opt:"wounds"`
}

// Risk is /firing2007 risk: the umpire rolls for a general on the roster, or
// anyone asks a quick ruling for a general of the options.
func (*Ruleset) Risk(tx *battle.Tx, o riskOrder) (interaction.Response, error) {
	if o.General == "" {
		out, err := fr.RiskBoard(value(o.Wounds)).Risk(tx.Dice(), fr.RiskOrder{})
		if err != nil {
			return interaction.Response{}, err
		}
		tx.Log("quick ruling: risk to a general: " + out.Fate.Short())
		return ruled(ruling(tx, out.Ruling, 0), out.Ruling), nil
	}
	switch {
	case tx.Game == nil:
		return interaction.Response{}, interaction.Input("There is no battle in this channel, so no roster: for a quick ruling leave out general (give wounds: if he has a light wound).")
	case o.Wounds != nil:
		return interaction.Response{}, interaction.Input("Against the roster his wounds come from the roster: leave out `wounds` (the umpire changes them with `/firing2007 general-set`).")
	}
	b, err := umpireBoard(tx, "call a risk roll for a general (it is rolled by itself when his unit loses strength to fire)")
	if err != nil {
		return interaction.Response{}, err
	}
	out, err := b.Risk(tx.Dice(), fr.RiskOrder{General: o.General, Entry: nextEntry(tx)})
	if err != nil {
		return interaction.Response{}, err
	}
	msg := message(tx, out.Ruling, 0, nil, out.Deaths)
	if err := save(tx, b, fmt.Sprintf("risk to general %s: %s", out.Name, out.Fate.Short())); err != nil {
		return interaction.Response{}, err
	}
	return ruled(msg, out.Ruling), nil
}

// ruled is the response of a ruling: its message, and the ruling as its result.
func ruled(msg interaction.Message, r rules.Ruling) interaction.Response {
	return interaction.Response{Public: []interaction.Message{msg}, Result: r}
}

// chainOrder is /firing2007 chain: the units of a killed general's chain of
// command within 18", or all, or none.
type chainOrder struct {
	General string   `opt:"general" roster:"general"`
	Units   []string `opt:"units" roster:"unit" also:"all,none"`
}

// Chain is /firing2007 chain: the umpire says which units of a killed
// general's chain of command were within 18", and they are shaken.
func (*Ruleset) Chain(tx *battle.Tx, o chainOrder) (interaction.Response, error) {
	if o.General == "" {
		return interaction.Response{}, interaction.Input("Name the general.")
	}
	co := fr.ChainOrder{General: o.General, All: only(o.Units, "all")}
	if !co.All {
		co.Within = noneIsEmpty(o.Units)
	}
	return settle(tx, co)
}

// ChainButton is a chain button of a general's death: its id is
// <general id>/<all|none>.
func (*Ruleset) ChainButton(tx *battle.Tx) (interaction.Response, error) {
	if args := tx.Req.Args; len(args) == 2 && (args[1] == "all" || args[1] == "none") {
		if id, err := strconv.Atoi(args[0]); err == nil && id > 0 {
			return settle(tx, fr.ChainOrder{ID: id, All: args[1] == "all"})
		}
	}
	return interaction.Response{}, interaction.Input("That button is out of date; use `/firing2007 chain` instead.")
}

// settle settles a killed general's chain of command, by the umpire alone.
func settle(tx *battle.Tx, o fr.ChainOrder) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	whose := "a dead general's"
	if g := cmp.Or(b.GeneralByID(o.ID), b.General(o.General)); g != nil {
		whose = "General " + render.Inert(g.Name) + "'s"
	}
	if err := tx.RequireUmpire("settle " + whose + " chain of command"); err != nil {
		return interaction.Response{}, err
	}
	out, err := b.SettleChain(o)
	if err != nil {
		return interaction.Response{}, err
	}
	if err := save(tx, b, fmt.Sprintf("general %s's death shakes: %s", out.General, list(out.Shaken))); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Response{Public: []interaction.Message{{Embeds: []interaction.Embed{chainEmbed(out)}}}, Result: out}, nil
}

// only reports whether names is the one word w ("all").
func only(names []string, w string) bool { return len(names) == 1 && strings.EqualFold(names[0], w) }

// noneIsEmpty is a list of unit names, "none" being the empty list.
func noneIsEmpty(names []string) []string {
	if only(names, "none") {
		return nil
	}
	return names
}
