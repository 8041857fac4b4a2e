package greenjackets

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	gj "github.com/referee-bot/referee/rules/greenjackets"
	"github.com/referee-bot/referee/state/boltstore"
)

const channel = "chan-gj"

var (
	umpire  = interaction.User{ID: "u0", Name: "umpire"}
	pSharpe = interaction.User{ID: "u1", Name: "sharpe_player"}
	pHarper = interaction.User{ID: "u2", Name: "harper_player"}
	pDubois = interaction.User{ID: "u3", Name: "dubois_player"}
	pVidal  = interaction.User{ID: "u4", Name: "vidal_player"}
)

// table is a battle over the embedded store, driven through battle.Service.
type table struct {
	t   *testing.T
	svc *battle.Service
	rs  *Ruleset
	n   int
	// public collects every public message text, with the board at that moment.
	public []seen
}

type seen struct {
	text  string
	board Board
}

func newTable(t *testing.T) *table {
	t.Helper()
	store, err := boltstore.Open(t.TempDir(), boltstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	rs := New()
	svc := battle.NewService(store, func() time.Time { return time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC) }, rand.NewChaCha8([32]byte{9}), rs)
	tb := &table{t: t, svc: svc, rs: rs}
	seed := make([]byte, 32)
	seed[0] = 42
	_, err = svc.Create(context.Background(), tb.req(umpire, "game start", nil), func(tx *battle.Tx) (interaction.Response, error) {
		g := tx.Game
		g.Ruleset, g.Name, g.Umpire, g.UmpireName = gj.ID, "Combat at the bridge", umpire.ID, umpire.Name
		g.Seed, g.Commitment = seed, battle.CommitmentOf(seed)
		return interaction.Response{}, tx.SetBoard(rs.NewBoard())
	})
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

func (tb *table) req(u interaction.User, path string, opts map[string]any) interaction.Request {
	tb.n++
	if opts == nil {
		opts = map[string]any{}
	}
	return interaction.Request{ID: fmt.Sprintf("i%d", tb.n), ChannelID: channel, GuildID: "g", User: u, Path: path, Options: opts}
}

// do runs a change (or ruling) and records its public messages.
func (tb *table) do(u interaction.User, path string, fn battle.ChangeFunc, opts map[string]any) (interaction.Response, error) {
	tb.t.Helper()
	resp, err := tb.svc.Rule(context.Background(), tb.req(u, path, opts), fn)
	if err == nil {
		b := tb.board()
		for _, m := range resp.Public {
			tb.public = append(tb.public, seen{text: messageText(m), board: *b})
		}
	}
	return resp, err
}

// ok runs a change that must succeed.
func (tb *table) ok(u interaction.User, path string, fn battle.ChangeFunc, opts map[string]any) interaction.Response {
	tb.t.Helper()
	resp, err := tb.do(u, path, fn, opts)
	if err != nil {
		tb.t.Fatalf("%s by %s: %v", path, u.Name, err)
	}
	return resp
}

// refused runs a change that must be refused with want in its reason.
func (tb *table) refused(u interaction.User, want, path string, fn battle.ChangeFunc, opts map[string]any) {
	tb.t.Helper()
	_, err := tb.do(u, path, fn, opts)
	if err == nil || !strings.Contains(err.Error(), want) {
		tb.t.Fatalf("%s by %s: err %v, want a refusal containing %q", path, u.Name, err, want)
	}
}

func (tb *table) game() *battle.Game {
	tb.t.Helper()
	g, err := tb.svc.View(context.Background(), channel)
	if err != nil {
		tb.t.Fatal(err)
	}
	return g
}

func (tb *table) board() *Board {
	tb.t.Helper()
	var b Board
	if err := json.Unmarshal(tb.game().Board, &b); err != nil {
		tb.t.Fatal(err)
	}
	return &b
}

func messageText(m interaction.Message) string {
	var b strings.Builder
	b.WriteString(m.Content)
	for _, e := range m.Embeds {
		b.WriteString("\n" + e.Title + "\n" + e.Description + "\n" + e.Footer)
		for _, f := range e.Fields {
			b.WriteString("\n" + f.Name + "\n" + f.Value)
		}
	}
	for _, btn := range m.Buttons {
		b.WriteString("\n" + btn.Label + " " + btn.ID)
	}
	return b.String()
}

// unplayed lists the cards not yet played at that moment: held by a character
// who has not acted and whose card has not been called.
func unplayed(b Board) map[string]gj.Card {
	out := map[string]gj.Card{}
	if b.Turn.Ended {
		return out
	}
	for _, c := range b.Characters {
		if c.Card == nil || c.State != Waiting {
			continue
		}
		out[c.Name] = *c.Card
	}
	return out
}

// cardForms are the ways a card could be written.
func cardForms(c gj.Card) []string {
	return []string{c.Short(), c.String(), "the **" + gj.RankName(c.Rank) + "**"}
}

const testOB = `
character: Lt Sharpe | officer | British | veteran | british
character: Sgt Harper | nco | British | veteran | british
character: Capt Dubois | officer | French | trained | french
character: Sgt Vidal | nco | French | raw | french
squad: Chosen Men | Lt Sharpe | infantry | veteran | rifle | sword | Harris (sharpshooter), Hagman (sharpshooter), Cooper, Perkins
squad: Harper's squad | Sgt Harper | infantry | veteran | rifle | bayonet | Tongue, Dodd, Volley (volley-gun), Ben
squad: Voltigeurs | Capt Dubois | infantry | trained | musket | bayonet | Leclerc, Martin, Girard, Roux
squad: Tirailleurs | Sgt Vidal | infantry | raw | musket | bayonet | Petit, Bonnet, Blanc, Fabre
`
