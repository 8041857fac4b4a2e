package greenjackets_test

import (
	"strings"
	"testing"
	"time"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/turnmsg"
	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/discordtest"
	"github.com/referee-bot/referee/commands/greenjackets"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

const tableChannel = "500000000000000042"

// The Discord table seats the same people.
var (
	dUmpire, dSharpe, dVidal = commandstest.DiscordUser(umpire), commandstest.DiscordUser(pSharpe), commandstest.DiscordUser(pVidal)
	playing                  = seat()
)

// seat is who plays each character at the Discord table.
func seat() map[string]discordtest.User {
	out := map[string]discordtest.User{}
	for name, u := range players {
		out[name] = commandstest.DiscordUser(u)
	}
	return out
}

// tableTop is the shared Discord table, keeping every public message with the
// board as it stood when it was sent.
type tableTop struct {
	*commandstest.Table
	seen []seenMsg
}

type seenMsg struct {
	m     discordtest.Message
	board greenjackets.Board
}

// startTable seats the referee at the Discord double in tableChannel.
func startTable(t *testing.T) *tableTop {
	t.Helper()
	return &tableTop{Table: commandstest.Discord(t, commandstest.Seed(5), commandstest.Channel(tableChannel),
		commandstest.DeferAfter(time.Second))}
}

// record keeps a reply's public messages.
func (tt *tableTop) record(rep discordtest.Reply) discordtest.Reply {
	tt.keep(rep.Public())
	return rep
}

// keep keeps public messages, each sent with mentions off.
func (tt *tableTop) keep(pub []discordtest.Message) {
	if len(pub) == 0 {
		return
	}
	b := tt.board()
	for _, m := range pub {
		if !m.NoMentions {
			tt.T.Errorf("public message sent with mentions allowed: %s", m.Text())
		}
		tt.seen = append(tt.seen, seenMsg{m: m, board: *b})
	}
}

func (tt *tableTop) say(u discordtest.User, path string, opts ...discordtest.Option) discordtest.Reply {
	tt.T.Helper()
	return tt.record(tt.Say(u, path, opts...))
}

// press presses the button of src that routes route, and returns the reply
// (less the message pressed) and the turn message as the press left it.
func (tt *tableTop) press(u discordtest.User, src discordtest.Message, route string) (discordtest.Reply, discordtest.Message) {
	tt.T.Helper()
	id := route
	for _, b := range src.Buttons() {
		if b.Routes(route) {
			id = b.CustomID
		}
	}
	rep, turn := tt.Press(u, src, id)
	tt.keep([]discordtest.Message{turn})
	return tt.record(rep), turn
}

func (tt *tableTop) public(u discordtest.User, path string, opts ...discordtest.Option) discordtest.Message {
	tt.T.Helper()
	pub := tt.Public(u, path, opts...)
	tt.keep(pub)
	return pub[0]
}

// texts are the messages' texts.
func texts(ms []discordtest.Message) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Text())
	}
	return out
}

func (tt *tableTop) board() *greenjackets.Board {
	tt.T.Helper()
	b := commandstest.Board[greenjackets.Board](tt.T, tt.Game())
	return &b
}

