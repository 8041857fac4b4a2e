package commands_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/interaction"
	gj "github.com/referee-bot/referee/rules/greenjackets"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// A mainChannel is what a fogged battle's main channel ("home") is shown,
// step by step: its turn message posted, edited and retired (as its
// transport does it, each post given an id), the messages posted there,
// and the answers to commands given there. Its clock stands still but
// where a step moves it on, so that two battles played alike read alike.
type mainChannel struct {
	t      *testing.T
	h      *commandstest.Harness
	now    time.Time
	posted int
	// shown is what each step showed the main channel ("" nothing).
	shown []string
}

// newMainChannel is a fogged battle's main channel, "home", with sides'
// channels "brit" and "fr" once the umpire links them.
func newMainChannel(t *testing.T) *mainChannel {
	m := &mainChannel{t: t, now: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)}
	m.h = commandstest.New(t, commandstest.Seed(5), commandstest.Channel("home"), commandstest.Clock(func() time.Time { return m.now }))
	return m
}

// in runs a command by u in channel, a minute after the step before, and
// notes what the main channel is shown of it and what u is told alone.
func (m *mainChannel) in(channel string, u interaction.User, path string, opts ...any) interaction.Response {
	m.t.Helper()
	m.now = m.now.Add(time.Minute)
	r := m.h.In(channel, u, path, opts...)
	if commandstest.IsRefusal(r) {
		m.t.Fatalf("%s by %s in %s refused: %s", path, u.Name, channel, commandstest.Text(r))
	}
	shown := m.read(channel, r)
	if len(r.Ephemeral) > 0 {
		j, err := json.Marshal(r.Ephemeral)
		if err != nil {
			m.t.Fatal(err)
		}
		shown += fmt.Sprintf("\nto %s alone: %s", u.Name, j)
	}
	m.shown = append(m.shown, shown)
	return r
}

// deadlines runs a status command by u in the main channel and notes the
// deadlines it lists alone (the counts of rolls and log entries of
// /game status are the log's, not the turn's).
func (m *mainChannel) deadlines(u interaction.User, path string) {
	m.t.Helper()
	m.now = m.now.Add(time.Minute)
	r := m.h.In("home", u, path)
	var fields []string
	for _, msg := range append(r.Public, r.Ephemeral...) {
		for _, e := range msg.Embeds {
			for _, f := range e.Fields {
				if f.Name == "Deadlines" {
					fields = append(fields, f.Value)
				}
			}
		}
	}
	if len(fields) == 0 {
		m.t.Fatalf("%s by %s lists no deadlines: %s", path, u.Name, commandstest.Text(r))
	}
	m.shown = append(m.shown, path+" deadlines: "+strings.Join(fields, "\n"))
}

// unseen runs a command by u in channel at the same moment as the step
// before (an unseen unit's act takes no time the main channel could tell),
// and fails unless the main channel is shown nothing of it.
func (m *mainChannel) unseen(channel string, u interaction.User, path string, opts ...any) {
	m.t.Helper()
	r := m.h.In(channel, u, path, opts...)
	if commandstest.IsRefusal(r) {
		m.t.Fatalf("%s by %s in %s refused: %s", path, u.Name, channel, commandstest.Text(r))
	}
	if got := m.read(channel, r); got != "" {
		m.t.Errorf("%s by %s (unseen) showed the main channel:\n%s", path, u.Name, got)
	}
}

