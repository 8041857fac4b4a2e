package greenjackets_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/referee-bot/referee/commands"
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/discord"
	"github.com/referee-bot/referee/commands/discordtest"
	"github.com/referee-bot/referee/commands/greenjackets"
	gj "github.com/referee-bot/referee/rules/greenjackets"
	"github.com/referee-bot/referee/state/boltstore"
)

const table = "500000000000000042"

var (
	dUmpire = discordtest.User{ID: "510000000000000000", Name: "umpire"}
	dSharpe = discordtest.User{ID: "510000000000000001", Name: "sharpe_player"}
	dHarper = discordtest.User{ID: "510000000000000002", Name: "harper_player"}
	dDubois = discordtest.User{ID: "510000000000000003", Name: "dubois_player"}
	dVidal  = discordtest.User{ID: "510000000000000004", Name: "vidal_player"}
	playing = map[string]discordtest.User{"Lt Sharpe": dSharpe, "Sgt Harper": dHarper, "Capt Dubois": dDubois, "Sgt Vidal": dVidal}
)

type tableTop struct {
	t   *testing.T
	d   *discordtest.Server
	svc *battle.Service
	// seen is every public message with the board as it stood when it was sent.
	seen []seenMsg
}

type seenMsg struct {
	m     discordtest.Message
	board *greenjackets.Board
}

func startTable(t *testing.T) *tableTop {
	t.Helper()
	d := discordtest.Start(t)
	store, err := boltstore.Open(t.TempDir(), boltstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	svc := battle.NewService(store, time.Now, rand.NewChaCha8([32]byte{5}), commands.Rulesets()...)
	router, defs := commands.New(commands.Deps{Battles: svc})
	s, err := discord.NewSession(d.Token, d.URL)
	if err != nil {
		t.Fatal(err)
	}
	g := &discord.Gateway{Session: s, Router: router, Commands: defs, AppID: d.AppID, GuildID: d.Guild, DeferAfter: time.Second}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- g.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Gateway.Run = %v", err)
		}
	})
	d.WaitReady(t)
	return &tableTop{t: t, d: d, svc: svc}
}

// waitDMs polls until u has at least n DMs (the double's Wait holds its lock,
// so its condition cannot call DMs).
func (tt *tableTop) waitDMs(u discordtest.User, n int) {
	tt.t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if len(tt.d.DMs(u.ID)) >= n {
			return
		}
	}
	tt.t.Fatalf("%s has %d DMs, want %d", u.Name, len(tt.d.DMs(u.ID)), n)
}

func answered(r discordtest.Reply) bool {
	thinking := r.Original != nil && r.Original.Thinking && !r.Original.Deleted
	return r.Callback != 0 && !thinking && len(r.Public())+len(r.Ephemeral()) > 0
}

func (tt *tableTop) record(rep discordtest.Reply) discordtest.Reply {
	if len(rep.Public()) > 0 {
		b := tt.board()
		for _, m := range rep.Public() {
			if !m.NoMentions {
				tt.t.Errorf("public message sent with mentions allowed: %s", m.Text())
			}
			tt.seen = append(tt.seen, seenMsg{m: m, board: b})
		}
	}
	return rep
}

func (tt *tableTop) say(u discordtest.User, path string, opts ...discordtest.Option) discordtest.Reply {
	tt.t.Helper()
	return tt.record(tt.d.Slash(u, table, path, opts...).Wait(tt.t, "/"+path+" answered", answered))
}

// press presses a button; turn buttons are slow, so the answer is a followup
// (the reply's original is the message pressed, which is dropped here).
func (tt *tableTop) press(u discordtest.User, src discordtest.Message, id string) discordtest.Reply {
	tt.t.Helper()
	rep := tt.d.Press(u, src, id).Wait(tt.t, id+" answered", func(r discordtest.Reply) bool { return len(r.Followups) > 0 })
	rep.Original = nil
	return tt.record(rep)
}

