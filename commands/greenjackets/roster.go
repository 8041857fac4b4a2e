package greenjackets

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

// rosterChange runs an umpire's change to the roster and says what changed;
// each character given to a player is told so by DM.
func rosterChange(tx *battle.Tx, fn func(b *gj.Board) (gj.RosterOutcome, error)) (interaction.Response, error) {
	if err := tx.RequireUmpire("change the roster"); err != nil {
		return interaction.Response{}, err
	}
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	out, err := fn(b)
	if err != nil {
		return interaction.Response{}, err
	}
	var dms []interaction.DM
	for _, c := range out.Assigned {
		roster.AddPlayer(tx.Game, interaction.User{ID: c.Player, Name: c.PlayerName})
		dms = append(dms, commandDM(tx.Game, c))
	}
	if err := roster.Save(tx, b, "roster: "+render.Clip(out.Message, 200)); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Response{Public: []interaction.Message{{Content: render.Clip("**Roster:** "+render.Inert(out.Message), render.MaxContent)}}, DMs: dms}, nil
}

// commandDM tells a player which character he commands: a DM that fails tells the umpire at once.
func commandDM(g *battle.Game, c *gj.Character) interaction.DM {
	battleName := "this battle"
	if g.Name != "" {
		battleName = render.Inert(g.Name)
	}
	return interaction.DM{UserID: c.Player, UserName: c.PlayerName,
		Message: interaction.Message{Content: fmt.Sprintf("You command **%s** (%s, %s) in %s. Each turn your secret card comes by direct message; `/card` shows it, `/act` acts.",
			render.Inert(c.Name), c.Rank, render.Inert(c.Side), battleName)},
		Fallback: "they get no cards by DM until they allow direct messages from this server, but `/card` shows them.",
	}
}

// RosterCharacter is /greenjackets roster character: add or change a character.
func (*Ruleset) RosterCharacter(tx *battle.Tx) (interaction.Response, error) {
	e := gj.CharacterEdit{Name: tx.Req.String(optName), NewName: tx.Req.String(optNewName),
		Rank: str(tx, optRank), Side: str(tx, optSide), Nation: str(tx, optNation),
		Serious: integer(tx, optSerious), Light: integer(tx, optLight), Dead: flag(tx, optDead), Hidden: flag(tx, optHidden)}
	if e.Hidden != nil && *e.Hidden && (tx.Game == nil || !tx.Game.Fog) {
		return interaction.Response{}, interaction.Refuse("Fog of war is off in this battle, so nothing is hidden: the umpire switches it on first (`/game settings fog:on`).")
	}
	var err error
	if e.Quality, err = parsed(tx, optQuality, gj.ParseQuality); err != nil {
		return interaction.Response{}, err
	}
	if tx.Req.Has(optPossessions) {
		p := gj.Names(tx.Req.String(optPossessions))
		e.Possessions = &p
	}
	if u, ok := tx.Req.UserOption(optPlayer); ok && u.ID != "" {
		name := u.Name
		if name == "" && tx.Game != nil {
			name = tx.Game.Player(u.ID)
		}
		e.Player = &gj.Player{ID: u.ID, Name: name}
	}
	return rosterChange(tx, func(b *gj.Board) (gj.RosterOutcome, error) { return b.EditCharacter(e) })
}

// RosterSquad is /greenjackets roster squad: add or change a squad and add figures.
func (*Ruleset) RosterSquad(tx *battle.Tx) (interaction.Response, error) {
	e := gj.SquadEdit{Name: tx.Req.String(optName), NewName: tx.Req.String(optNewName), Officer: tx.Req.String(optOfficer), Limbered: flag(tx, optLimbered)}
	var err error
	if e.Arm, err = parsed(tx, optArm, gj.ParseArm); err != nil {
		return interaction.Response{}, err
	}
	if e.Quality, err = parsed(tx, optQuality, gj.ParseQuality); err != nil {
		return interaction.Response{}, err
	}
	if e.Morale, err = parsed(tx, optMorale, gj.ParseMorale); err != nil {
		return interaction.Response{}, err
	}
	if e.Weapon, err = parsed(tx, optWeapon, gj.ParseWeapon); err != nil {
		return interaction.Response{}, err
	}
	if e.Melee, err = parsed(tx, optMelee, gj.ParseMeleeWeapon); err != nil {
		return interaction.Response{}, err
	}
	if e.Figures, err = entries(tx, optFigures); err != nil {
		return interaction.Response{}, err
	}
	return rosterChange(tx, func(b *gj.Board) (gj.RosterOutcome, error) { return b.EditSquad(e) })
}

