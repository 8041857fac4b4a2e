package firing2007

import (
	"slices"
	"strconv"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
	fr "github.com/referee-bot/referee/rules/firing2007"
)

// Each decoder reads one subcommand's options into its order, or says with an
// *interaction.InputError which option it cannot read. What the rules forbid
// is for the board's moves to say.

// quickOnly are the fire options that describe the firer and target for a quick
// ruling; against the roster they come from the roster.
var quickOnly = []string{optFirerType, optStrength, optColumn, optShaken, optCover, optMorale, optGeneral, optGeneralWounds}

// fireOrder decodes /firing2007 fire: an order against the roster when firer or
// target is named, otherwise one on the board of a quick ruling, sketched from
// the options.
func fireOrder(tx *battle.Tx) (fr.FireOrder, *fr.Board, error) {
	req := tx.Req
	dist, ok := req.Float(optDistance)
	if !ok {
		return fr.FireOrder{}, nil, interaction.Input("Give the distance to the target in inches (distance:).")
	}
	o := fr.FireOrder{By: rules.Actor{User: req.User.ID, Umpire: tx.IsUmpire()}, Distance: dist, FriendlyInArc: req.Bool(optFriendlyInArc), HigherGround: req.Bool(optHigherGround),
		Firer: req.String(optFirer), Target: req.String(optTarget), Entry: nextEntry(tx)}
	if c, ok := req.Float(optOverFriendly); ok {
		o.Overhead, o.Clearance, o.FriendlyInArc = true, c, true
	}
	if !req.Has(optFirer) && !req.Has(optTarget) {
		s, err := sketch(req)
		if err != nil {
			return o, nil, err
		}
		quick, o := s.Board(o)
		return o, quick, nil
	}
	if tx.Game == nil {
		return o, nil, interaction.Input("There is no battle in this channel, so no roster: for a quick ruling leave out firer and target and give firer-type, strength and the target's cover.")
	}
	o.Names = tx.Game.Player
	if given := slices.DeleteFunc(slices.Clone(quickOnly), func(opt string) bool { return !req.Has(opt) }); len(given) > 0 {
		return o, nil, interaction.Inputf("Against the roster the firer and target come from the roster: leave out `%s` (the umpire changes a unit with `/firing2007 unit-set`).",
			strings.Join(given, "`, `"))
	}
	if o.Firer == "" || o.Target == "" {
		return o, nil, interaction.Input("Name both the firing unit (firer:) and its target (target:).")
	}
	return o, nil, nil
}

// sketch decodes the firer and target of a quick ruling.
func sketch(req interaction.Request) (*fr.Sketch, error) {
	typ := fr.UnitType(req.String(optFirerType))
	kind, ok := fr.Kind(typ)
	if !ok {
		return nil, interaction.Input("Name the firing unit and its target from the roster (firer:, target:), or for a quick ruling give the firer's type (firer-type:) and strength points (strength:).")
	}
	strength, ok := req.Int(optStrength)
	if !ok {
		return nil, interaction.Inputf("Give the %s's strength points (strength:): 3–4 fire at −1, 1–2 at −2.", kind.Label)
	}
	cover, err := coverOf(req)
	if err != nil {
		return nil, err
	}
	s := &fr.Sketch{Firer: fr.Firer{Type: typ, Strength: strength, Column: req.Bool(optColumn), Shaken: req.Bool(optShaken)}}
	if cover != nil {
		s.Cover = *cover
	}
	s.Morale, s.HasMorale = req.Int(optMorale)
	s.General = req.Bool(optGeneral)
	if req.Has(optGeneralWounds) && !s.General {
		return nil, interaction.Input("general-wounds is for a general with the target: add general:true.")
	}
	s.GeneralWounds = req.IntOr(optGeneralWounds, 0)
	return s, nil
}

// riskOrder decodes /firing2007 risk: a general of the roster, or with none
// named one on the board of a quick ruling, with the light wounds given.
func riskOrder(tx *battle.Tx) (fr.RiskOrder, *fr.Board, error) {
	req := tx.Req
	if !req.Has(optGeneral) {
		return fr.RiskOrder{}, fr.RiskBoard(req.IntOr(optWounds, 0)), nil
	}
	o := fr.RiskOrder{General: req.String(optGeneral), Entry: nextEntry(tx)}
	switch {
	case tx.Game == nil:
		return o, nil, interaction.Input("There is no battle in this channel, so no roster: for a quick ruling leave out general (give wounds: if he has a light wound).")
	case req.Has(optWounds):
		return o, nil, interaction.Input("Against the roster his wounds come from the roster: leave out `wounds` (the umpire changes them with `/firing2007 general-set`).")
	case o.General == "":
		return o, nil, interaction.Input("Name the general.")
	}
	return o, nil, nil
}

