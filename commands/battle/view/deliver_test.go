package view

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/gamelog"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
	"github.com/referee-bot/referee/state/boltstore"
)

var t0 = time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)

// fakeRuleset is just enough of a rule set for the package's tests.
type fakeRuleset struct{}

func (fakeRuleset) ID() string                                                     { return "fake" }
func (fakeRuleset) Name() string                                                   { return "Fake Rules" }
func (fakeRuleset) FirstSteps() string                                             { return "1. Muster the units." }
func (fakeRuleset) NewBoard() any                                                  { return fogBoard{} }
func (fakeRuleset) Topics() []rules.Topic                                          { return nil }
func (fakeRuleset) ValidateBoard(json.RawMessage) error                            { return nil }
func (fakeRuleset) Status(*battle.Game) ([]interaction.Field, error)               { return nil, nil }
func (fakeRuleset) Losses(*battle.Game) (string, error)                            { return "", nil }
func (fakeRuleset) HouseRules() []rules.HouseRule                                  { return nil }
func (fakeRuleset) Definitions() []*discordgo.ApplicationCommand                   { return nil }
func (fakeRuleset) Routes() []battle.Route                                         { return nil }
func (fakeRuleset) Choices(*battle.Game, interaction.Request) []interaction.Choice { return nil }

var ids int

func request(path string) interaction.Request {
	ids++
	return interaction.Request{ID: fmt.Sprint("i", ids), ChannelID: "c1", User: interaction.User{ID: "u1", Name: "Ann"}, Path: path}
}

// fogRuleset is the fake rule set with fog of war: a unit marked hidden is
// seen by its own side alone.
type fogRuleset struct{ fakeRuleset }

type fogBoard struct {
	Units []fogUnit `json:"units"`
}

type fogUnit struct {
	Name   string `json:"name"`
	Side   string `json:"side"`
	Player string `json:"player,omitempty"`
	Hidden bool   `json:"hidden,omitempty"`
}

func (fogRuleset) ID() string { return "fogfake" }

func (fogRuleset) decode(g *battle.Game) fogBoard {
	var b fogBoard
	_ = json.Unmarshal(g.Board, &b) // the tests' boards are fogBoards
	return b
}

func (f fogRuleset) Sides(g *battle.Game) ([]string, error) {
	var sides []string
	for _, u := range f.decode(g).Units {
		if !slices.Contains(sides, u.Side) {
			sides = append(sides, u.Side)
		}
	}
	return sides, nil
}

func (f fogRuleset) SideOf(g *battle.Game, user string) (string, error) {
	for _, u := range f.decode(g).Units {
		if u.Player == user {
			return u.Side, nil
		}
	}
	return "", nil
}

func (f fogRuleset) View(g *battle.Game, r rules.Reader) (*battle.Game, error) {
	b := f.decode(g)
	b.Units = slices.DeleteFunc(b.Units, func(u fogUnit) bool { return u.Hidden && !r.All && !strings.EqualFold(u.Side, r.Side) })
	return battle.WithBoard(g, b)
}

func (f fogRuleset) Names(g *battle.Game) (map[string]string, error) {
	names := map[string]string{}
	for _, u := range f.decode(g).Units {
		names[u.Name] = u.Side
	}
	return names, nil
}

func (f fogRuleset) Known(g *battle.Game, r rules.Reader) (map[string]string, error) {
	v, err := f.View(g, r)
	if err != nil {
		return nil, err
	}
	return f.Names(v)
}

func (f fogRuleset) Changed(before json.RawMessage, g *battle.Game) ([]string, error) {
	was := *g
	was.Board = before
	var changed []string
	then, now := f.decode(&was).Units, f.decode(g).Units
	for _, u := range now {
		if !slices.Contains(then, u) {
			changed = append(changed, u.Name)
		}
	}
	for _, u := range then {
		if !slices.ContainsFunc(now, func(n fogUnit) bool { return n.Name == u.Name }) {
			changed = append(changed, u.Name)
		}
	}
	return changed, nil
}

func (fogRuleset) Reveal(*battle.Tx, string, string) (interaction.Response, error) {
	return interaction.Response{}, errors.New("the fake rule set reveals nothing")
}