// RosterFigure is /greenjackets roster figure: add a figure or change its state.
func (*Ruleset) RosterFigure(tx *battle.Tx) (interaction.Response, error) {
	e := gj.FigureEdit{Name: tx.Req.String(optName), NewName: tx.Req.String(optNewName), Squad: tx.Req.String(optSquad),
		Sharpshooter: flag(tx, optSharpshooter), Strongman: flag(tx, optStrongman), European: flag(tx, optEuropean),
		Loaded: flag(tx, optLoaded), Aimed: flag(tx, optAimed), Prone: flag(tx, optProne), Dead: flag(tx, optDead),
		Stunned: integer(tx, optStunned), Serious: integer(tx, optSerious)}
	var err error
	if e.Arm, err = parsed(tx, optArm, gj.ParseArm); err != nil {
		return interaction.Response{}, err
	}
	if e.Weapon, err = parsed(tx, optWeapon, gj.ParseWeapon); err != nil {
		return interaction.Response{}, err
	}
	if e.Melee, err = parsed(tx, optMelee, gj.ParseMeleeWeapon); err != nil {
		return interaction.Response{}, err
	}
	if e.Quality, err = parsed(tx, optQuality, gj.ParseQuality); err != nil {
		return interaction.Response{}, err
	}
	if e.Ammo, err = parsed(tx, optAmmo, gj.ParseAmmo); err != nil {
		return interaction.Response{}, err
	}
	if e.Horse, err = parsed(tx, optHorse, gj.ParseHorse); err != nil {
		return interaction.Response{}, err
	}
	return rosterChange(tx, func(b *gj.Board) (gj.RosterOutcome, error) { return b.EditFigure(e) })
}

// RosterRemove is /greenjackets roster remove.
func (*Ruleset) RosterRemove(tx *battle.Tx) (interaction.Response, error) {
	return rosterChange(tx, func(b *gj.Board) (gj.RosterOutcome, error) { return b.Remove(tx.Req.String(optName)) })
}

// RosterShow is /greenjackets roster show: every character, squad and figure's state (never a card).
func (r *Ruleset) RosterShow(tx *battle.Tx) (interaction.Response, error) {
	if _, err := load(tx); err != nil {
		return interaction.Response{}, err
	}
	g, err := tx.Viewed() // under fog of war, what the asker may know
	if err != nil {
		return interaction.Response{}, err
	}
	fields, err := r.Status(g)
	if err != nil {
		return interaction.Response{}, err
	}
	if len(fields) > render.MaxFields {
		fields = fields[:render.MaxFields]
	}
	return interaction.Response{Ephemeral: []interaction.Message{{Embeds: []interaction.Embed{{Title: "Green Jackets roster", Fields: fields, Color: render.ColourRuling}}}}}, nil
}

// RosterImport is /greenjackets roster import: add an order of battle (a file or text) to the roster.
func (*Ruleset) RosterImport(tx *battle.Tx) (interaction.Response, error) {
	content := tx.Req.String(optText)
	if file, ok := tx.Req.FileOption(optFile); ok {
		content = string(file.Content)
	}
	if strings.TrimSpace(content) == "" {
		return interaction.Response{}, interaction.Input("Attach the order of battle (file:) or type it (text:).")
	}
	ob, err := gj.DecodeOrderOfBattle(content)
	if err != nil {
		return interaction.Response{}, interaction.Input(err.Error())
	}
	for i, oc := range ob.Characters {
		if oc.Player != "" && oc.PlayerName == "" && tx.Game != nil {
			ob.Characters[i].PlayerName = tx.Game.Player(oc.Player)
		}
	}
	return rosterChange(tx, func(b *gj.Board) (gj.RosterOutcome, error) { return b.Import(ob) })
}
