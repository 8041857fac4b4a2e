package timer_test

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/referee-bot/referee/commands"
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/discord"
	"github.com/referee-bot/referee/commands/discordtest"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/timer"
	"github.com/referee-bot/referee/state/boltstore"
	"github.com/referee-bot/referee/state/redisstore"
	"github.com/referee-bot/referee/state/redistest"
)

// openRedis opens a store on the Redis at url, closed when t ends.
func openRedis(t *testing.T, url string) *redisstore.Store {
	t.Helper()
	s, err := redisstore.Open(context.Background(), url, redisstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// A clock the test moves.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = t
}

var (
	t0      = time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	dUmpire = discordtest.User{ID: "300000000000000010", Name: "Cappetta"}
	dBob    = discordtest.User{ID: "300000000000000011", Name: "Bob"}
	dCarol  = discordtest.User{ID: "300000000000000012", Name: "Carol"}
	o       = discordtest.Opt
)

// tickAll ticks every replica's timer at once, as replicas scanning the
// same Redis at the same moment do.
func tickAll(t *testing.T, timers ...*timer.Timer) {
	t.Helper()
	var wg sync.WaitGroup
	for _, tm := range timers {
		wg.Go(func() {
			if _, err := tm.Tick(context.Background()); err != nil {
				t.Errorf("Tick: %v", err)
			}
		})
	}
	wg.Wait()
}

// containing counts the messages whose text contains s.
func containing(ms []discordtest.Message, s string) int {
	n := 0
	for _, m := range ms {
		if strings.Contains(m.Text(), s) {
			n++
		}
	}
	return n
}

// Two bot replicas on one Redis, with one clock: the Discord double serves
// the players through the first; both run the timers, scanning at the same
// moments. Each reminder goes once, in the channel (pinging only its
// holder) and by DM; a move made a second before its deadline wins over
// the expiry; an expiry under `pass` passes the move once.
func TestTwoReplicasOneRedis(t *testing.T) {
	url := redistest.Start(t).URL()
	store := func() *redisstore.Store { return openRedis(t, url) }
	clk := &clock{now: t0}
	tb := commandstest.Discord(t, commandstest.Store(store()), commandstest.Clock(clk.Now), commandstest.Channel("400000000000000091"))
	second := battle.NewService(store(), clk.Now, nil, commands.Rulesets()...)
	commands.New(commands.Deps{Battles: second}) // wired as the first replica is
	sender := func() timer.Sender {
		s, err := discord.NewSession(tb.D.Token, tb.D.URL)
		if err != nil {
			t.Fatal(err)
		}
		return &discord.Sender{REST: s}
	}
	timers := []*timer.Timer{{Battles: tb.Service, Sender: sender()}, {Battles: second, Sender: sender()}}

	tb.Public(dUmpire, "game start", o("ruleset", "volleyfire"), o("name", "Talavera"))
	tb.Public(dUmpire, "volleyfire-roster unit-add", o("name", "1st Foot"), o("side", "Allies"), o("type", "infantry"), o("bases", 6), o("player", dBob))
	tb.Public(dUmpire, "volleyfire-roster unit-add", o("name", "4e Ligne"), o("side", "French"), o("type", "infantry"), o("bases", 6), o("player", dCarol))
	tb.Public(dUmpire, "game deadline", o("move", "24h"), o("reminders", "12h"), o("expire", "pass"))
	tb.Public(dUmpire, "game settings", o("pings", "on"))
	tb.Public(dUmpire, "volleyfire first", o("side", "Allies"))
	pub := tb.D.Slash(dUmpire, tb.Channel, "turn new").Wait(t, "the notice of Bob's move", func(r discordtest.Reply) bool {
		return containing(r.Public(), "your move") > 0
	}).Public()
	if n := containing(pub, "<@"+dBob.ID+">, your move in **Talavera**"); n != 1 {
		t.Fatalf("turn new: %d notices pinging Bob, want 1:\n%s", n, commandstest.Texts(pub))
	}
	for _, m := range pub {
		if strings.Contains(m.Text(), "<@") && (len(m.MentionUsers) != 1 || m.MentionUsers[0] != dBob.ID) {
			t.Errorf("the notice allows mentions of %v, want Bob alone", m.MentionUsers)
		}
	}
	tb.WaitDMs(dBob, 1)

	reminders := func(want int) {
		t.Helper()
		ch := tb.D.ChannelMessages(tb.Channel)
		if got := containing(ch, "a reminder: your move in **Talavera**"); got != want {
			t.Errorf("at %v: %d reminders in the channel, want %d:\n%s", clk.Now(), got, want, commandstest.Texts(ch))
		}
		if got := containing(tb.D.DMs(dBob.ID), "A reminder"); got != want {
			t.Errorf("at %v: %d reminders by DM, want %d", clk.Now(), got, want)
		}
	}
	clk.Set(t0.Add(12*time.Hour - time.Second))
	tickAll(t, timers...)
	reminders(0)
	for _, at := range []time.Duration{12 * time.Hour, 12*time.Hour + 15*time.Second, 12*time.Hour + time.Minute} {
		clk.Set(t0.Add(at))
		tickAll(t, timers...)
	}
	reminders(1)
	clk.Set(t0.Add(23 * time.Hour))
	tickAll(t, timers...)
	tickAll(t, timers...)
	reminders(1) // once a deadline

	// A second before the deadline, Bob activates and ends his activation.
	clk.Set(t0.Add(24*time.Hour - time.Second))
	tb.Public(dBob, "volleyfire activate", o("unit", "1st Foot"))
	tb.Public(dBob, "volleyfire done", o("unit", "1st Foot"))
	clk.Set(t0.Add(24*time.Hour + time.Minute))
	tickAll(t, timers...)
	if n := containing(tb.D.ChannelMessages(tb.Channel), "The deadline of **Bob** has passed"); n != 0 {
		t.Errorf("Bob's move, made in time, was passed too")
	}

	// Carol's move fell due with Bob's; she lets it pass.
	for _, at := range []time.Duration{48 * time.Hour, 48*time.Hour + 15*time.Second, 48*time.Hour + time.Minute} {
		clk.Set(t0.Add(at - time.Second))
		tickAll(t, timers...)
		clk.Set(t0.Add(at))
		tickAll(t, timers...)
	}
	if n := containing(tb.D.ChannelMessages(tb.Channel), "The deadline of **Carol** has passed"); n != 1 {
		t.Errorf("Carol's deadline passed %d times, want once:\n%s", n, commandstest.Texts(tb.D.ChannelMessages(tb.Channel)))
	}
	passes := 0
	for _, e := range tb.Log(tb.Channel) {
		if strings.HasPrefix(e.Summary, "deadline:") {
			passes++
		}
	}
	if passes != 1 {
		t.Errorf("the log has %d passes by deadline, want 1", passes)
	}
}

// A restart with deadlines pending: the deadline is in the store, not in a
// process, and the replica started afterwards fires it.
func TestRestartWithDeadlinesPending(t *testing.T) {
	dir := t.TempDir()
	open := func() *boltstore.Store {
		s, err := boltstore.Open(dir, boltstore.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	clk := &clock{now: t0}
	umpire := interaction.User{ID: "u0", Name: "Cappetta"}
	bob := interaction.User{ID: "u1", Name: "Bob"}
	carol := interaction.User{ID: "u2", Name: "Carol"}
	s := open()
	h := commandstest.New(t, commandstest.Store(s), commandstest.Clock(clk.Now))
	h.OK(umpire, "game start", "ruleset", "volleyfire")
	h.OK(umpire, "volleyfire-roster unit-add", "name", "1st Foot", "side", "Allies", "type", "infantry", "bases", 6, "player", bob)
	h.OK(umpire, "volleyfire-roster unit-add", "name", "4e Ligne", "side", "French", "type", "infantry", "bases", 6, "player", carol)
	h.OK(umpire, "volleyfire first", "side", "Allies")
	h.OK(umpire, "game deadline", "move", "24h")
	h.OK(umpire, "turn new")
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	s = open()
	defer s.Close()
	out := &outbox{}
	restarted := battle.NewService(s, clk.Now, nil, commands.Rulesets()...)
	commands.New(commands.Deps{Battles: restarted}) // wired as the bot wires it
	tm := &timer.Timer{Battles: restarted, Sender: out}
	clk.Set(t0.Add(24*time.Hour + time.Minute))
	// Two firings: the deadline, and the umpire's rounds (which, with no
	// desk, post no digest).
	if n, err := tm.Tick(context.Background()); n != 2 || err != nil {
		t.Fatalf("Tick after the restart = %d, %v; want 2 firings", n, err)
	}
	if len(out.dms) != 1 || out.dms[0].user != umpire.ID || !strings.Contains(out.dms[0].m.Content, "**Bob** is late") {
		t.Errorf("after the restart the umpire was told %+v, want that Bob is late", out.dms)
	}
	if n, err := tm.Tick(context.Background()); n != 0 || err != nil {
		t.Errorf("a second Tick = %d, %v; want nothing more", n, err)
	}
}

// outbox is a Sender that keeps what it is given.
type outbox struct {
	mu       sync.Mutex
	channels []sent
	dms      []sent
	turns    []*interaction.TurnMessage
}

type sent struct {
	user string
	m    interaction.Message
}

func (o *outbox) Send(_ context.Context, channel string, m interaction.Message) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.channels = append(o.channels, sent{channel, m})
	return nil
}

func (o *outbox) ShowTurn(_ context.Context, tm *interaction.TurnMessage) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.turns = append(o.turns, tm)
	return nil
}

func (o *outbox) DM(_ context.Context, user string, m interaction.Message) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.dms = append(o.dms, sent{user, m})
	return nil
}

