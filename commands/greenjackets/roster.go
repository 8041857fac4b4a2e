package greenjackets

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/decode"
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

// characterOrder is /greenjackets roster character.
type characterOrder struct {
	Name        string            `opt:"name"`
	Rank        *string           `opt:"rank"`
	Side        *string           `opt:"side" roster:"side" new:"new-side"`
	NewSide     bool              `opt:"new-side"`
	Player      *interaction.User `opt:"player"`
	Quality     *gj.Quality       `opt:"quality"`
	Nation      *string           `opt:"nation"`
	Possessions *[]string         `opt:"possessions"`
	NewName     string            `opt:"new-name"`
	Serious     *int              `opt:"serious"`
	Light       *int              `opt:"light"`
	Dead        *bool             `opt:"dead"`
	Hidden      *bool             `opt:"hidden"`
}

// RosterCharacter is /greenjackets roster character: add or change a character.
func (*Ruleset) RosterCharacter(tx *battle.Tx, o characterOrder) (interaction.Response, error) {
	e := gj.CharacterEdit{Name: o.Name, NewName: o.NewName, Rank: o.Rank, Side: o.Side, Nation: o.Nation, Quality: o.Quality,
		Possessions: o.Possessions, Serious: o.Serious, Light: o.Light, Dead: o.Dead, Hidden: o.Hidden}
	if e.Hidden != nil && *e.Hidden && (tx.Game == nil || !tx.Game.Fog) {
		return interaction.Response{}, interaction.Refuse("Fog of war is off in this battle, so nothing is hidden: the umpire switches it on first (`/game settings fog:on`).")
	}
	if u := o.Player; u != nil && u.ID != "" {
		name := u.Name
		if name == "" && tx.Game != nil {
			name = tx.Game.Player(u.ID)
		}
		e.Player = &gj.Player{ID: u.ID, Name: name}
	}
	return rosterChange(tx, func(b *gj.Board) (gj.RosterOutcome, error) { return b.EditCharacter(e) })
}

// squadEditOrder is /greenjackets roster squad.
type squadEditOrder struct {
	Name     string          `opt:"name"`
	Officer  string          `opt:"officer" roster:"character"`
	Arm      *gj.Arm         `opt:"arm"`
	Quality  *gj.Quality     `opt:"quality"`
	Weapon   *gj.Weapon      `opt:"weapon"`
	Melee    *gj.MeleeWeapon `opt:"melee"`
	Figures  []gj.Entry      `opt:"figures"`
	Morale   *gj.Morale      `opt:"morale"`
	Limbered *bool           `opt:"limbered"`
	NewName  string          `opt:"new-name"`
}

// RosterSquad is /greenjackets roster squad: add or change a squad and add figures.
func (*Ruleset) RosterSquad(tx *battle.Tx, o squadEditOrder) (interaction.Response, error) {
	e := gj.SquadEdit{Name: o.Name, NewName: o.NewName, Officer: o.Officer, Limbered: o.Limbered, Arm: o.Arm, Quality: o.Quality,
		Morale: o.Morale, Weapon: o.Weapon, Melee: o.Melee, Figures: o.Figures}
	return rosterChange(tx, func(b *gj.Board) (gj.RosterOutcome, error) { return b.EditSquad(e) })
}

// figureOrder is /greenjackets roster figure.
type figureOrder struct {
	Name         string          `opt:"name"`
	Squad        string          `opt:"squad" roster:"squad"`
	Arm          *gj.Arm         `opt:"arm"`
	Weapon       *gj.Weapon      `opt:"weapon"`
	Melee        *gj.MeleeWeapon `opt:"melee"`
	Quality      *gj.Quality     `opt:"quality"`
	Sharpshooter *bool           `opt:"sharpshooter"`
	Strongman    *bool           `opt:"strongman"`
	European     *bool           `opt:"european"`
	Loaded       *bool           `opt:"loaded"`
	Aimed        *bool           `opt:"aimed"`
	Prone        *bool           `opt:"prone"`
	Stunned      *int            `opt:"stunned"`
	Serious      *int            `opt:"serious"`
	Horse        *horse          `opt:"horse"`
	Ammo         *gj.Ammo        `opt:"ammo"`
	Dead         *bool           `opt:"dead"`
	NewName      string          `opt:"new-name"`
}

// horse is a horse's state as rules/greenjackets stores it ("" is sound).
type horse string

func parseHorse(s string) (horse, error) {
	h, err := gj.ParseHorse(s)
	return horse(h), err
}

// RosterFigure is /greenjackets roster figure: add a figure or change its state.
func (*Ruleset) RosterFigure(tx *battle.Tx, o figureOrder) (interaction.Response, error) {
	e := gj.FigureEdit{Name: o.Name, NewName: o.NewName, Squad: o.Squad, Sharpshooter: o.Sharpshooter, Strongman: o.Strongman,
		European: o.European, Loaded: o.Loaded, Aimed: o.Aimed, Prone: o.Prone, Dead: o.Dead, Stunned: o.Stunned, Serious: o.Serious,
		Arm: o.Arm, Weapon: o.Weapon, Melee: o.Melee, Quality: o.Quality, Ammo: o.Ammo, Horse: (*string)(o.Horse)}
	return rosterChange(tx, func(b *gj.Board) (gj.RosterOutcome, error) { return b.EditFigure(e) })
}

// removeOrder is /greenjackets roster remove.
type removeOrder struct {
	Name string `opt:"name" roster:"character,squad,figure"`
}

// RosterRemove is /greenjackets roster remove.
func (*Ruleset) RosterRemove(tx *battle.Tx, o removeOrder) (interaction.Response, error) {
	return rosterChange(tx, func(b *gj.Board) (gj.RosterOutcome, error) { return b.Remove(o.Name) })
}

// showOrder is /greenjackets roster show, which takes no options.
type showOrder struct{}

// RosterShow is /greenjackets roster show: every character, squad and figure's state (never a card).
func (r *Ruleset) RosterShow(tx *battle.Tx, _ showOrder) (interaction.Response, error) {
	g, _, err := roster.Viewed[*gj.Board, fogReader](tx, load) // under fog of war, what the asker may know
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

// importOrder is /greenjackets roster import.
type importOrder struct {
	File *interaction.File `opt:"file"`
	Text string            `opt:"text"`
}

// RosterImport is /greenjackets roster import: add an order of battle (a file or text) to the roster.
func (*Ruleset) RosterImport(tx *battle.Tx, o importOrder) (interaction.Response, error) {
	content := o.Text
	if o.File != nil {
		content = string(o.File.Content)
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

// rosterNames are every name on the game's board, with its kind: the roster the
// decoder resolves names against.
func rosterNames(g *battle.Game) ([]decode.Name, error) {
	b, err := decodeBoard(g)
	if err != nil {
		return nil, err
	}
	var out []decode.Name
	for _, side := range b.Sides() {
		if side != gj.Unassigned {
			out = append(out, decode.Name{Name: side, Kind: "side"})
		}
	}
	out = roster.Named(out, "character", b.Characters, func(c *gj.Character) string { return c.Name })
	for _, s := range b.Squads {
		out = append(out, decode.Name{Name: s.Name, Kind: "squad"})
		for _, f := range s.Figures {
			out = append(out, decode.Name{Name: f.Name, Kind: "figure"})
		}
	}
	return out, nil
}
