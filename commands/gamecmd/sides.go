package gamecmd

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/link"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
)

// fogOf is the fog of war of a game's rule set, or a refusal saying it has none.
func (c *Commands) fogOf(g *battle.Game) (view.Fog, error) {
	f, ok := view.FogOf(c.svc, g)
	if !ok {
		rs, err := c.rulesetOf(g)
		if err != nil {
			return nil, err
		}
		return nil, interaction.Refusef("%s has no sides or fog of war in this referee.", rs.Name())
	}
	return f, nil
}

// sideNamed is the battle's side named (as the rule set spells it), or a
// refusal listing the sides.
func (c *Commands) sideNamed(g *battle.Game, name string) (string, error) {
	f, err := c.fogOf(g)
	if err != nil {
		return "", err
	}
	sides, err := f.Sides(g)
	if err != nil {
		return "", err
	}
	if i := slices.IndexFunc(sides, func(s string) bool { return strings.EqualFold(strings.TrimSpace(name), s) }); i >= 0 {
		return sides[i], nil
	}
	if len(sides) == 0 {
		return "", interaction.Refuse("This battle has no sides yet: they are the sides of its roster.")
	}
	quoted := make([]string, len(sides))
	for i, s := range sides {
		quoted[i] = "**" + render.Inert(s) + "**"
	}
	return "", interaction.Refusef("This battle's sides are %s.", strings.Join(quoted, ", "))
}

// seat is the game's arrangement of side, made when it has none.
func seat(g *battle.Game, side string) *battle.Side {
	if s := g.Side(side); s != nil {
		return s
	}
	g.Sides = append(g.Sides, battle.Side{Name: side})
	return &g.Sides[len(g.Sides)-1]
}

// Side is /game side user:@… side:…: the umpire puts a player on a side,
// whatever he commands on the roster. A player added to a side whose
// channel the referee opened is added to that thread.
func (c *Commands) Side(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	u, ok := req.UserOption("user")
	if !ok || u.ID == "" {
		return interaction.Response{}, interaction.Refuse("Name the player: `/game side user:@someone side:…`.")
	}
	var thread string
	resp, err := c.svc.Change(ctx, req, func(tx *battle.Tx) (interaction.Response, error) {
		if err := tx.RequireUmpire("put players on sides"); err != nil {
			return interaction.Response{}, err
		}
		g := tx.Game
		if u.ID == g.Umpire {
			return interaction.Response{}, interaction.Refuse("The umpire is on no side: he sees the whole battle.")
		}
		side, err := c.sideNamed(g, req.String("side"))
		if err != nil {
			return interaction.Response{}, err
		}
		for i := range g.Sides {
			g.Sides[i].Players = slices.DeleteFunc(g.Sides[i].Players, func(p string) bool { return p == u.ID })
		}
		s := seat(g, side)
		s.Players = append(s.Players, u.ID)
		thread = ""
		if s.Thread {
			thread = s.Channel
		}
		if u.Name != "" {
			if g.Players == nil {
				g.Players = map[string]string{}
			}
			g.Players[u.ID] = u.Name
		}
		tx.Log(fmt.Sprintf("side: %s plays for %s", g.Player(u.ID), side))
		tx.KeepUndo()
		return interaction.Say(fmt.Sprintf("**%s** plays for **%s**.", who(g, u.ID), render.Inert(side))), nil
	})
	if err == nil && thread != "" && c.Threads != nil {
		err = c.Threads.AddThreadMember(ctx, thread, u.ID)
	}
	return resp, err
}

// SideChannel is /game side-channel side:… [channel:#…]: the umpire links a
// channel to a side, or (none named) the referee opens a private thread of
// the battle's channel for it and adds the side's players and the umpire.
// The channel is linked first (state.Link), then the battle records it: a
// link the battle did not take leads nowhere.
func (c *Commands) SideChannel(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	g, rs, err := c.view(ctx, req)
	if err != nil {
		return interaction.Response{}, err
	}
	if req.User.ID != g.Umpire {
		return interaction.Response{}, interaction.Refusef("Only the umpire (%s) can link the sides' channels.", who(g, g.Umpire))
	}
	side, err := c.sideNamed(g, req.String("side"))
	if err != nil {
		return interaction.Response{}, err
	}
	ch := strings.TrimPrefix(req.String("channel"), "#")
	opened := ch == ""
	switch other, taken := g.ChannelSide(ch); {
	case ch == g.Channel:
		return interaction.Response{}, interaction.Refuse("A side's channel must be another channel than the battle's own, one only that side reads.")
	case ch != "" && ch == g.Desk:
		return interaction.Response{}, interaction.Refuse("That channel is the umpire's desk: pick another for the side.")
	case taken && !strings.EqualFold(other, side):
		return interaction.Response{}, interaction.Refusef("That channel is already the **%s** side's.", render.Inert(other))
	case opened:
		if c.Threads == nil {
			return interaction.Response{}, interaction.Refuse("This referee cannot open threads here: name the side's channel (`channel:`).")
		}
		members, err := c.playersOf(g, side)
		if err != nil {
			return interaction.Response{}, err
		}
		name := render.Clip(side+" — "+title(g, rs), maxThreadName)
		if ch, err = c.Threads.StartPrivateThread(ctx, g.Channel, name, append([]string{g.Umpire}, members...)...); err != nil {
			return interaction.Response{}, err
		}
	}
	if err := link.Channel(ctx, c.svc, req.ID, ch, g.Channel); err != nil {
		return interaction.Response{}, err
	}
	return c.svc.Change(ctx, req, func(tx *battle.Tx) (interaction.Response, error) {
		if err := tx.RequireUmpire("link the sides' channels"); err != nil {
			return interaction.Response{}, err
		}
		g := tx.Game
		s := seat(g, side)
		s.Channel, s.Thread = ch, opened
		tx.Log("side channel of " + side + " set")
		tx.KeepUndo()
		how := "It is linked"
		if opened {
			how = "The referee opened it as a private thread and added the side's players; it is linked"
		}
		resp := ephemeral(interaction.Message{Content: fmt.Sprintf("The **%s** side's channel is <#%s>. %s to this battle: every battle command works there, as that side.", render.Inert(side), ch, how)})
		resp.Posts = append(resp.Posts, interaction.Post{ChannelID: ch, Message: interaction.Message{Content: fmt.Sprintf(
			"This is the **%s** side's channel of %s (<#%s>). Every battle command works here, as your side; with fog of war on, what is posted here is what your side may know.",
			render.Inert(side), title(g, rs), g.Channel)}})
		return resp, nil
	})
}

