package commands_test

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/state/boltstore"
)

// TestDetails: a ruling is short, and its Details button shows the presser
// alone the full working: in a battle from its log entry, hours later and
// after a restart; outside a battle from the stored answer, while the store
// keeps it. rulings:full shows the working at once, with no button.
func TestDetails(t *testing.T) {
	var mu sync.Mutex
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); defer mu.Unlock(); now = now.Add(d) }
	store, err := boltstore.Open(t.TempDir(), boltstore.Options{Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	start := func() *commandstest.Harness {
		return commandstest.New(t, commandstest.Seed(7), commandstest.Store(store), commandstest.Clock(clock))
	}
	umpire := interaction.User{ID: "u0", Name: "Wellington"}
	bob := interaction.User{ID: "u1", Name: "Bob"}
	details := func(r interaction.Response) string {
		t.Helper()
		if len(r.Public) != 1 {
			t.Fatalf("ruling: %s", commandstest.Text(r))
		}
		b := r.Public[0].Buttons
		if len(b) != 1 || b[0].Label != "Details" || !strings.HasPrefix(b[0].ID, battle.ButtonDetails+"/") {
			t.Fatalf("ruling buttons %+v, want one Details", b)
		}
		return b[0].ID
	}
	const working = `fire chart musket, 11-20", base 6`

	h := start()
	h.OK(umpire, "game start", "ruleset", "greenjackets")
	r := h.OK(bob, "greenjackets fire", "range", 12.0, "count", int64(3), "quality", "veteran")
	if txt := commandstest.Text(r); strings.Contains(txt, working) || !strings.Contains(txt, "Result:") {
		t.Errorf("a short ruling shows its working, or not its result:\n%s", txt)
	}
	id := details(r)
	key := h.Game(h.Channel).Key()
	if want := battle.ButtonDetails + "/" + key + "/2/0"; id != want { // entry 1 is the start
		t.Errorf("Details id %q, want %q (bound to the battle and the ruling's log entry)", id, want)
	}

	advance(3 * time.Hour) // past the interaction token and the store's memory of it
	h = start()            // a restart: nothing held in memory
	got := h.Press(umpire, id)
	if len(got.Ephemeral) != 1 || len(got.Public) != 0 || commandstest.IsRefusal(got) {
		t.Fatalf("Details after a restart: %s, want the working to the presser alone", commandstest.Text(got))
	}
	for _, w := range []string{working, "+1 firer veteran", "**G8**", "log #2"} {
		if !strings.Contains(commandstest.Text(got), w) {
			t.Errorf("Details lacks %q:\n%s", w, commandstest.Text(got))
		}
	}
	for _, bad := range []string{"v1/details/" + key + "/99/0", "v1/details/" + key + "/2/5", "v1/details/" + key + "/x/0",
		"v1/details/2", "v1/details/2/0", "v1/details/q//0", "v1/details/0123456789abcdef/2/0"} {
		if r := h.Press(bob, bad); len(r.Public) != 0 || len(r.Ephemeral) != 1 {
			t.Errorf("Details %s: %s, want a private answer and nothing public", bad, commandstest.Text(r))
		}
	}

	h.OK(umpire, "game settings", "rulings", "full")
	r = h.OK(bob, "greenjackets fire", "range", 12.0)
	if len(r.Public) != 1 || len(r.Public[0].Buttons) != 0 || !strings.Contains(commandstest.Text(r), "fire chart musket") {
		t.Errorf("rulings:full: %s, want the working shown and no Details", commandstest.Text(r))
	}
	h.OK(umpire, "game settings", "rulings", "short")
	details(h.OK(bob, "greenjackets fire", "range", 12.0))

	// Outside a battle the stored answer keeps the working while the store
	// remembers the interaction.
	q := h.In("c9", bob, "crimea fire", "stands", int64(4), "column", true, "nationality", "British", "type", "heavy infantry")
	qid := details(q)
	if !strings.HasPrefix(qid, battle.ButtonDetails+"/q/") {
		t.Fatalf("a quick ruling's Details id %q, want it bound to the interaction", qid)
	}
	press := func() interaction.Response {
		return h.Serve(interaction.Request{Kind: interaction.KindComponent, ID: "press-" + now.String(), GuildID: "g1",
			ChannelID: "c9", User: umpire, CustomID: qid})
	}
	if got := commandstest.Text(press()); !strings.Contains(got, "×1.5") {
		t.Errorf("quick Details:\n%s", got)
	}
	advance(20 * time.Minute)
	if got := press(); !commandstest.IsRefusal(got) || !strings.Contains(got.Ephemeral[0].Content, "no longer kept") {
		t.Errorf("quick Details 20 minutes on: %s, want it said to be no longer kept", commandstest.Text(got))
	}
}

// TestDetailsBoundToTheirReaders: under fog of war a turn's start tells
// each reader his own ruling, all kept with one log entry; a Details
// button opens the ruling its presser was shown, and one made by hand for
// another reader's (the umpire's, a side's) is refused, changing nothing,
// as is one from another battle.
func TestDetailsBoundToTheirReaders(t *testing.T) {
	h := commandstest.New(t, commandstest.Seed(9), commandstest.Channel("home"))
	umpire := interaction.User{ID: "u0", Name: "Umpire"}
	lucan := interaction.User{ID: "p2", Name: "LucanPlayer"}
	lipr := interaction.User{ID: "p4", Name: "LiprandiPlayer"}
	watcher := interaction.User{ID: "u9", Name: "Watcher"}
	h.Public(umpire, "game start", "ruleset", "crimea", "name", "Balaclava")
	for _, set := range [][]any{
		{"crimea officer-add", "name", "Lord Raglan", "side", "Allied", "rank", "commander-in-chief", "calibre", "normal"},
		{"crimea officer-add", "name", "Lord Lucan", "side", "Allied", "rank", "wing commander", "wing", "cavalry", "superior", "Lord Raglan", "calibre", "cautious", "player", lucan},
		{"crimea officer-add", "name", "Menshikov", "side", "Russian", "rank", "commander-in-chief", "calibre", "normal"},
		{"crimea officer-add", "name", "Liprandi", "side", "Russian", "rank", "wing commander", "wing", "right wing", "superior", "Menshikov", "calibre", "cautious", "player", lipr},
		{"crimea unit-add", "name", "17th Lancers", "nationality", "British", "type", "light cavalry", "stands", 4, "officer", "Lord Lucan"},
		{"crimea unit-add", "name", "Odessa Regiment", "nationality", "Russian", "type", "heavy infantry", "stands", 6, "officer", "Liprandi"},
		{"game settings", "fog", "on"},
		{"crimea officer-add", "name", "Gorchakov", "side", "Russian", "rank", "brigade officer", "superior", "Liprandi", "calibre", "rash", "morale", 50, "player", lipr, "hidden", true},
		{"game side-channel", "side", "Allied", "channel", "allied"},
		{"game side-channel", "side", "Russian", "channel", "russian"},
	} {
		done(t, h, umpire, set[0].(string), set[1:]...)
	}
	r := h.OK(umpire, "turn new")
	main := detailsIn(t, r, "home", "home")
	if got := commandstest.Text(h.Press(watcher, main)); commandstest.IsRefusal(h.Press(watcher, main)) || strings.Contains(got, "Gorchakov") {
		t.Fatalf("the main channel's Details pressed by a watcher: %s, want its working, without the hidden Gorchakov", got)
	}
	ruling := func(id string) string { return id[strings.LastIndex(id, "/")+1:] }
	// Each reader's own, a side reading the main channel's too.
	own := map[string][]string{watcher.ID: {ruling(main)}, lucan.ID: {ruling(main), ruling(detailsIn(t, r, "allied", "home"))}}
	umpires := false // some ruling of the entry names Gorchakov: the umpire's, the Russians'
	for i := range 4 {
		id := fmt.Sprintf("%s/%d", main[:strings.LastIndex(main, "/")], i)
		if got := h.Press(umpire, id); strings.Contains(commandstest.Text(got), "Gorchakov") {
			umpires = true
		}
		for _, u := range []interaction.User{watcher, lucan} {
			if slices.Contains(own[u.ID], fmt.Sprint(i)) {
				continue
			}
			h.Unchanged("home", "a Details press", func() {
				if got := h.Press(u, id); !commandstest.IsRefusal(got) || !strings.Contains(got.Ephemeral[0].Content, "not shown to you") {
					t.Errorf("Details %s, made by hand for another reader's ruling, pressed by %s: %s, want it refused", id, u.Name, commandstest.Text(got))
				}
			})
		}
	}
	if !umpires {
		t.Fatal("no ruling of the turn's start names the hidden Gorchakov: the test shows nothing")
	}
	russian := detailsIn(t, r, "russian", "home")
	if got := h.PressIn("russian", lipr, russian); commandstest.IsRefusal(got) || !strings.Contains(commandstest.Text(got), "Gorchakov") {
		t.Errorf("the Russian copy's Details pressed by the Russians: %s, want their working, Gorchakov's test included", commandstest.Text(got))
	}
	if got := h.PressIn("allied", lucan, russian); !commandstest.IsRefusal(got) {
		t.Errorf("the Russian copy's Details pressed by the Allies: %s, want it refused", commandstest.Text(got))
	}
	other := strings.Replace(main, "/"+h.Game("home").Key()+"/", "/0123456789abcdef/", 1)
	if got := h.Press(watcher, other); !commandstest.IsRefusal(got) || !strings.Contains(got.Ephemeral[0].Content, "another battle") {
		t.Errorf("Details %s of another battle: %s, want it refused as another battle's", other, commandstest.Text(got))
	}
}

// A Details id made by hand for a part of the log its presser may not read
// (the enemy's, the umpire's whole log) is refused in the same words whether
// that part holds the entry or not: pressing numbers in turn does not count
// what the enemy's hidden units did.
func TestDetailsOfAnotherPartTellNothingOfItsLength(t *testing.T) {
	h, _, alice, _ := fogBattle(t)
	g := h.Game("home")
	french := g.Parts["french"]
	if french <= g.Parts["british"] {
		t.Fatalf("the French part holds %d entries, the British %d: the hidden French logged nothing of their own", french, g.Parts["british"])
	}
	for _, id := range []func(n int) string{
		func(n int) string { return fmt.Sprintf("%s/%s/side:french/%d/0", battle.ButtonDetails, g.Key(), n) },
		func(n int) string { return fmt.Sprintf("%s/%s/%d/0", battle.ButtonDetails, g.Key(), n) },
	} {
		last := french
		if !strings.Contains(id(1), "side:") {
			last = g.LogLen
		}
		held, beyond := h.PressIn("brit", alice, id(last)), h.PressIn("brit", alice, id(last+1))
		if !commandstest.IsRefusal(held) || commandstest.Text(held) != commandstest.Text(beyond) {
			t.Errorf("alice presses %s: %s\nand %s, beyond its end: %s\nwant the same refusal", id(last), commandstest.Text(held), id(last+1), commandstest.Text(beyond))
		}
	}
}