// chainOrder decodes /firing2007 chain, or a chain button's id:
// <general id>/<all|none>.
func chainOrder(req interaction.Request) (fr.ChainOrder, error) {
	if req.Kind == interaction.KindComponent {
		if len(req.Args) == 2 && (req.Args[1] == "all" || req.Args[1] == "none") {
			if id, err := strconv.Atoi(req.Args[0]); err == nil && id > 0 {
				return fr.ChainOrder{ID: id, All: req.Args[1] == "all"}, nil
			}
		}
		return fr.ChainOrder{}, interaction.Input("That button is out of date; use `/firing2007 chain` instead.")
	}
	o := fr.ChainOrder{General: req.String(optGeneral), All: strings.EqualFold(strings.TrimSpace(req.String(optUnits)), "all")}
	if o.General == "" {
		return o, interaction.Input("Name the general.")
	}
	if !o.All {
		o.Within = names(req.String(optUnits))
	}
	return o, nil
}

// unitChange decodes /firing2007 unit-add and unit-set.
func unitChange(req interaction.Request) (c fr.UnitChange, err error) {
	c = fr.UnitChange{Name: req.String(optName), NewName: given(req, optNewName, req.String), Side: given(req, optSide, req.String),
		Strength: given(req, optStrength, number(req)), Morale: given(req, optMorale, number(req)), Shaken: given(req, optShaken, req.Bool), Hidden: given(req, optHidden, req.Bool),
		Type: (*fr.UnitType)(given(req, optType, req.String)), Formation: (*fr.Formation)(given(req, optFormation, req.String))}
	if c.Cover, err = coverOf(req); err != nil {
		return c, err
	}
	c.Player, err = playerOf(req)
	return c, err
}

// generalChange decodes /firing2007 general-add and general-set.
func generalChange(req interaction.Request) (c fr.GeneralChange, err error) {
	c = fr.GeneralChange{Name: req.String(optName), NewName: given(req, optNewName, req.String), Side: given(req, optSide, req.String),
		With: given(req, optWith, req.String), Wounds: given(req, optWounds, number(req)), Dead: given(req, optDead, req.Bool),
		Hidden: given(req, optHidden, req.Bool)}
	if req.Has(optChain) {
		units := names(req.String(optChain))
		c.Chain = &units
	}
	c.Player, err = playerOf(req)
	return c, err
}

// nextEntry is the number of the log entry this command's move will be logged as.
func nextEntry(tx *battle.Tx) int {
	if tx.Game == nil {
		return 0
	}
	return tx.Game.LogLen + 1
}

// names splits a list of unit names at its commas; "none" is the empty list.
func names(list string) []string {
	if strings.EqualFold(strings.TrimSpace(list), "none") {
		return nil
	}
	var out []string
	for _, n := range strings.Split(list, ",") {
		if n = strings.TrimSpace(n); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// coverOf reads the cover option, nil when it is left out.
func coverOf(req interaction.Request) (*fr.Cover, error) {
	if !req.Has(optCover) {
		return nil, nil
	}
	c, ok := fr.ParseCover(req.String(optCover))
	if !ok {
		return nil, interaction.Input("Cover is none, soft (woods), hard (buildings) or solid.")
	}
	return &c, nil
}

// playerOf reads who commands a unit or general: a player, the umpire
// (unassign), or unchanged (nil).
func playerOf(req interaction.Request) (*string, error) {
	u, given := req.UserOption(optPlayer)
	switch {
	case given && req.Bool(optUnassign):
		return nil, interaction.Input("Give either player: or unassign:true, not both.")
	case given:
		return &u.ID, nil
	case req.Bool(optUnassign):
		return new(string), nil
	}
	return nil, nil
}

// given reads an option with read, or is nil when the option is left out.
func given[T any](req interaction.Request, opt string, read func(opt string) T) *T {
	if !req.Has(opt) {
		return nil
	}
	v := read(opt)
	return &v
}

// number reads an integer option (0 when it is not one).
func number(req interaction.Request) func(opt string) int {
	return func(opt string) int { return req.IntOr(opt, 0) }
}