// read is what r shows the main channel, given in channel.
func (m *mainChannel) read(channel string, r interaction.Response) string {
	m.t.Helper()
	var b strings.Builder
	put := func(kind string, v any) {
		j, err := json.Marshal(v)
		if err != nil {
			m.t.Fatal(err)
		}
		fmt.Fprintf(&b, "%s %s\n", kind, j)
	}
	if t := r.Turn; t != nil {
		if t.Show && t.Edit == "" {
			m.posted++
			if _, err := t.Posted(context.Background(), fmt.Sprintf("turn%d", m.posted)); err != nil {
				m.t.Fatal(err)
			}
			put("turn message posted:", t.Message)
		} else if t.Show {
			put("turn message "+t.Edit+" edited:", t.Message)
		}
		if len(t.Retire) > 0 {
			put("turn messages retired:", t.Retire)
		}
	}
	if channel == "home" && len(r.Public) > 0 {
		put("answer:", r.Public)
	}
	for _, p := range r.Posts {
		if p.ChannelID == "home" {
			put("posted:", p.Message)
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// sameAs fails unless two battles' main channels were shown the same
// bytes, step by step.
func (m *mainChannel) sameAs(o *mainChannel, what string) {
	m.t.Helper()
	if slices.Equal(m.shown, o.shown) {
		return
	}
	for i := range max(len(m.shown), len(o.shown)) {
		var a, b string
		if i < len(m.shown) {
			a = m.shown[i]
		}
		if i < len(o.shown) {
			b = o.shown[i]
		}
		if a != b {
			m.t.Fatalf("%s: step %d of the main channel differs:\n%s\n--- against ---\n%s", what, i+1, a, b)
		}
	}
}

// Green Jackets under fog of war: Lt Sharpe (fogAlice, British) in plain
// sight, Capt Dubois (fogBob, French) hidden, with deadlines and pings.
var (
	fogUmpire  = interaction.User{ID: "u0", Name: "Umpire"}
	fogAlice   = interaction.User{ID: "u1", Name: "Alice"}
	fogBob     = interaction.User{ID: "u2", Name: "Bob"}
	fogCleo    = interaction.User{ID: "u3", Name: "Cleo"}
	fogWatcher = interaction.User{ID: "u9", Name: "Watcher"}
)

// hiddenDubois starts the battle and deals turn 1, Lt Sharpe holding the
// 3 and Capt Dubois the card dubois.
func hiddenDubois(t *testing.T, dubois int) *mainChannel {
	m := newMainChannel(t)
	h := m.h
	h.Public(fogUmpire, "game start", "ruleset", "greenjackets")
	h.Public(fogUmpire, "game settings", "fog", "on")
	h.OK(fogUmpire, "greenjackets roster character", "name", "Lt Sharpe", "side", "British", "player", fogAlice)
	h.OK(fogUmpire, "greenjackets roster character", "name", "Capt Dubois", "side", "French", "player", fogBob, "hidden", true)
	done(t, h, fogUmpire, "game side-channel", "side", "British", "channel", "brit")
	done(t, h, fogUmpire, "game side-channel", "side", "French", "channel", "fr")
	h.OK(fogUmpire, "game deadline", "move", "24h")
	h.OK(fogUmpire, "game settings", "pings", "on")
	m.in("home", fogUmpire, "turn new")
	commandstest.Edit(h, "home", func(b *gj.Board) {
		for _, c := range b.Characters {
			rank := 3
			if c.Name == "Capt Dubois" {
				rank = dubois
			}
			c.Card = &gj.Card{Rank: rank}
		}
	})
	return m
}

// countDown plays the turn dealt by hiddenDubois: the umpire calls each
// count; Sharpe acts at 3 and passes; Dubois, at his count, acts in his
// side's channel and passes; then the turn ends. Along the way a watcher
// and Sharpe's player ask how the turn stands.
func countDown(m *mainChannel, dubois int) {
	for count := 6; count >= 0; count-- {
		m.in("home", fogUmpire, "turn next")
		switch count {
		case dubois:
			m.unseen("fr", fogBob, "act")
			m.unseen("fr", fogBob, "greenjackets pass")
		case 3:
			m.in("home", fogAlice, "act")
			m.in("home", fogAlice, "greenjackets pass")
		case 4:
			m.in("home", fogWatcher, "turn status")
			m.in("home", fogAlice, "turn status")
			m.deadlines(fogWatcher, "game status")
		}
	}
}

// TestGreenJacketsUnseenHolderReadsAsNoHolder: the count a hidden
// character holds and acts at reads, on the main channel, byte for byte
// as a count no one holds: the turn message is neither edited nor posted
// when he acts and passes, its deadlines and whom it waits on are the
// main channel's view's, and the status a watcher or the enemy asks for
// names neither the hidden character nor his player.
func TestGreenJacketsUnseenHolderReadsAsNoHolder(t *testing.T) {
	atSix, atTwo := hiddenDubois(t, 6), hiddenDubois(t, 2)
	countDown(atSix, 6)
	countDown(atTwo, 2)
	atSix.sameAs(atTwo, "Dubois acting at 6, against at 2")
	for i, s := range atSix.shown {
		for _, hidden := range []string{"Dubois", "Bob", fogBob.ID} {
			if strings.Contains(s, hidden) {
				t.Errorf("step %d shows the main channel %q:\n%s", i+1, hidden, s)
			}
		}
	}
	if !strings.Contains(strings.Join(atSix.shown, "\n"), "due <t:") {
		t.Error("the turn message shows no deadline")
	}
}

// TestGreenJacketsUnseenHoldingBackPastTheAce: a hidden character who
// holds back past the Ace, and acts after it with 1 AP, costs the umpire
// the same calls as one who acted at his count, and the main channel reads
// both byte for byte alike: under fog of war the count stops past Ace
// whether or not anyone is late, one late goes on the move himself, and
// the call after it ends the turn.
func TestGreenJacketsUnseenHoldingBackPastTheAce(t *testing.T) {
	atSix, late := hiddenDubois(t, 6), hiddenDubois(t, 6)
	for _, m := range []*mainChannel{atSix, late} {
		for count := 6; count >= 0; count-- { // 6 down to the Ace, then past it
			m.in("home", fogUmpire, "turn next")
			switch {
			case count == 6 && m == atSix:
				m.unseen("fr", fogBob, "act")
				m.unseen("fr", fogBob, "greenjackets pass")
			case count == 0 && m == late: // past the Ace, with 1 AP
				m.unseen("fr", fogBob, "act")
				m.unseen("fr", fogBob, "greenjackets pass")
			case count == 3:
				m.in("home", fogAlice, "act")
				m.in("home", fogAlice, "greenjackets pass")
			}
		}
		m.in("home", fogWatcher, "turn status")
		m.in("home", fogUmpire, "turn next")
		if b := commandstest.Board[gj.Board](t, m.h.Game("home")); !b.Turn.Ended {
			t.Fatalf("the call after the count passed Ace left turn %+v", b.Turn)
		}
	}
	atSix.sameAs(late, "Dubois acting at 6, against past the Ace")
}

// hiddenHussards starts a Volleyfire! battle under fog of war, the French
// activating first: the Allies' 1st Foot (alice) in plain sight, the
// French Hussards (bob) hidden and their 4e Ligne (bob) seen.
func hiddenHussards(t *testing.T) *mainChannel {
	m := newMainChannel(t)
	h := m.h
	h.Public(fogUmpire, "game start", "ruleset", "volleyfire")
	h.Public(fogUmpire, "game settings", "fog", "on")
	done(t, h, fogUmpire, "volleyfire-roster unit-add", "name", "1st Foot", "side", "Allies", "type", "infantry", "bases", int64(6), "nation", "British", "player", fogAlice)
	done(t, h, fogUmpire, "volleyfire-roster unit-add", "name", "Hussards", "side", "French", "type", "cavalry", "bases", int64(4), "nation", "French", "player", fogBob, "hidden", true)
	done(t, h, fogUmpire, "volleyfire-roster unit-add", "name", "4e Ligne", "side", "French", "type", "infantry", "bases", int64(6), "nation", "French", "player", fogBob)
	done(t, h, fogUmpire, "game side-channel", "side", "Allies", "channel", "brit")
	done(t, h, fogUmpire, "game side-channel", "side", "French", "channel", "fr")
	h.OK(fogUmpire, "game deadline", "move", "24h")
	commandstest.Edit(h, "home", func(b *vf.Board) { b.First = "French" })
	m.in("home", fogUmpire, "turn new")
	return m
}

// askTurn has a watcher and the Allies' player ask how the turn stands.
func askTurn(m *mainChannel) {
	m.in("home", fogWatcher, "turn status")
	m.in("home", fogAlice, "turn status")
	m.deadlines(fogWatcher, "game status")
}

// TestVolleyfireUnseenActivationReadsAsAHold: the French activation of
// the hidden Hussards, begun and ended in the French channel, reads on the
// main channel byte for byte as the Hussards holding at the umpire's call:
// nothing while they are activated, then the activation passing to the
// Allies; whom the turn waits on and its deadlines never name them (their
// player, who commands the 4e Ligne too, may be named).
func TestVolleyfireUnseenActivationReadsAsAHold(t *testing.T) {
	activated, held := hiddenHussards(t), hiddenHussards(t)
	activated.unseen("fr", fogBob, "volleyfire activate", "unit", "Hussards")
	activated.in("fr", fogBob, "turn next")
	held.in("home", fogUmpire, "turn next")
	for _, m := range []*mainChannel{activated, held} {
		askTurn(m)
		m.in("home", fogAlice, "volleyfire activate", "unit", "1st Foot")
	}
	activated.sameAs(held, "the Hussards activated, against held")
	for i, s := range activated.shown {
		for _, hidden := range []string{"Hussards", "cavalry"} {
			if strings.Contains(s, hidden) {
				t.Errorf("step %d shows the main channel %q:\n%s", i+1, hidden, s)
			}
		}
	}
}

// hiddenBattery starts a Rules – Firing (2007) battle under fog of war:
// the British 42nd (alice), the French La Sarre (cleo) in sight and their
// Battery (bob) hidden.
func hiddenBattery(t *testing.T) *mainChannel {
	m := newMainChannel(t)
	h := m.h
	h.Public(fogUmpire, "game start", "ruleset", "firing2007")
	h.Public(fogUmpire, "game settings", "fog", "on")
	done(t, h, fogUmpire, "firing2007 unit-add", "name", "42nd", "type", "british", "side", "British", "strength", 6, "morale", 7, "player", fogAlice)
	done(t, h, fogUmpire, "firing2007 unit-add", "name", "La Sarre", "type", "line", "side", "French", "strength", 6, "morale", 6, "player", fogCleo)
	done(t, h, fogUmpire, "firing2007 unit-add", "name", "Battery", "type", "howitzer", "side", "French", "strength", 5, "morale", 7, "player", fogBob, "hidden", true)
	done(t, h, fogUmpire, "game side-channel", "side", "British", "channel", "brit")
	done(t, h, fogUmpire, "game side-channel", "side", "French", "channel", "fr")
	h.OK(fogUmpire, "game deadline", "move", "24h")
	m.in("home", fogUmpire, "turn new")
	return m
}

// TestFiring2007UnseenCommanderReadsAsNone: the French turn, which the
// hidden Battery's player looks in on before La Sarre's ends it, reads on
// the main channel and the British byte for byte as one in which the
// French have no Battery: the turn message and the British player's
// status wait, of the French, on La Sarre's player alone, with his
// deadline, and nothing is edited while the Battery's player looks.
func TestFiring2007UnseenCommanderReadsAsNone(t *testing.T) {
	looked, none := hiddenBattery(t), hiddenBattery(t)
	looked.unseen("fr", fogBob, "turn status")
	looked.unseen("fr", fogBob, "firing2007 roster")
	for _, m := range []*mainChannel{looked, none} {
		askTurn(m)
		m.in("home", fogCleo, "turn next")
		askTurn(m)
	}
	looked.sameAs(none, "the Battery's player looking in, against no Battery")
	for i, s := range looked.shown {
		for _, hidden := range []string{"Battery", "howitzer", "Bob", fogBob.ID} {
			if strings.Contains(s, hidden) {
				t.Errorf("step %d shows the main channel %q:\n%s", i+1, hidden, s)
			}
		}
	}
}

// TestGreenJacketsCallsAfterAnUnseenAct: under calls:auto the counts the
// referee calls when a hidden character ends his move are every reader's,
// as when no one hidden holds a count: the main channel's and the enemy's
// parts of the log read them alike, and the player whose count comes is
// pinged in the main channel.
func TestGreenJacketsCallsAfterAnUnseenAct(t *testing.T) {
	atSix, atTwo := hiddenDubois(t, 6), hiddenDubois(t, 2)
	logs := map[*mainChannel][]string{}
	for _, m := range []*mainChannel{atSix, atTwo} {
		r, given := m.in("home", fogUmpire, "game settings", "calls", "auto"), "home" // calls 6; at two, on to 3 at once
		if m == atSix {
			m.unseen("fr", fogBob, "act")
			r, given = m.h.In("fr", fogBob, "greenjackets pass"), "fr" // the referee calls 5, 4, 3
		}
		if got := m.read(given, r); !strings.Contains(got, `"ping":"`+fogAlice.ID+`"`) {
			t.Errorf("count 3 called (Dubois at %v) showed the main channel:\n%s\nwant Sharpe's player pinged", m == atSix, got)
		}
		for _, read := range []interaction.Response{m.h.In("home", fogWatcher, "game log", "count", 50), m.h.In("brit", fogAlice, "game log", "count", 50)} {
			logs[m] = append(logs[m], commandstest.Text(read))
		}
	}
	if !slices.Equal(logs[atSix], logs[atTwo]) {
		t.Errorf("the main channel's and the British logs after Dubois acted at 6:\n%s\n--- against no one acting ---\n%s", logs[atSix], logs[atTwo])
	}
	if s := strings.Join(logs[atSix], "\n"); !strings.Contains(s, "Turn 1: count 3 (referee)") || strings.Contains(s, "Dubois") {
		t.Errorf("the main channel's and the British logs:\n%s\nwant the counts down to 3, and nothing of Dubois", s)
	}
}

// TestGreenJacketsUnseenActAnswered: a hidden character's /act is
// answered to his side, in his side's channel (there, or wherever he gave
// it), while the main channel and the enemy's channel are shown nothing.
func TestGreenJacketsUnseenActAnswered(t *testing.T) {
	for _, given := range []string{"fr", "home"} {
		m := hiddenDubois(t, 6)
		m.in("home", fogUmpire, "turn next") // count 6, Dubois's
		r := m.h.In(given, fogBob, "act")
		if commandstest.IsRefusal(r) {
			t.Fatalf("/act by the hidden Dubois's player in %s refused: %s", given, commandstest.Text(r))
		}
		if got := m.read(given, r); got != "" {
			t.Errorf("/act by the hidden Dubois's player in %s showed the main channel:\n%s", given, got)
		}
		french := postedTo(r, "fr")
		if given == "fr" {
			french += commandstest.TextOf(r.Public)
		} else if len(r.Public) != 0 {
			t.Errorf("/act by the hidden Dubois's player in %s answered there: %s", given, commandstest.Text(r))
		}
		if !strings.Contains(french, "**Capt Dubois** acts at count 6 with 6 AP.") {
			t.Errorf("/act by the hidden Dubois's player in %s: %s, want his act told in the French channel", given, commandstest.Text(r))
		}
		if s := postedTo(r, "brit"); s != "" {
			t.Errorf("/act by the hidden Dubois's player in %s reached the British:\n%s", given, s)
		}
	}
}