// playersOf are the users on side: those the umpire put there and those who
// command some of its units.
func (c *Commands) playersOf(g *battle.Game, side string) ([]string, error) {
	var out []string
	if s := g.Side(side); s != nil {
		out = append(out, s.Players...)
	}
	users := make([]string, 0, len(g.Players))
	for u := range g.Players {
		users = append(users, u)
	}
	slices.Sort(users)
	for _, u := range users {
		if u == g.Umpire || slices.Contains(out, u) {
			continue
		}
		mine, err := view.SideOf(c.svc, g, u)
		if err != nil {
			return nil, err
		}
		if strings.EqualFold(mine, side) {
			out = append(out, u)
		}
	}
	return out, nil
}

// Reveal is /game reveal [side:…] unit:…: the umpire reveals a unit to one
// side, or to all (no side, or side:all). On a battle's table his answer
// says which unit of theirs sees it, and how far off, or that no one does
// and the reveal is his call (Sighting).
func (c *Commands) Reveal(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	return c.svc.Change(ctx, req, func(tx *battle.Tx) (interaction.Response, error) {
		if err := tx.RequireUmpire("reveal units"); err != nil {
			return interaction.Response{}, err
		}
		g := tx.Game
		f, err := c.fogOf(g)
		if err != nil {
			return interaction.Response{}, err
		}
		side := req.String("side")
		if strings.EqualFold(side, "all") {
			side = ""
		}
		if side != "" {
			if side, err = c.sideNamed(g, side); err != nil {
				return interaction.Response{}, err
			}
		}
		unit := req.String("unit")
		if unit == "" {
			return interaction.Response{}, interaction.Refuse("Name the unit to reveal: `/game reveal unit:…`.")
		}
		seen := ""
		if c.Sighting != nil {
			if seen, err = c.Sighting(g, side, unit); err != nil {
				return interaction.Response{}, err
			}
		}
		resp, err := f.Reveal(tx, side, unit)
		if err == nil && seen != "" && len(resp.Public) > 0 {
			resp.Public[0].Content += "\n" + seen
		}
		return resp, err
	})
}

// fogSetting is /game settings fog:on|off. Fog off reveals every unit to
// all, so that nothing stays refused as out of sight.
func (c *Commands) fogSetting(tx *battle.Tx, on bool) (string, error) {
	g := tx.Game
	f, err := c.fogOf(g)
	if err != nil {
		return "", err
	}
	if g.Fog == on {
		return fmt.Sprintf("Fog of war is already %s.", onOff(on)), nil
	}
	if !on {
		unseen, err := c.unseen(g, f)
		if err != nil {
			return "", err
		}
		for _, n := range unseen {
			if still, err := c.unseen(g, f); err != nil {
				return "", err
			} else if !slices.Contains(still, n) { // revealed with what it belongs to
				continue
			}
			var breach *rules.Breach
			if _, err := f.Reveal(tx, "", n); err != nil && !errors.As(err, &breach) {
				return "", err
			}
		}
	}
	g.Fog = on
	tx.Log("fog of war " + onOff(on))
	if on {
		return "Fog of war is on: every view of the battle is cut to what its reader may know (the umpire sees everything), " +
			"and units placed with `hidden:true` stay hidden until spotted or revealed (`/game reveal`).", nil
	}
	return "Fog of war is off: every unit is in plain sight, to everyone.", nil
}

// unseen are the names of g's board, in order of name, that the main
// channel's view does not hold: what fog off reveals.
func (c *Commands) unseen(g *battle.Game, f view.Fog) ([]string, error) {
	all, err := f.Names(g)
	if err != nil {
		return nil, err
	}
	v, err := view.For(c.svc, g, rules.Main)
	if err != nil {
		return nil, err
	}
	seen, err := f.Names(v)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, n := range slices.Sorted(maps.Keys(all)) {
		if _, ok := seen[n]; !ok {
			out = append(out, n)
		}
	}
	return out, nil
}

func onOff(on bool) string {
	if on {
		return "on"
	}
	return "off"
}