// Redis restarting behind Sentinel, with a deadline pending (its append-
// only file keeps the games and the due index alike): the deadline is
// fired after it, once.
func TestRedisRestartWithDeadlinesPending(t *testing.T) {
	srv := redistest.StartLocal(t, redistest.Sentinel(), redistest.AOFAlways())
	s, err := redisstore.Open(context.Background(), srv.URL(), redisstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	clk := &clock{now: t0}
	umpire := interaction.User{ID: "u0", Name: "Cappetta"}
	h := commandstest.New(t, commandstest.Store(s), commandstest.Clock(clk.Now))
	h.OK(umpire, "game start", "ruleset", "firing2007")
	h.OK(umpire, "game deadline", "move", "24h", "reminders", "1h")
	h.OK(umpire, "turn new")

	srv.Restart()
	out := &outbox{}
	tm := &timer.Timer{Battles: h.Service, Sender: out}
	clk.Set(t0.Add(23*time.Hour + time.Minute))
	for range 2 {
		if _, err := tm.Tick(context.Background()); err != nil {
			t.Fatalf("Tick after the restart: %v", err)
		}
	}
	clk.Set(t0.Add(24*time.Hour + time.Minute))
	for range 2 {
		if _, err := tm.Tick(context.Background()); err != nil {
			t.Fatalf("Tick after the restart: %v", err)
		}
	}
	var reminders, late int
	for _, d := range out.dms {
		switch {
		case strings.Contains(d.m.Content, "A reminder"):
			reminders++
		case strings.Contains(d.m.Content, "**Cappetta** is late"):
			late++
		}
	}
	if reminders != 1 || late != 1 {
		t.Errorf("after Redis restarted: %d reminders and %d late notices to the umpire, want 1 and 1: %+v", reminders, late, out.dms)
	}
}

// A real fail-over with deadlines pending: a master, a replica and three
// Sentinels; two bot replicas fire the timers through Sentinel. The master
// is killed with reminders and expiries still to come in three battles, a
// Sentinel promotes the replica, and every reminder and expiry comes once:
// none lost, none repeated (the due index and the firings' idempotency
// records are replicated with the games). The replica is caught up before
// the kill: Redis replicates asynchronously, and what a master acknowledged
// in its last moment may die with it.
func TestSentinelFailoverWithDeadlinesPending(t *testing.T) {
	g := redistest.StartGroup(t, 1, 3)
	clk := &clock{now: t0}
	var stores []*redisstore.Store
	store := func() *redisstore.Store {
		s := openRedis(t, g.URL())
		stores = append(stores, s)
		return s
	}
	// until polls ok every 100ms until it holds, for at most a minute.
	until := func(what string, ok func() bool) {
		t.Helper()
		limit := time.Now().Add(time.Minute)
		for !ok() {
			if time.Now().After(limit) {
				t.Fatalf("at %v: still no %s after a minute", clk.Now(), what)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	umpire := interaction.User{ID: "u0", Name: "Cappetta"}
	h := commandstest.New(t, commandstest.Store(store()), commandstest.Clock(clk.Now))
	battles := []struct{ channel, name, move, reminders, expire string }{
		{"c1", "Alpha", "24h", "12h", "umpire"},
		{"c2", "Bravo", "36h", "1h", "umpire"},
		{"c3", "Charlie", "24h", "1h", "pass"},
	}
	for _, b := range battles {
		h.Channel = b.channel
		h.OK(umpire, "game start", "ruleset", "firing2007", "name", b.name)
		h.OK(umpire, "game deadline", "move", b.move, "reminders", b.reminders, "expire", b.expire)
		h.OK(umpire, "turn new")
	}
	out := &outbox{}
	second := battle.NewService(store(), clk.Now, nil, commands.Rulesets()...)
	commands.New(commands.Deps{Battles: second}) // wired as the first replica is
	timers := []*timer.Timer{{Battles: h.Service, Sender: out}, {Battles: second, Sender: out}}

	count := func(s string) int {
		out.mu.Lock()
		defer out.mu.Unlock()
		n := 0
		for _, d := range append(append([]sent(nil), out.dms...), out.channels...) {
			if strings.Contains(d.m.Content, s) {
				n++
			}
		}
		return n
	}
	reminder := func(name string) string { return "A reminder: your move in **" + name + "**" }
	late := func(name string) string { return "In **" + name + "**, **Cappetta** is late" }
	passed := "The deadline of **Cappetta** has passed"
	// fire ticks both replicas until want holds (errors allowed: the master
	// may be down), then has each tick twice more without an error, for a
	// repeat to show.
	fire := func(at time.Duration, what string, want func() bool) {
		t.Helper()
		clk.Set(t0.Add(at))
		until(what, func() bool {
			var wg sync.WaitGroup
			for _, tm := range timers {
				wg.Go(func() { tm.Tick(context.Background()) })
			}
			wg.Wait()
			return want()
		})
		for range 2 {
			for _, tm := range timers {
				until("a tick without an error", func() bool { _, err := tm.Tick(context.Background()); return err == nil })
			}
		}
	}

	fire(12*time.Hour+time.Minute, "first reminder in Alpha", func() bool { return count(reminder("Alpha")) >= 1 })
	g.AwaitSynced()
	old := g.KillMaster()
	// Tick while the Sentinels fail over: the firings fail, and are made
	// again once the replica is promoted.
	fire(23*time.Hour+time.Minute, "last reminders", func() bool {
		return count(reminder("Charlie")) >= 1
	})
	if now := g.AwaitFailover(old); now == old {
		t.Fatalf("the master is still %s", old)
	}
	for _, s := range stores {
		until("answer from the new master", func() bool { return s.Ping(context.Background()) == nil })
	}
	fire(24*time.Hour+time.Minute, "expiries", func() bool { return count(late("Alpha")) >= 1 && count(passed) >= 1 })
	fire(35*time.Hour+time.Minute, "Bravo's reminder", func() bool { return count(reminder("Bravo")) >= 1 })
	fire(36*time.Hour+time.Minute, "Bravo's expiry", func() bool { return count(late("Bravo")) >= 1 })

	for _, c := range []struct {
		what string
		want int
	}{
		{reminder("Alpha"), 1}, {reminder("Bravo"), 1}, {reminder("Charlie"), 1},
		{late("Alpha"), 1}, {late("Bravo"), 1}, {late("Charlie"), 0}, {passed, 1},
	} {
		if got := count(c.what); got != c.want {
			t.Errorf("after the fail-over, %q came %d times, want %d", c.what, got, c.want)
		}
	}
	passes := 0
	for _, e := range h.Log("c3") {
		if strings.HasPrefix(e.Summary, "deadline:") {
			passes++
		}
	}
	if passes != 1 {
		t.Errorf("Charlie's log has %d passes by deadline, want 1", passes)
	}
}

// The umpire's daily digest covers every battle of his on the server with
// moves pending, in one direct message to him alone, once a day however
// many replicas tick: two replicas on one Redis, a fake clock. A battle that
// ends leaves it; a battle handed to him joins it (and leaves its former
// umpire's).
func TestDailyDigestOfAllAnUmpiresBattles(t *testing.T) {
	url := redistest.Start(t).URL()
	store := func() *redisstore.Store { return openRedis(t, url) }
	clk := &clock{now: t0}
	cappetta := interaction.User{ID: "u0", Name: "Cappetta"}
	wellesley := interaction.User{ID: "u9", Name: "Wellesley"}
	h := commandstest.New(t, commandstest.Store(store()), commandstest.Clock(clk.Now))
	for _, b := range []struct {
		channel, name, desk string
		umpire              interaction.User
	}{
		{"c1", "Talavera", "d1", cappetta},
		{"c2", "Salamanca", "", cappetta},
		{"c3", "Vitoria", "d3", wellesley},
	} {
		h.Channel = b.channel
		h.OK(b.umpire, "game start", "ruleset", "firing2007", "name", b.name)
		h.OK(b.umpire, "game deadline", "move", "7d")
		if b.desk != "" {
			h.Do(b.umpire, "game desk", "channel", b.desk)
		}
		h.OK(b.umpire, "turn new")
	}
	out := &outbox{}
	second := battle.NewService(store(), clk.Now, nil, commands.Rulesets()...)
	commands.New(commands.Deps{Battles: second}) // wired as the first replica is
	timers := []*timer.Timer{{Battles: h.Service, Sender: out}, {Battles: second, Sender: out}}
	// digests are the digests sent to each umpire since the last call.
	seen := 0
	digests := func() map[string][]string {
		out.mu.Lock()
		defer out.mu.Unlock()
		got := map[string][]string{}
		for _, m := range out.channels {
			if strings.HasPrefix(m.m.Content, "The day's digest") {
				t.Errorf("a digest posted in %s:\n%s", m.user, m.m.Content)
			}
		}
		for _, m := range out.dms[seen:] {
			if strings.HasPrefix(m.m.Content, "The day's digest") {
				got[m.user] = append(got[m.user], m.m.Content)
			}
		}
		seen = len(out.dms)
		return got
	}
	at := func(d time.Duration) {
		t.Helper()
		clk.Set(t0.Add(d))
		tickAll(t, timers...)
		tickAll(t, timers...)
	}
	// names checks which battles a digest names.
	names := func(when, digest string, battles ...string) {
		t.Helper()
		for _, b := range []string{"Talavera", "Salamanca", "Vitoria"} {
			if has := strings.Contains(digest, "**"+b+"**"); has != slices.Contains(battles, b) {
				t.Errorf("%s: the digest names %s: %v, want %v:\n%s", when, b, has, !has, digest)
			}
		}
	}

	at(24*time.Hour - time.Second)
	if got := digests(); len(got) != 0 {
		t.Errorf("before a day: digests %v, want none", got)
	}
	at(24 * time.Hour)
	got := digests()
	if len(got["u0"]) != 1 || len(got["u9"]) != 1 || len(got) != 2 {
		t.Fatalf("a day on: digests %v, want one to each umpire", got)
	}
	names("a day on, Cappetta's", got["u0"][0], "Talavera", "Salamanca")
	names("a day on, Wellesley's", got["u9"][0], "Vitoria")
	if !strings.Contains(got["u0"][0], "The day's digest of your battles on this server: whose move it is.") ||
		!strings.Contains(got["u0"][0], "**Talavera** in <#c1> waits on\n• **Cappetta**: ") {
		t.Errorf("Cappetta's digest reads:\n%s", got["u0"][0])
	}
	at(25 * time.Hour)
	if got := digests(); len(got) != 0 {
		t.Errorf("an hour later: digests %v, want none", got)
	}

	h.Channel = "c2"
	clk.Set(t0.Add(30 * time.Hour))
	if r := h.End("c2", cappetta); !strings.Contains(commandstest.Text(r), "Battle over") {
		t.Fatalf("game end: %s", commandstest.Text(r))
	}
	at(48 * time.Hour)
	got = digests()
	if len(got["u0"]) != 1 || len(got["u9"]) != 1 {
		t.Fatalf("after Salamanca ended: digests %v, want one to each umpire", got)
	}
	names("after Salamanca ended", got["u0"][0], "Talavera")

	h.Channel = "c3"
	clk.Set(t0.Add(50 * time.Hour))
	h.Expect(t, "the hand-over", h.HandOver("c3", wellesley, cappetta), false, "is now the umpire")
	at(72 * time.Hour)
	got = digests()
	if len(got) != 1 || len(got["u0"]) != 1 {
		t.Fatalf("after Vitoria was handed to Cappetta: digests %v, want his alone", got)
	}
	names("after Vitoria was handed to Cappetta", got["u0"][0], "Talavera", "Vitoria")
}

// Through the Discord double: an umpire who refuses direct messages is
// given his daily digest at each battle's desk instead, each desk holding
// its own battle's moves alone, and no battle's channel any.
func TestDigestAtEachDeskWhenTheUmpireRefusesDMs(t *testing.T) {
	clk := &clock{now: t0}
	tb := commandstest.Discord(t, commandstest.Clock(clk.Now), commandstest.Channel("400000000000000181"))
	s, err := discord.NewSession(tb.D.Token, tb.D.URL)
	if err != nil {
		t.Fatal(err)
	}
	tm := &timer.Timer{Battles: tb.Service, Sender: &discord.Sender{REST: s}}
	battles := []struct{ channel, name, desk string }{
		{"400000000000000181", "Talavera", "400000000000000191"},
		{"400000000000000182", "Salamanca", "400000000000000192"},
	}
	for _, b := range battles {
		tb.Channel = b.channel
		tb.Public(dUmpire, "game start", o("ruleset", "firing2007"), o("name", b.name))
		tb.Say(dUmpire, "game deadline", o("move", "7d"))
		tb.Say(dUmpire, "game desk", o("channel", b.desk))
		tb.Say(dUmpire, "turn new")
	}
	tb.D.RefuseDMs(dUmpire.ID)
	clk.Set(t0.Add(24 * time.Hour))
	if _, err := tm.Tick(t.Context()); err != nil {
		t.Fatal(err)
	}
	for i, b := range battles {
		other := battles[1-i].name
		at := tb.D.ChannelMessages(b.desk)
		if n := containing(at, "The day's digest of this battle"); n != 1 {
			t.Errorf("%s's desk holds %d digests, want 1:\n%s", b.name, n, commandstest.Texts(at))
		}
		if text := commandstest.Texts(at); !strings.Contains(text, "**"+b.name+"** in <#"+b.channel+"> waits on") || strings.Contains(text, other) {
			t.Errorf("%s's desk reads:\n%s\nwant its own battle's moves, nothing of %s", b.name, text, other)
		}
		if n := containing(tb.D.ChannelMessages(b.channel), "digest"); n != 0 {
			t.Errorf("%s's channel was posted a digest", b.name)
		}
	}
	if dms := tb.D.DMs(dUmpire.ID); len(dms) != 0 {
		t.Errorf("the umpire, who refuses DMs, holds %d", len(dms))
	}
}