func (tt *tableTop) public(u discordtest.User, path string, opts ...discordtest.Option) discordtest.Message {
	tt.t.Helper()
	rep := tt.say(u, path, opts...)
	if len(rep.Public()) == 0 {
		tt.t.Fatalf("/%s by %s: no public answer; ephemeral: %v", path, u.Name, texts(rep.Ephemeral()))
	}
	return rep.Public()[0]
}

func texts(ms []discordtest.Message) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Text())
	}
	return out
}

func (tt *tableTop) board() *greenjackets.Board {
	tt.t.Helper()
	var b greenjackets.Board
	g, err := tt.svc.View(context.Background(), table)
	if err != nil {
		return &b
	}
	if len(g.Board) > 0 && g.Ruleset == gj.ID {
		if err := json.Unmarshal(g.Board, &b); err != nil {
			tt.t.Fatal(err)
		}
	}
	return &b
}

func button(m discordtest.Message, id string) bool {
	for _, b := range m.Buttons() {
		if b.CustomID == id {
			return true
		}
	}
	return false
}

const orderOfBattle = `character: Lt Sharpe | officer | British | veteran | british
character: Sgt Harper | nco | British | veteran | british
character: Capt Dubois | officer | French | trained | french
character: Sgt Vidal | nco | French | raw | french
squad: Chosen Men | Lt Sharpe | infantry | veteran | rifle | sword | Harris (sharpshooter), Hagman (sharpshooter), Cooper, Perkins
squad: Harper's squad | Sgt Harper | infantry | veteran | rifle | bayonet | Tongue, Dodd, Ben, Hogan
squad: Voltigeurs | Capt Dubois | infantry | trained | musket | bayonet | Leclerc, Martin, Girard, Roux
squad: Tirailleurs | Sgt Vidal | infantry | raw | musket | bayonet | Petit, Bonnet, Blanc, Fabre
`

// TestDiscordThreeTurnGame plays three turns with four officers on two sides
// through the Discord double: every card reaches only its holder by DM, and no
// public message, log line or button id ever carries a card not yet played.
func TestDiscordThreeTurnGame(t *testing.T) {
	tt := startTable(t)
	tt.public(dUmpire, "game start", discordtest.Opt("ruleset", gj.ID), discordtest.Opt("name", "The bridge at Arapiles"))
	tt.public(dUmpire, "greenjackets roster import", discordtest.Opt("text", orderOfBattle))
	// Vidal's player does not accept DMs: the umpire is told at once.
	tt.d.RefuseDMs(dVidal.ID)
	for name, u := range playing {
		rep := tt.d.Slash(dUmpire, table, "greenjackets roster character", discordtest.Opt("name", name), discordtest.Opt("player", u)).
			Wait(t, "assignment of "+name, func(r discordtest.Reply) bool {
				return answered(r) && (u.ID != dVidal.ID || len(r.Ephemeral()) > 0)
			})
		tt.record(rep)
		if u.ID == dVidal.ID {
			if eph := texts(rep.Ephemeral()); len(eph) == 0 || !strings.Contains(eph[0], "Could not DM vidal") {
				t.Errorf("the umpire was not told Vidal's DM failed: %v", eph)
			}
			continue
		}
		tt.waitDMs(u, 1)
		if dm := tt.d.DMs(u.ID)[0].Text(); !strings.Contains(dm, "You command **"+name+"**") {
			t.Errorf("DM to %s: %q", u.Name, dm)
		}
	}
	dmCount := map[string]int{}
	for turn := 1; turn <= 3; turn++ {
		for _, u := range playing {
			dmCount[u.ID] = len(tt.d.DMs(u.ID))
		}
		// The deal is slow (DMs): its answer is a followup, and the failed DM to
		// Vidal's player comes back to the umpire as a private fallback.
		rep := tt.record(tt.d.Slash(dUmpire, table, "turn new").Wait(t, "the deal", func(r discordtest.Reply) bool {
			return answered(r) && len(r.Ephemeral()) > 0
		}))
		msg := rep.Public()[0]
		if !button(msg, "v1/turn/next") || !button(msg, "v1/turn/act") {
			t.Fatalf("turn %d message has no turn buttons: %+v", turn, msg.Buttons())
		}
		b := tt.board()
		for name, u := range playing {
			c := b.Character(name)
			if u.ID == dVidal.ID {
				if eph := texts(rep.Ephemeral()); !strings.Contains(strings.Join(eph, "\n"), "/card") {
					t.Errorf("turn %d: no fallback for Vidal's card: %v", turn, eph)
				}
				// His card by /card, privately.
				cr := tt.say(dVidal, "card")
				if len(cr.Public()) != 0 || !strings.Contains(texts(cr.Ephemeral())[0], c.Card.Short()) {
					t.Errorf("turn %d: /card for Vidal: %v", turn, texts(cr.Ephemeral()))
				}
				continue
			}
			tt.waitDMs(u, dmCount[u.ID]+1)
			dms := tt.d.DMs(u.ID)[dmCount[u.ID]:]
			dmCount[u.ID] += len(dms)
			if !strings.Contains(dms[0].Text(), c.Card.Short()) {
				t.Errorf("turn %d: %s's DM does not carry his card %s: %q", turn, name, c.Card.Short(), dms[0].Text())
			}
			for other, oc := range b.Characters {
				if oc.Name != name && strings.Contains(dms[0].Text(), oc.Card.Short()) {
					t.Errorf("turn %d: %s's DM carries card %d", turn, name, other)
				}
			}
		}
		tt.playTurn(turn, msg, dmCount)
	}
	tt.checkSecrets()
	// The umpire plays no character here: no card ever reached him by DM.
	for _, m := range tt.d.DMs(dUmpire.ID) {
		if strings.Contains(m.Text(), "♠") {
			t.Errorf("the umpire was sent a card: %q", m.Text())
		}
	}
	if dms := tt.d.DMs(dVidal.ID); len(dms) != 0 {
		t.Errorf("Vidal's player refuses DMs but has %d", len(dms))
	}
}

