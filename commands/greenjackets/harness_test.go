package greenjackets_test

import (
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/gamelog"
	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/greenjackets"
	"github.com/referee-bot/referee/commands/interaction"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

const channel = "chan-gj"

// The umpire and the players of the four characters, with snowflake ids so
// that the Discord tests seat the same people.
var (
	umpire  = interaction.User{ID: "510000000000000000", Name: "umpire"}
	pSharpe = interaction.User{ID: "510000000000000001", Name: "sharpe_player"}
	pHarper = interaction.User{ID: "510000000000000002", Name: "harper_player"}
	pDubois = interaction.User{ID: "510000000000000003", Name: "dubois_player"}
	pVidal  = interaction.User{ID: "510000000000000004", Name: "vidal_player"}
	// players are who plays each character.
	players = map[string]interaction.User{"Lt Sharpe": pSharpe, "Sgt Harper": pHarper, "Capt Dubois": pDubois, "Sgt Vidal": pVidal}
)

// table is the shared command harness with a battle begun in channel and the
// Green Jackets board at hand.
type table struct {
	*commandstest.Harness
	// public is every public message in channel, with the board as it stood
	// once the message was sent.
	public []seen
}

type seen struct {
	text  string
	board greenjackets.Board
}

// newTable begins "Combat at the bridge" in channel, umpired by umpire.
func newTable(t testing.TB) *table {
	t.Helper()
	tb := &table{}
	tb.Harness = commandstest.New(t, commandstest.Seed(9), commandstest.Channel(channel),
		commandstest.Watch(func(h *commandstest.Harness, req interaction.Request, r interaction.Response) {
			if req.ChannelID != channel || len(r.Public) == 0 {
				return
			}
			b := commandstest.Board[greenjackets.Board](h.T, h.Game(channel))
			for _, m := range r.Public {
				tb.public = append(tb.public, seen{text: commandstest.TextOf([]interaction.Message{m}), board: b})
			}
		}))
	tb.Public(umpire, "game start", "ruleset", gj.ID, "name", "Combat at the bridge")
	return tb
}

func (tb *table) game() *battle.Game { return tb.Game(channel) }

func (tb *table) board() *greenjackets.Board {
	b := commandstest.Board[greenjackets.Board](tb.T, tb.game())
	return &b
}

// edit changes the stored board directly (test set-up only).
func (tb *table) edit(fn func(b *greenjackets.Board)) { commandstest.Edit(tb.Harness, channel, fn) }

// first is what a response's first public message shows: the turn message,
// when it shows one.
func first(r interaction.Response) string {
	if m := commandstest.TurnShown(r); m != nil {
		return commandstest.TextOf([]interaction.Message{*m})
	}
	return commandstest.TextOf(r.Public[:1])
}

// unplayed lists the cards not yet played at that moment: held by a character
// who has not acted and whose card has not been called.
func unplayed(b greenjackets.Board) map[string]gj.Card {
	out := map[string]gj.Card{}
	if b.Turn.Ended {
		return out
	}
	for _, c := range b.Characters {
		if c.Card == nil || c.State != greenjackets.Waiting {
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

// An actor is a character who acts at the count called.
type actor struct {
	c *greenjackets.Character
	// heldBack is whether he held back to this count.
	heldBack bool
}

// playCounts calls the count down until the turn ends: next calls the next
// count (checking its answer) and returns the board after it; at each count
// act has every holder of the card called act, and spend spends his AP; once
// the count has passed the Ace, everyone still on move spends his. In turn 1
// Sharpe holds back one count (G2).
func playCounts(t testing.TB, turn int, next func() *greenjackets.Board, act func(a actor, call gj.Card), spend func(name string)) {
	t.Helper()
	calls := gj.Calls(1)
	held := false
	for range len(calls) + 2 {
		b := next()
		if b.Turn.Ended {
			return
		}
		if b.Turn.Pos >= len(calls) {
			for _, n := range b.Turn.Order {
				spend(n)
			}
			continue
		}
		call := calls[b.Turn.Pos]
		for _, a := range actors(b, call, turn, &held) {
			act(a, call)
			spend(a.c.Name)
		}
	}
	t.Fatalf("turn %d did not end", turn)
}

// actors are the characters who act when call is called on b: its holder,
// except Sharpe in turn 1, who holds back one count (then *held) and acts at
// the next.
func actors(b *greenjackets.Board, call gj.Card, turn int, held *bool) []actor {
	var out []actor
	for _, c := range b.Characters {
		switch {
		case c.State != greenjackets.Waiting || c.Card == nil:
		case *c.Card == call && turn == 1 && c.Name == "Lt Sharpe" && call.Rank > 1 && !*held:
			*held = true
		case *c.Card == call:
			out = append(out, actor{c: c})
		case c.Name == "Lt Sharpe" && *held && gj.CallIndex(*c.Card, 1) < b.Turn.Pos:
			out = append(out, actor{c: c, heldBack: true})
		}
	}
	return out
}

// checkLog fails if any line of the game's log shows a card.
func checkLog(t testing.TB, log []gamelog.Entry) {
	t.Helper()
	for _, e := range log {
		for _, suit := range []string{"♠", "♥", " of spades", " of hearts"} {
			if strings.Contains(e.Summary, suit) {
				t.Errorf("log line %d shows a card: %q", e.N, e.Summary)
			}
		}
	}
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
