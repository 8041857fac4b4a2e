package firing2007

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
	fr "github.com/referee-bot/referee/rules/firing2007"
)

// Roster is /firing2007 roster: every unit and general, by side.
func Roster(tx *battle.Tx) (interaction.Response, error) {
	var b Board
	if err := load(tx, &b); err != nil {
		return interaction.Response{}, err
	}
	fields, err := Ruleset{}.Status(tx.Game)
	if err != nil {
		return interaction.Response{}, err
	}
	e := interaction.Embed{Title: "Roster", Color: render.ColourRuling, Fields: fields[1:]}
	if b.Turn > 0 {
		e.Title = fmt.Sprintf("Roster, turn %d", b.Turn)
	}
	return interaction.Response{Ephemeral: []interaction.Message{{Embeds: []interaction.Embed{e}}}, Result: b}, nil
}

// umpireBoard is the channel's board for a change to the roster, which only
// the umpire makes.
func umpireBoard(tx *battle.Tx) (*Board, error) {
	if err := tx.RequireUmpire("change the roster"); err != nil {
		return nil, err
	}
	var b Board
	if err := load(tx, &b); err != nil {
		return nil, err
	}
	return &b, nil
}

// save stores the board and logs summary, clipped for the log.
func save(tx *battle.Tx, b *Board, summary string) error {
	return roster.Save(tx, b, render.Clip(summary, 120))
}

// playerOf sets who commands a unit or general from the player and unassign
// options, and reports what changed ("" when nothing).
func playerOf(tx *battle.Tx, current *string) (string, error) {
	req := tx.Req
	u, given := req.UserOption(optPlayer)
	switch {
	case given && req.Bool(optUnassign):
		return "", interaction.Refuse("Give either player: or unassign:true, not both.")
	case given:
		*current = u.ID
		roster.AddPlayer(tx.Game, u)
		return "commanded by " + render.Inert(tx.Game.Player(u.ID)), nil
	case req.Bool(optUnassign):
		*current = ""
		return "commanded by the umpire", nil
	}
	return "", nil
}

// side reads the side option.
func side(tx *battle.Tx) (string, error) {
	s := tx.Req.String(optSide)
	switch {
	case s == "":
		return "", interaction.Refuse("Give the side (side:), for example British or French.")
	case utf8.RuneCountInString(s) > MaxName:
		return "", interaction.Refusef("A side's name can be at most %d characters.", MaxName)
	}
	return s, nil
}