// The players of the fogged battle: the umpire, Bea of the British, whose
// unit all see, and Abel of the French, whose unit is hidden.
var (
	umpireUser = interaction.User{ID: "u1", Name: "Umpire"}
	bea        = interaction.User{ID: "u2", Name: "Bea"}
	abel       = interaction.User{ID: "u3", Name: "Abel"}
)

// foggedBattle is a battle of the fake rule set in channel c1, with a
// channel for each side (fr, br): the British Rifles in the open, the
// French Voltigeurs hidden. Its first entry is logged before fog of war
// comes on, with a ruling, its second under it.
func foggedBattle(t *testing.T) *battle.Service {
	t.Helper()
	store, err := boltstore.Open(t.TempDir(), boltstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	svc := battle.NewService(store, func() time.Time { return t0 }, nil, fogRuleset{})
	svc.DeliverBy(Deliver)
	_, err = svc.Create(context.Background(), request("game start"), func(tx *battle.Tx) (interaction.Response, error) {
		g := tx.Game
		g.Ruleset, g.Umpire, g.Commitment = "fogfake", umpireUser.ID, dice.Commitment([]byte("seed"))
		g.Sides = []battle.Side{{Name: "British", Channel: "br"}, {Name: "French", Channel: "fr"}}
		tx.Log("battle started")
		r := rules.Ruling{Title: "Rifles fire at the Voltigeurs", Result: "a hit"}
		tx.Shows(r) // as details.Ruling does: its working kept
		m := interaction.Message{Embeds: []interaction.Embed{render.Ruling(r, "", render.Short)}}
		return interaction.Response{Public: []interaction.Message{m}}, tx.SetBoard(fogBoard{Units: []fogUnit{
			{Name: "Rifles", Side: "British", Player: bea.ID},
			{Name: "Voltigeurs", Side: "French", Player: abel.ID, Hidden: true},
		}})
	})
	if err != nil {
		t.Fatal(err)
	}
	req := request("game settings")
	req.User = umpireUser
	if _, err := svc.Change(context.Background(), req, func(tx *battle.Tx) (interaction.Response, error) {
		tx.Game.Fog = true
		tx.Log("fog of war on")
		return interaction.Say("Fog of war is on."), nil
	}); err != nil {
		t.Fatal(err)
	}
	return svc
}

// say is a change by u in the battle's channel that logs summary and says
// it in public, naming nothing of the roster: as sealed orders written, or
// a roll.
func say(t *testing.T, svc *battle.Service, u interaction.User, summary string) interaction.Response {
	t.Helper()
	req := request("say")
	req.User = u
	resp, err := svc.Change(context.Background(), req, func(tx *battle.Tx) (interaction.Response, error) {
		tx.Log(summary)
		return interaction.Say(u.Name + " " + summary), nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

func postedIn(r interaction.Response, channel string) bool {
	return slices.ContainsFunc(r.Posts, func(p interaction.Post) bool { return p.ChannelID == channel })
}

// What a player says who commands only what a reader does not see tells
// that reader of him: it goes to his own side and the umpire, and into
// their parts of the log alone; what a player all see says goes to all.
func TestAHiddenPlayerIsASubject(t *testing.T) {
	svc := foggedBattle(t)
	ctx := context.Background()
	_, log, err := svc.ViewLog(ctx, "c1", 0)
	if err != nil {
		t.Fatal(err)
	}
	before := len(log)

	r := say(t, svc, abel, "wrote sealed orders")
	if len(r.Public) != 0 || postedIn(r, "br") || !postedIn(r, "fr") {
		t.Errorf("the hidden player's words: public %v, posts %v; want them posted in the French channel alone", r.Public, r.Posts)
	}
	r = say(t, svc, bea, "wrote sealed orders")
	if len(r.Public) != 1 {
		t.Errorf("the British player's words: public %v, posts %v; want them said in the battle's channel", r.Public, r.Posts)
	}

	_, log, err = svc.ViewLog(ctx, "c1", 0)
	if err != nil {
		t.Fatal(err)
	}
	hidden, open := log[before], log[before+1]
	for _, c := range []struct {
		e      gamelog.Entry
		reader rules.Reader
		n      int
		ok     bool
	}{
		{hidden, rules.SideReader("French"), 3, true},
		{hidden, rules.SideReader("British"), 0, false},
		{hidden, rules.Main, 0, false},
		{open, rules.Main, 3, true},
		{open, rules.SideReader("British"), 3, true},
		{open, rules.SideReader("French"), 4, true},
	} {
		if n, ok := c.e.For(c.reader); n != c.n || ok != c.ok {
			t.Errorf("%q.For(%v) = %d, %v; want %d, %v", c.e.Summary, c.reader, n, ok, c.n, c.ok)
		}
	}
}

// Every part of the log starts with the entries logged before fog of war
// came on, which every reader read, and numbers on from them.
func TestPartsStartWithTheLogBeforeFog(t *testing.T) {
	svc := foggedBattle(t)
	_, log, err := svc.ViewLog(context.Background(), "c1", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []rules.Reader{rules.Main, rules.SideReader("British"), rules.SideReader("French")} {
		for i, e := range log {
			if n, ok := e.For(r); n != i+1 || !ok {
				t.Errorf("%q.For(%v) = %d, %v; want %d, true", e.Summary, r, n, ok, i+1)
			}
		}
	}
}

// What a player's own command logs is in his side's part of the log, even
// when its answer is no message at all (an act whose news is a card's).
func TestAQuietCommandIsInItsSidesPart(t *testing.T) {
	svc := foggedBattle(t)
	ctx := context.Background()
	req := request("act")
	req.User = abel
	if _, err := svc.Change(ctx, req, func(tx *battle.Tx) (interaction.Response, error) {
		tx.About("Voltigeurs")
		tx.Log("Voltigeurs act")
		return interaction.Response{}, nil
	}); err != nil {
		t.Fatal(err)
	}
	_, log, err := svc.ViewLog(ctx, "c1", 0)
	if err != nil {
		t.Fatal(err)
	}
	e := log[len(log)-1]
	if n, ok := e.For(rules.SideReader("French")); n != 3 || !ok {
		t.Errorf("the French player's quiet act: For(French) = %d, %v; want 3, true", n, ok)
	}
	if _, ok := e.For(rules.Main); ok {
		t.Errorf("the French player's hidden act is in the main channel's part: %+v", e.Shown)
	}
}

// An entry logged about what it names alone goes to every reader shown any
// of the change whose view holds that, though the change says more to
// fewer: a count called that sets a hidden unit moving is the count of
// whoever is told of it, and the unit's moving its own side's.
func TestAnEntryAboutLess(t *testing.T) {
	svc := foggedBattle(t)
	ctx := context.Background()
	req := request("turn next")
	req.User = umpireUser
	if _, err := svc.Change(ctx, req, func(tx *battle.Tx) (interaction.Response, error) {
		tx.LogAbout("count 3")
		tx.Log("the Voltigeurs set off")
		resp := interaction.Say("The Voltigeurs set off.")
		resp.DMs = []interaction.DM{{UserID: bea.ID, Message: interaction.Message{Content: "Count 3 is yours."}}}
		return resp, tx.SetBoard(fogBoard{Units: []fogUnit{
			{Name: "Rifles", Side: "British", Player: bea.ID},
			{Name: "Voltigeurs", Side: "French", Player: abel.ID, Hidden: true},
			{Name: "Voltigeurs' guide", Side: "French", Hidden: true},
		}})
	}); err != nil {
		t.Fatal(err)
	}
	_, log, err := svc.ViewLog(ctx, "c1", 0)
	if err != nil {
		t.Fatal(err)
	}
	count, off := log[len(log)-2], log[len(log)-1]
	for _, c := range []struct {
		e      gamelog.Entry
		reader rules.Reader
		n      int
		ok     bool
	}{
		{count, rules.SideReader("British"), 3, true},
		{count, rules.SideReader("French"), 3, true},
		{count, rules.Main, 0, false}, // told nothing of the change
		{off, rules.SideReader("French"), 4, true},
		{off, rules.SideReader("British"), 0, false},
		{off, rules.Main, 0, false},
	} {
		if n, ok := c.e.For(c.reader); n != c.n || ok != c.ok {
			t.Errorf("%q.For(%v) = %d, %v; want %d, %v", c.e.Summary, c.reader, n, ok, c.n, c.ok)
		}
	}
}