// button reports whether m has a button with the custom id.
func button(m discordtest.Message, id string) bool {
	for _, b := range m.Buttons() {
		if b.Routes(id) {
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
	tt.D.RefuseDMs(dVidal.ID)
	for name, u := range playing {
		rep := tt.D.Slash(dUmpire, tableChannel, "greenjackets roster character", discordtest.Opt("name", name), discordtest.Opt("player", u)).
			Wait(t, "assignment of "+name, func(r discordtest.Reply) bool {
				return commandstest.Answered(r) && (u.ID != dVidal.ID || len(r.Ephemeral()) > 0)
			})
		tt.record(rep)
		if u.ID == dVidal.ID {
			if eph := texts(rep.Ephemeral()); len(eph) == 0 || !strings.Contains(eph[0], "vidal") || !strings.Contains(eph[0], "does not accept direct messages") {
				t.Errorf("the umpire was not told Vidal's DM failed: %v", eph)
			}
			continue
		}
		if dm := tt.WaitDMs(u, 1)[0].Text(); !strings.Contains(dm, "You command **"+name+"**") {
			t.Errorf("DM to %s: %q", u.Name, dm)
		}
	}
	dmCount := map[string]int{}
	for turn := 1; turn <= 3; turn++ {
		for _, u := range playing {
			dmCount[u.ID] = len(tt.D.DMs(u.ID))
		}
		// The deal is slow (DMs): its answer is a followup, and the failed DM to
		// Vidal's player comes back to the umpire as a private fallback.
		rep := tt.record(tt.D.Slash(dUmpire, tableChannel, "turn new").Wait(t, "the deal", func(r discordtest.Reply) bool {
			return commandstest.Answered(r) && strings.Contains(commandstest.Texts(r.Ephemeral()), "/card")
		}))
		msg := tt.TurnMessage()
		tt.keep([]discordtest.Message{msg})
		if n := len(tt.TurnMessages()); n != turn {
			t.Errorf("turn %d: the channel shows %d turn messages, want one a turn", turn, n)
		}
		if !button(msg, "v1/turn/next") || !button(msg, "v1/turn/act") || !button(msg, turnmsg.ButtonCard) {
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
			dms := tt.WaitDMs(u, dmCount[u.ID]+1)[dmCount[u.ID]:]
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
		tt.playTurn(turn, msg)
	}
	tt.checkSecrets()
	// The umpire plays no character here: no card ever reached him by DM.
	for _, m := range tt.D.DMs(dUmpire.ID) {
		if strings.Contains(m.Text(), "♠") {
			t.Errorf("the umpire was sent a card: %q", m.Text())
		}
	}
	if dms := tt.D.DMs(dVidal.ID); len(dms) != 0 {
		t.Errorf("Vidal's player refuses DMs but has %d", len(dms))
	}
}

// playTurn presses Next count; each holder presses Act now when his count is
// called, except Sharpe in turn 1, who holds back one count (G2).
func (tt *tableTop) playTurn(turn int, msg discordtest.Message) {
	t := tt.T
	next := func() *greenjackets.Board {
		rep, turnMsg := tt.press(dUmpire, msg, "v1/turn/next")
		if len(rep.All()) != 0 || turnMsg.ID != msg.ID {
			t.Fatalf("turn %d: next count answered %v, and the turn message is %s, not %s", turn, texts(rep.All()), turnMsg.ID, msg.ID)
		}
		msg = turnMsg
		b := tt.board()
		if b.Turn.Ended && (!strings.Contains(msg.Text(), "matches the commitment") || button(msg, "v1/turn/next")) {
			t.Errorf("turn %d end: %s", turn, msg.Text())
		}
		return b
	}
	act := func(a actor, call gj.Card) {
		u := playing[a.c.Name]
		// A player other than the holder cannot press for him.
		b := tt.board()
		for _, other := range playing {
			if other.ID != u.ID && !holdsWaiting(b, other) {
				r, _ := tt.press(other, msg, "v1/turn/act")
				if len(r.Public()) != 0 || len(r.Ephemeral()) != 1 {
					t.Errorf("%s pressed Act for %s: %v", other.Name, a.c.Name, texts(r.All()))
				}
				break
			}
		}
		r, turnMsg := tt.press(u, msg, "v1/turn/act")
		if len(r.Public()) != 0 || !strings.Contains(turnMsg.Text(), a.c.Name+"** acts") && !strings.Contains(turnMsg.Text(), a.c.Name+"** held back") {
			t.Fatalf("%s acts: %v; the turn message reads %s", a.c.Name, texts(r.All()), turnMsg.Text())
		}
		msg = turnMsg
		if got := tt.board().Character(a.c.Name).AP; got != call.Rank {
			t.Errorf("%s acts at count %d with %d AP", a.c.Name, call.Rank, got)
		}
		if a.heldBack && !strings.Contains(turnMsg.Text(), "held back") {
			t.Errorf("delayed act: %s", turnMsg.Text())
		}
	}
	playCounts(t, turn, next, act, func(name string) { tt.spend(playing[name], name) })
}

// holdsWaiting reports whether u plays a character whose card is not yet played.
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
		case loaded && c.Observed != b.Turn.Number:
			// G6: spot the enemy section first (automatic at 15" in the open).
			rep = tt.say(u, "greenjackets observe", discordtest.Opt("officer", name), discordtest.Opt("target", enemy[c.Side]),
				discordtest.Opt("range", 15.0))
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

// withoutMoment is a button's id less the turn moment a turn button carries
// (turn and count position, public by nature) and the log entry a Details
// button is bound to (its ruling's footer shows it).
func withoutMoment(b discordtest.Button) string {
	for _, route := range []string{turnmsg.ButtonNext, turnmsg.ButtonAct, battle.ButtonDetails} {
		if b.Routes(route) {
			return route
		}
	}
	return b.CustomID
}

// checkSecrets: no public message, button id or log line showed a card not yet played.
func (tt *tableTop) checkSecrets() {
	t := tt.T
	for _, s := range tt.seen {
		for name, c := range unplayed(s.board) {
			for _, form := range cardForms(c) {
				if strings.Contains(s.m.Text(), form) {
					t.Errorf("public message shows %s's unplayed card %s:\n%s", name, form, s.m.Text())
				}
				for _, b := range s.m.Buttons() {
					id := withoutMoment(b)
					if strings.Contains(id, form) || strings.Contains(id, gj.RankName(c.Rank)) {
						t.Errorf("button id %q carries a card", b.CustomID)
					}
				}
			}
		}
	}
	checkLog(t, tt.Log(tt.Channel))
}

// TestDiscordImportFile loads the order of battle from an attached file.
func TestDiscordImportFile(t *testing.T) {
	tt := startTable(t)
	tt.public(dUmpire, "game start", discordtest.Opt("ruleset", gj.ID))
	m := tt.public(dUmpire, "greenjackets roster import", discordtest.Opt("file", discordtest.Attachment{Name: "ob.txt", Content: []byte(orderOfBattle)}))
	if !strings.Contains(m.Text(), "4 characters, 4 squads, 16 figures") {
		t.Errorf("import: %s", m.Text())
	}
	tt.Refused("Only the umpire", dSharpe, "greenjackets roster import", discordtest.Opt("text", orderOfBattle))
}