// UnitAdd is /firing2007 unit-add.
func UnitAdd(tx *battle.Tx) (interaction.Response, error) {
	b, err := umpireBoard(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	req := tx.Req
	name := req.String(optName)
	if err := checkName("unit", name); err != nil {
		return interaction.Response{}, err
	}
	if b.unit(name) != nil {
		return interaction.Response{}, interaction.Refusef("There is already a unit called %s; give this one another name.", quote(name))
	}
	if len(b.Units) >= MaxRoster {
		return interaction.Response{}, interaction.Refusef("The roster holds at most %d units.", MaxRoster)
	}
	typ := fr.UnitType(req.String(optType))
	if _, ok := fr.Kind(typ); !ok {
		return interaction.Response{}, interaction.Refuse("Choose the unit's type from the list (type:).")
	}
	sd, err := side(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	strength, ok := req.Int(optStrength)
	if !ok || strength < 1 || strength > MaxStrength {
		return interaction.Response{}, interaction.Refusef("Give its strength points (strength:), 1 to %d.", MaxStrength)
	}
	morale, ok := req.Int(optMorale)
	if !ok || morale < MinMorale || morale > MaxMorale {
		return interaction.Response{}, interaction.Refusef("Give its basic morale (morale:), %d to %d: fire shakes it when the score exceeds this.", MinMorale, MaxMorale)
	}
	u := Unit{ID: b.newID(), Name: name, Type: typ, Side: sd, Strength: strength, Start: strength, Morale: morale,
		Formation: fr.Line, Cover: fr.Open, Shaken: req.Bool(optShaken)}
	if err := setFormationCover(req, &u); err != nil {
		return interaction.Response{}, err
	}
	who, err := playerOf(tx, &u.Player)
	if err != nil {
		return interaction.Response{}, err
	}
	b.Units = append(b.Units, u)
	if err := save(tx, b, "unit added: "+name); err != nil {
		return interaction.Response{}, err
	}
	line := unitLine(tx.Game, b, u)
	if who == "" {
		line += " · commanded by the umpire"
	}
	return interaction.Say(fmt.Sprintf("Added to the %s side: %s", render.Inert(sd), line)), nil
}

// setFormationCover applies the formation and cover options.
func setFormationCover(req interaction.Request, u *Unit) error {
	if req.Has(optFormation) {
		f, ok := fr.ParseFormation(req.String(optFormation))
		if !ok {
			return interaction.Refuse("Formation is line, column, square or skirmish.")
		}
		u.Formation = f
	}
	if req.Has(optCover) {
		c, ok := fr.ParseCover(req.String(optCover))
		if !ok {
			return interaction.Refuse("Cover is none, soft (woods), hard (buildings) or solid.")
		}
		u.Cover = c
	}
	return nil
}

// UnitSet is /firing2007 unit-set.
func UnitSet(tx *battle.Tx) (interaction.Response, error) {
	b, err := umpireBoard(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	req := tx.Req
	u, err := b.mustUnit(req.String(optName))
	if err != nil {
		return interaction.Response{}, err
	}
	was := *u
	var changes []string
	if nn := req.String(optNewName); nn != "" && nn != u.Name {
		if err := checkName("unit", nn); err != nil {
			return interaction.Response{}, err
		}
		if o := b.unit(nn); o != nil && o.ID != u.ID {
			return interaction.Response{}, interaction.Refusef("There is already a unit called %s.", quote(nn))
		}
		changes = append(changes, "renamed "+render.Inert(nn))
		u.Name = nn
	}
	if req.Has(optType) {
		typ := fr.UnitType(req.String(optType))
		if _, ok := fr.Kind(typ); !ok {
			return interaction.Response{}, interaction.Refuse("Choose the unit's type from the list (type:).")
		}
		u.Type = typ
	}
	if req.Has(optSide) {
		if u.Side, err = side(tx); err != nil {
			return interaction.Response{}, err
		}
	}
	if s, ok := req.Int(optStrength); ok {
		if s < 0 || s > MaxStrength {
			return interaction.Response{}, interaction.Refusef("Strength points run 0 to %d.", MaxStrength)
		}
		u.Strength = s
		u.Start = max(u.Start, s)
	}
	if m, ok := req.Int(optMorale); ok {
		if m < MinMorale || m > MaxMorale {
			return interaction.Response{}, interaction.Refusef("Basic morale runs %d to %d.", MinMorale, MaxMorale)
		}
		u.Morale = m
	}
	if err := setFormationCover(req, u); err != nil {
		return interaction.Response{}, err
	}
	if req.Has(optShaken) {
		u.Shaken = req.Bool(optShaken)
	}
	who, err := playerOf(tx, &u.Player)
	if err != nil {
		return interaction.Response{}, err
	}
	if was.Type != u.Type {
		changes = append(changes, "now "+u.Type.Label())
	}
	if was.Side != u.Side {
		changes = append(changes, "side "+render.Inert(u.Side))
	}
	if was.Strength != u.Strength {
		changes = append(changes, fmt.Sprintf("strength %d → %d", was.Strength, u.Strength))
	}
	if was.Morale != u.Morale {
		changes = append(changes, fmt.Sprintf("basic morale %d → %d", was.Morale, u.Morale))
	}
	if was.Formation != u.Formation {
		changes = append(changes, "in "+string(u.Formation))
	}
	if was.Cover != u.Cover {
		changes = append(changes, "in "+u.Cover.Label())
	}
	if was.Shaken != u.Shaken {
		changes = append(changes, map[bool]string{true: "shaken", false: "no longer shaken"}[u.Shaken])
	}
	if who != "" && was.Player != u.Player {
		changes = append(changes, who)
	}
	if len(changes) == 0 {
		return interaction.Whisper(fmt.Sprintf("Nothing changed: %s", unitLine(tx.Game, b, *u))), nil
	}
	if err := save(tx, b, fmt.Sprintf("unit %s changed: %s", was.Name, strings.Join(changes, ", "))); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Say(fmt.Sprintf("%s: %s.\n%s", quote(was.Name), strings.Join(changes, ", "), unitLine(tx.Game, b, *u))), nil
}

// UnitRemove is /firing2007 unit-remove.
func UnitRemove(tx *battle.Tx) (interaction.Response, error) {
	b, err := umpireBoard(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	u, err := b.mustUnit(tx.Req.String(optName))
	if err != nil {
		return interaction.Response{}, err
	}
	name := u.Name
	var touched []string
	for _, g := range b.Generals {
		if g.With == u.ID || slices.Contains(g.Chain, u.ID) {
			touched = append(touched, render.Inert(g.Name))
		}
	}
	b.removeUnit(u.ID)
	if err := save(tx, b, "unit removed: "+name); err != nil {
		return interaction.Response{}, err
	}
	msg := fmt.Sprintf("Removed %s from the roster.", quote(name))
	if len(touched) > 0 {
		msg += " It is also gone from the command of General " + strings.Join(touched, ", General ") + "."
	}
	return interaction.Say(msg), nil
}

// withUnit reads the with option: a unit's id, or 0 for "none".
func (b *Board) withUnit(s string) (int, error) {
	if strings.EqualFold(s, "none") || s == "" {
		return 0, nil
	}
	u, err := b.mustUnit(s)
	if err != nil {
		return 0, err
	}
	return u.ID, nil
}

// chainUnits reads the chain option: unit names separated by commas, or "none".
func (b *Board) chainUnits(s string) ([]int, error) {
	if strings.EqualFold(strings.TrimSpace(s), "none") {
		return nil, nil
	}
	return b.unitNames(s)
}

// GeneralAdd is /firing2007 general-add.
func GeneralAdd(tx *battle.Tx) (interaction.Response, error) {
	b, err := umpireBoard(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	req := tx.Req
	name := req.String(optName)
	if err := checkName("general", name); err != nil {
		return interaction.Response{}, err
	}
	if b.general(name) != nil {
		return interaction.Response{}, interaction.Refusef("There is already a general called %s.", quote(name))
	}
	if len(b.Generals) >= MaxRoster {
		return interaction.Response{}, interaction.Refusef("The roster holds at most %d generals.", MaxRoster)
	}
	sd, err := side(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	g := General{Name: name, Side: sd}
	if g.With, err = b.withUnit(req.String(optWith)); err != nil {
		return interaction.Response{}, err
	}
	if g.Chain, err = b.chainUnits(req.String(optChain)); err != nil {
		return interaction.Response{}, err
	}
	if _, err := playerOf(tx, &g.Player); err != nil {
		return interaction.Response{}, err
	}
	g.ID = b.newID()
	b.Generals = append(b.Generals, g)
	if err := save(tx, b, "general added: "+name); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Say(fmt.Sprintf("Added to the %s side: %s", render.Inert(sd), generalLine(tx.Game, b, g))), nil
}

// GeneralSet is /firing2007 general-set.
func GeneralSet(tx *battle.Tx) (interaction.Response, error) {
	b, err := umpireBoard(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	req := tx.Req
	g, err := b.mustGeneral(req.String(optName))
	if err != nil {
		return interaction.Response{}, err
	}
	before := generalLine(tx.Game, b, *g)
	wasName, wasPlayer := g.Name, g.Player
	if nn := req.String(optNewName); nn != "" && nn != g.Name {
		if err := checkName("general", nn); err != nil {
			return interaction.Response{}, err
		}
		if o := b.general(nn); o != nil && o.ID != g.ID {
			return interaction.Response{}, interaction.Refusef("There is already a general called %s.", quote(nn))
		}
		g.Name = nn
	}
	if req.Has(optSide) {
		if g.Side, err = side(tx); err != nil {
			return interaction.Response{}, err
		}
	}
	if req.Has(optWith) {
		if g.With, err = b.withUnit(req.String(optWith)); err != nil {
			return interaction.Response{}, err
		}
	}
	if req.Has(optChain) {
		if g.Chain, err = b.chainUnits(req.String(optChain)); err != nil {
			return interaction.Response{}, err
		}
	}
	if w, ok := req.Int(optWounds); ok {
		if w < 0 || w > 2 {
			return interaction.Response{}, interaction.Refuse("Light wounds are 0, 1 or 2 (a second light wound incapacitates him).")
		}
		g.LightWounds = w
	}
	if req.Has(optDead) {
		g.Dead = req.Bool(optDead)
		if !g.Dead {
			if i := b.pending(g.ID); i >= 0 {
				b.Pending = slices.Delete(b.Pending, i, i+1)
			}
		}
	}
	if _, err := playerOf(tx, &g.Player); err != nil {
		return interaction.Response{}, err
	}
	after := generalLine(tx.Game, b, *g)
	if after == before && wasPlayer == g.Player {
		return interaction.Whisper("Nothing changed: " + after), nil
	}
	if err := save(tx, b, "general changed: "+wasName); err != nil {
		return interaction.Response{}, err
	}
	msg := "Was: " + before + "\nNow: " + after
	if req.Has(optDead) && g.Dead && len(g.Chain) > 0 {
		msg += fmt.Sprintf("\nIf he was killed by fire, shake the units of his chain within 18\" with `/firing2007 chain general:%s units:…`.", render.Inert(g.Name))
	}
	return interaction.Say(render.Clip(msg, render.MaxContent)), nil
}

// GeneralRemove is /firing2007 general-remove.
func GeneralRemove(tx *battle.Tx) (interaction.Response, error) {
	b, err := umpireBoard(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	g, err := b.mustGeneral(tx.Req.String(optName))
	if err != nil {
		return interaction.Response{}, err
	}
	name, id := g.Name, g.ID
	if i := b.pending(id); i >= 0 {
		b.Pending = slices.Delete(b.Pending, i, i+1)
	}
	b.Generals = slices.DeleteFunc(b.Generals, func(g General) bool { return g.ID == id })
	if err := save(tx, b, "general removed: "+name); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Say(fmt.Sprintf("Removed General %s from the roster.", quote(name))), nil
}