// playTurn presses Next count; each holder presses Act now when his count is
// called, except Sharpe in turn 1, who holds back one count (G2).
func (tt *tableTop) playTurn(turn int, msg discordtest.Message, dmCount map[string]int) {
	t := tt.t
	calls := gj.Calls(1)
	delayed := false
	for range len(calls) + 2 {
		rep := tt.press(dUmpire, msg, "v1/turn/next")
		if len(rep.Public()) == 0 {
			t.Fatalf("turn %d: next count answered %v", turn, texts(rep.Ephemeral()))
		}
		msg = rep.Public()[0]
		b := tt.board()
		if b.Turn.Ended {
			if !strings.Contains(msg.Text(), "matches the commitment") || button(msg, "v1/turn/next") {
				t.Errorf("turn %d end: %s", turn, msg.Text())
			}
			return
		}
		if b.Turn.Pos >= len(calls) {
			for _, n := range b.Turn.Order {
				tt.spend(playing[n], n)
			}
			continue
		}
		call := calls[b.Turn.Pos]
		for _, c := range b.Characters {
			u := playing[c.Name]
			switch {
			case c.State != greenjackets.Waiting:
			case *c.Card == call && turn == 1 && c.Name == "Lt Sharpe" && call.Rank > 1 && !delayed:
				delayed = true
			case *c.Card == call || (c.Name == "Lt Sharpe" && delayed && gj.CallIndex(*c.Card, 1) < b.Turn.Pos):
				// A player other than the holder cannot press for him.
				for _, other := range playing {
					if other.ID != u.ID && !holdsWaiting(b, other) {
						r := tt.press(other, msg, "v1/turn/act")
						if len(r.Public()) != 0 {
							t.Errorf("%s pressed Act for %s: %v", other.Name, c.Name, texts(r.Public()))
						}
						break
					}
				}
				r := tt.press(u, msg, "v1/turn/act")
				if len(r.Public()) == 0 || !strings.Contains(r.Public()[0].Text(), c.Name) {
					t.Fatalf("%s acts: %v %v", c.Name, texts(r.Public()), texts(r.Ephemeral()))
				}
				if got := tt.board().Character(c.Name).AP; got != call.Rank {
					t.Errorf("%s acts at count %d with %d AP", c.Name, call.Rank, got)
				}
				tt.spend(u, c.Name)
			}
		}
	}
	t.Fatalf("turn %d did not end", turn)
}

