package greenjackets_test

import (
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/greenjackets"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

func setUpRoster(t *testing.T, tb *table) {
	t.Helper()
	resp := tb.Public(umpire, "greenjackets roster import", "text", testOB)
	if !strings.Contains(first(resp), "4 characters, 4 squads, 16 figures") {
		t.Fatalf("import: %s", first(resp))
	}
	for _, name := range []string{"Lt Sharpe", "Sgt Harper", "Capt Dubois", "Sgt Vidal"} {
		u := players[name]
		resp := tb.OK(umpire, "greenjackets roster character", "name", name, "player", u)
		if len(resp.DMs) != 1 || resp.DMs[0].UserID != u.ID || !strings.Contains(resp.DMs[0].Message.Content, "You command **"+name+"**") || resp.DMs[0].Fallback == "" {
			t.Fatalf("assigning %s: DMs %+v", name, resp.DMs)
		}
	}
}

func TestRosterRefusesPlayers(t *testing.T) {
	tb := newTable(t)
	setUpRoster(t, tb)
	tb.Refused("Only the umpire", pSharpe, "greenjackets roster squad", "name", "Mine")
	tb.Refused("already on the roster", umpire, "greenjackets roster figure", "name", "Harris", "squad", "Voltigeurs", "new-name", "Leclerc")
	tb.OK(umpire, "greenjackets roster figure", "name", "Harris", "loaded", false)
	b := tb.board()
	if _, f := b.Figure("Harris"); f.Loaded || !f.Sharpshooter || f.Weapon != gj.Rifle || f.Quality != gj.Veteran {
		t.Errorf("Harris = %+v", f)
	}
}

// TestThreeTurnGame plays three turns with four officers on two sides through the
// routes: each card goes by DM to its holder only, and no public message or log
// line ever shows a card not yet played.
func TestThreeTurnGame(t *testing.T) {
	tb := newTable(t)
	setUpRoster(t, tb)
	for turn := 1; turn <= 3; turn++ {
		resp := tb.OK(umpire, "turn new")
		b := tb.board()
		if len(resp.DMs) != 4 {
			t.Fatalf("turn %d: %d DMs, want 4", turn, len(resp.DMs))
		}
		for _, dm := range resp.DMs {
			var holder *greenjackets.Character
			for _, c := range b.Characters {
				if strings.Contains(dm.Message.Content, "**"+c.Name+"**") {
					holder = c
				}
			}
			if holder == nil || dm.UserID != players[holder.Name].ID {
				t.Fatalf("turn %d: DM %q went to %s", turn, dm.Message.Content, dm.UserID)
			}
			if !strings.Contains(dm.Message.Content, holder.Card.Short()) {
				t.Errorf("turn %d: %s's DM does not show his card: %q", turn, holder.Name, dm.Message.Content)
			}
			for _, c := range b.Characters {
				if c != holder && strings.Contains(dm.Message.Content, c.Card.Short()) {
					t.Errorf("turn %d: %s's DM shows %s's card", turn, holder.Name, c.Name)
				}
			}
			if strings.Contains(dm.Fallback, holder.Card.Short()) || strings.Contains(dm.Fallback, gj.RankName(holder.Card.Rank)+" of") {
				t.Errorf("turn %d: fallback shows the card: %q", turn, dm.Fallback)
			}
		}
		// Each player's /card shows his own card only.
		for name, u := range players {
			resp := tb.Do(u, "card")
			tb.Expect(t, "/card by "+u.Name, resp, false, "[ephemeral] ")
			txt := commandstest.TextOf(resp.Ephemeral[:1])
			for _, c := range b.Characters {
				if has := strings.Contains(txt, c.Card.Short()); has != (c.Name == name) {
					t.Errorf("turn %d: /card by %s shows %s's card: %v", turn, u.Name, c.Name, has)
				}
			}
			if len(resp.Public) != 0 {
				t.Errorf("/card answered publicly")
			}
		}
		tb.playTurn(turn)
	}
	// Nothing public, nor any log line, ever carried a card not yet played.
	for _, s := range tb.public {
		for name, c := range unplayed(s.board) {
			for _, form := range cardForms(c) {
				if strings.Contains(s.text, form) {
					t.Errorf("public message shows %s's unplayed card (%s):\n%s", name, form, s.text)
				}
			}
		}
	}
	log := tb.Log(channel)
	checkLog(t, log)
	if len(log) < 30 {
		t.Errorf("only %d log entries", len(log))
	}
}

// playTurn calls the count down; each holder acts when called (Sharpe holds back
// one count in turn 1) and spends his AP on his squad.
func (tb *table) playTurn(turn int) {
	t := tb.T
	t.Helper()
	next := func() *greenjackets.Board {
		resp := tb.Public(umpire, "turn next")
		b := tb.board()
		if b.Turn.Ended {
			// The exact form hashed is spelled out, and hashes to the
			// commitment published at the deal.
			r := b.Revealed()
			hashed := rules.Hashed(gj.DealForm(turn, r.Cards, b.Turn.Salt))
			if !strings.Contains(first(resp), "matches the commitment") || !strings.Contains(first(resp), "`"+hashed+"`") ||
				!strings.HasSuffix(hashed, " = "+b.Turn.Commitment) {
				t.Errorf("turn %d end: %s\nwant it to spell out %s", turn, first(resp), hashed)
			}
		}
		for _, dm := range resp.DMs {
			for _, c := range b.Characters {
				if strings.Contains(dm.Message.Content, "**"+c.Name+"**") && dm.UserID != players[c.Name].ID {
					t.Errorf("count DM about %s went to %s", c.Name, dm.UserID)
				}
			}
		}
		return b
	}
	act := func(a actor, call gj.Card) {
		r := tb.Public(players[a.c.Name], "act")
		if !strings.Contains(first(r), a.c.Name) {
			t.Errorf("act: %s", first(r))
		}
		if got := tb.board().Character(a.c.Name).AP; got != call.Rank {
			t.Errorf("%s acts at count %d with %d AP", a.c.Name, call.Rank, got)
		}
		if a.heldBack && !strings.Contains(first(r), "held back") {
			t.Errorf("delayed act: %s", first(r))
		}
	}
	playCounts(t, turn, next, act, func(name string) { tb.spend(players[name], name) })
}

// spend has a character use his AP: resolve owed morale, rally, reload, fire, move.
func (tb *table) spend(u interaction.User, name string) {
	t := tb.T
	t.Helper()
	b := tb.board()
	c := b.Character(name)
	if c == nil || c.State != greenjackets.OnMove {
		return
	}
	squads := b.SquadsOf(c)
	s := squads[0]
	if len(s.Living()) == 0 {
		tb.OK(u, "greenjackets pass")
		return
	}
	if s.Owed > 0 || s.Called {
		tb.Refused("must first test morale", u, "greenjackets move", "squad", s.Name, "speed", "crawl")
		tb.OK(u, "greenjackets morale", "squad", s.Name)
	}
	enemy := map[string]string{"British": "Voltigeurs", "French": "Chosen Men"}[c.Side]
	for i := 0; i < 8; i++ {
		b = tb.board()
		c, s = b.Character(name), b.Squad(s.Name)
		if c.State != greenjackets.OnMove || len(s.Living()) == 0 {
			return
		}
		var r interaction.Response
		switch {
		case s.Morale != gj.Steady && s.Morale != gj.Routing:
			r = tb.Do(u, "greenjackets rally", "squad", s.Name)
		case s.Morale == gj.Routing:
			r = tb.Do(u, "greenjackets rally", "squad", s.Name, "officer-near", true)
		case loaded(b, s) && c.Observed != b.Turn.Number:
			// G6: spot the enemy section first (automatic at 15" in the open).
			r = tb.Do(u, "greenjackets observe", "officer", name, "target", enemy, "range", 15.0)
		case loaded(b, s):
			r = tb.Do(u, "greenjackets fire", "squad", s.Name, "target", enemy, "range", 25.0)
		default:
			r = tb.Do(u, "greenjackets reload", "squad", s.Name)
		}
		if tb.Outcome() != interaction.OutcomeOK {
			// A refusal is a breach said plainly; the move ends with a pass.
			tb.Expect(t, name+"'s refused action", r, true)
			if p := tb.Do(u, "greenjackets pass"); tb.Outcome() != interaction.OutcomeOK {
				t.Fatalf("%s: %s, then pass: %s", name, commandstest.Text(r), commandstest.Text(p))
			}
			return
		}
	}
}

func loaded(b *greenjackets.Board, s *greenjackets.Squad) bool {
	for _, f := range s.Living() {
		if f.Loaded && !b.Stunned(f.StunnedUntil) && f.Weapon != gj.None {
			return true
		}
	}
	return false
}