func holdsWaiting(b *greenjackets.Board, u discordtest.User) bool {
	for _, c := range b.Characters {
		if c.Player == u.ID && c.State == greenjackets.Waiting {
			return true
		}
	}
	return false
}

// spend has a character fire, reload, test morale and rally until his AP are gone.
func (tt *tableTop) spend(u discordtest.User, name string) {
	enemy := map[string]string{"British": "Voltigeurs", "French": "Chosen Men"}
	for range 10 {
		b := tt.board()
		c := b.Character(name)
		if c == nil || c.State != greenjackets.OnMove {
			return
		}
		s := b.SquadsOf(c)[0]
		var rep discordtest.Reply
		loaded := false
		for _, f := range s.Living() {
			loaded = loaded || (f.Loaded && !b.Stunned(f.StunnedUntil))
		}
		switch {
		case len(s.Living()) == 0:
			rep = tt.say(u, "greenjackets pass")
		case s.Owed > 0 || s.Called:
			rep = tt.say(u, "greenjackets morale", discordtest.Opt("squad", s.Name))
		case s.Morale == gj.Pinned || s.Morale == gj.Running:
			rep = tt.say(u, "greenjackets rally", discordtest.Opt("squad", s.Name))
		case s.Morale == gj.Routing:
			rep = tt.say(u, "greenjackets rally", discordtest.Opt("squad", s.Name), discordtest.Opt("officer-near", true))
		case loaded:
			rep = tt.say(u, "greenjackets fire", discordtest.Opt("squad", s.Name), discordtest.Opt("target", enemy[c.Side]),
				discordtest.Opt("range", 18.0), discordtest.Opt("distance", 8.0))
		default:
			rep = tt.say(u, "greenjackets reload", discordtest.Opt("squad", s.Name))
		}
		if len(rep.Public()) == 0 {
			// Refused (a breach said plainly): end the move.
			tt.say(u, "greenjackets pass")
			return
		}
	}
}

// checkSecrets: no public message, button id or log line showed a card not yet played.
func (tt *tableTop) checkSecrets() {
	t := tt.t
	for _, s := range tt.seen {
		if s.board.Turn.Ended {
			continue
		}
		for _, c := range s.board.Characters {
			if c.Card == nil || c.State != greenjackets.Waiting {
				continue
			}
			for _, form := range []string{c.Card.Short(), c.Card.String()} {
				if strings.Contains(s.m.Text(), form) {
					t.Errorf("public message shows %s's unplayed card %s:\n%s", c.Name, form, s.m.Text())
				}
				for _, b := range s.m.Buttons() {
					if strings.Contains(b.CustomID, form) || strings.Contains(b.CustomID, gj.RankName(c.Card.Rank)) {
						t.Errorf("button id %q carries a card", b.CustomID)
					}
				}
			}
		}
	}
	g, err := tt.svc.View(context.Background(), table)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range g.Log {
		for _, suit := range []string{"♠", "♥", " of spades", " of hearts"} {
			if strings.Contains(e.Summary, suit) {
				t.Errorf("log line %d shows a card: %q", e.N, e.Summary)
			}
		}
	}
}

// TestDiscordImportFile loads the order of battle from an attached file.
func TestDiscordImportFile(t *testing.T) {
	tt := startTable(t)
	tt.public(dUmpire, "game start", discordtest.Opt("ruleset", gj.ID))
	m := tt.public(dUmpire, "greenjackets roster import", discordtest.Opt("file", discordtest.Attachment{Name: "ob.txt", Content: []byte(orderOfBattle)}))
	if !strings.Contains(m.Text(), "4 characters, 4 squads, 16 figures") {
		t.Errorf("import: %s", m.Text())
	}
	rep := tt.say(dSharpe, "greenjackets roster import", discordtest.Opt("text", orderOfBattle))
	if len(rep.Public()) != 0 || !strings.Contains(texts(rep.Ephemeral())[0], "Only the umpire") {
		t.Errorf("a player imports: %v %v", texts(rep.Public()), texts(rep.Ephemeral()))
	}
}
