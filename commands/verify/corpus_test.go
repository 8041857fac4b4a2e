package verify_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/deadline"
	"github.com/referee-bot/referee/commands/battle/gamelog"
	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/interaction"
)

// A rule set's part of the corpus: its id, and the roster its battles are
// fought with, given by the umpire in a started battle.
type ruleset struct {
	id     string
	roster func(h *commandstest.Harness, channel string)
	// unit is one of the roster's units, to place on a table; side the
	// side Sharpe's units are of.
	unit, side string
}

var rulesets = []ruleset{
	{"greenjackets", func(h *commandstest.Harness, ch string) {
		ok(h, ch, "greenjackets roster import", "file", interaction.File{Name: "ob.txt", Content: []byte(ob)})
		ok(h, ch, "greenjackets roster character", "name", "Lt Sharpe", "player", sharpe)
		ok(h, ch, "greenjackets roster character", "name", "Capt Dubois", "player", dubois)
	}, "Chosen Men", "British"},
	{"crimea", func(h *commandstest.Harness, ch string) {
		ok(h, ch, "crimea officer-add", "name", "Raglan", "side", "Allied", "rank", "wing commander", "wing", "left wing", "player", sharpe)
		ok(h, ch, "crimea officer-add", "name", "Menshikov", "side", "Russian", "rank", "wing commander", "wing", "right wing", "player", dubois)
		ok(h, ch, "crimea unit-add", "name", "Light Division", "nationality", "British", "type", "heavy infantry", "stands", int64(6), "officer", "Raglan")
		ok(h, ch, "crimea unit-add", "name", "Vladimir Regiment", "nationality", "Russian", "type", "heavy infantry", "stands", int64(8), "formation", "column", "officer", "Menshikov")
	}, "Light Division", "Allied"},
	{"firing2007", func(h *commandstest.Harness, ch string) {
		ok(h, ch, "firing2007 unit-add", "name", "Kingsley's Foot", "type", "british", "side", "British", "strength", int64(6), "morale", int64(8), "player", sharpe)
		ok(h, ch, "firing2007 unit-add", "name", "Regiment Picardie", "type", "line", "side", "French", "strength", int64(6), "morale", int64(7), "player", dubois)
	}, "Kingsley's Foot", "British"},
	{"volleyfire", func(h *commandstest.Harness, ch string) {
		ok(h, ch, "volleyfire-roster commander-add", "name", "Blucher", "side", "Prussians", "nation", "Prussian", "player", sharpe)
		ok(h, ch, "volleyfire-roster commander-add", "name", "Gerard", "side", "French", "nation", "French", "player", dubois)
		ok(h, ch, "volleyfire-roster unit-add", "name", "1st Pomeranian", "side", "Prussians", "type", "infantry", "bases", int64(6), "player", sharpe)
		ok(h, ch, "volleyfire-roster unit-add", "name", "30th Ligne", "side", "French", "type", "infantry", "bases", int64(6), "player", dubois)
	}, "1st Pomeranian", "Prussians"},
}

// ok serves the umpire's command in channel and fails the test at a refusal.
func ok(h *commandstest.Harness, channel, path string, opts ...any) {
	h.T.Helper()
	if r := h.In(channel, umpire, path, opts...); commandstest.IsRefusal(r) {
		h.T.Fatalf("%s %v refused: %s", path, opts, commandstest.Text(r))
	}
}

// A kind of battle the referee can produce, fought in rule set rs: it
// returns the harness and the channel the battle ended in.
type kind struct {
	name  string
	fight func(t testing.TB, rs ruleset) (*commandstest.Harness, string)
}

// rolls are a turn begun and dice rolled in the open and in secret, one
// roll undone.
func rolls(h *commandstest.Harness, ch string) {
	h.In(ch, umpire, "turn new")
	h.In(ch, sharpe, "roll", "dice", "3d6")
	ok(h, ch, "game undo", "reason", "rolled by mistake")
	h.In(ch, dubois, "roll", "dice", "2d6", "secret", true)
}

var kinds = []kind{
	{"played", func(t testing.TB, rs ruleset) (*commandstest.Harness, string) {
		h := commandstest.New(t, commandstest.Seed(7))
		ok(h, h.Channel, "game start", "ruleset", rs.id, "name", "Talavera")
		rs.roster(h, h.Channel)
		rolls(h, h.Channel)
		h.End(h.Channel, umpire)
		return h, h.Channel
	}},
	// Mustered from a campaign (/game start campaign:): the forces come
	// from outside the log.
	{"mustered", func(t testing.TB, rs ruleset) (*commandstest.Harness, string) {
		h := commandstest.New(t, commandstest.Seed(7))
		ok(h, "muster", "campaign start", "name", "Peninsula", "ruleset", rs.id)
		ok(h, "muster", "game start", "ruleset", rs.id, "name", "Muster")
		rs.roster(h, "muster")
		ok(h, "muster", "campaign forces", "name", "Peninsula")
		ok(h, h.Channel, "game start", "campaign", "Peninsula", "name", "The bridge")
		rolls(h, h.Channel)
		h.End(h.Channel, umpire)
		return h, h.Channel
	}},
	// Imported while running: the rolls before the import were drawn under
	// the seed of the channel it was exported from.
	{"imported running", func(t testing.TB, rs ruleset) (*commandstest.Harness, string) {
		h := commandstest.New(t, commandstest.Seed(7))
		ok(h, "first", "game start", "ruleset", rs.id, "name", "Talavera")
		rs.roster(h, "first")
		rolls(h, "first")
		f := h.In("first", umpire, "game export")
		ok(h, h.Channel, "game import", "file", interaction.File{Name: "b.json", Content: f.Ephemeral[0].Files[0].Content})
		rolls(h, h.Channel)
		h.End(h.Channel, umpire)
		return h, h.Channel
	}},
	// A table laid out, exported and imported again (/map import: the
	// file is the order's), the roster imported from a file.
	{"imports", func(t testing.TB, rs ruleset) (*commandstest.Harness, string) {
		h := commandstest.New(t, commandstest.Seed(7))
		ok(h, h.Channel, "game start", "ruleset", rs.id, "name", "Talavera")
		rs.roster(h, h.Channel)
		ok(h, h.Channel, "map table", "width", 72.0, "depth", 48.0)
		ok(h, h.Channel, "map place", "unit", rs.unit, "at", "20,25", "facing", "E")
		r := h.In(h.Channel, umpire, "map export")
		if len(r.Ephemeral) != 1 || len(r.Ephemeral[0].Files) == 0 {
			t.Fatalf("/map export: %s", commandstest.Text(r))
		}
		ok(h, h.Channel, "map place", "unit", rs.unit, "at", "30,25", "facing", "W")
		ok(h, h.Channel, "map import", "file", r.Ephemeral[0].Files[0])
		rolls(h, h.Channel)
		h.End(h.Channel, umpire)
		return h, h.Channel
	}},
	// Fog of war on, dice rolled in a side's own channel, the umpire's
	// role handed over before the end.
	{"fogged", func(t testing.TB, rs ruleset) (*commandstest.Harness, string) {
		h := commandstest.New(t, commandstest.Seed(7))
		ok(h, h.Channel, "game start", "ruleset", rs.id, "name", "Talavera")
		rs.roster(h, h.Channel)
		ok(h, h.Channel, "game settings", "fog", "on")
		h.In(h.Channel, umpire, "game side-channel", "side", rs.side, "channel", "side")
		if r := h.In("side", sharpe, "roll", "dice", "2d6"); commandstest.IsRefusal(r) {
			t.Fatalf("a roll in the side's channel: %s", commandstest.Text(r))
		}
		rolls(h, h.Channel)
		h.HandOver(h.Channel, umpire, dubois)
		h.End(h.Channel, dubois)
		return h, h.Channel
	}},
	// Sealed orders written, revealed at the turn's end, or at the
	// umpire's call: the text is secret until then.
	{"sealed orders", func(t testing.TB, rs ruleset) (*commandstest.Harness, string) {
		h := commandstest.New(t, commandstest.Seed(7))
		ok(h, h.Channel, "game start", "ruleset", rs.id, "name", "Talavera")
		rs.roster(h, h.Channel)
		ok(h, h.Channel, "game settings", "orders", "turn-end")
		h.In(h.Channel, umpire, "turn new")
		for _, u := range []interaction.User{sharpe, dubois} {
			if r := h.In(h.Channel, u, "orders", "text", "Hold the ridge, "+u.Name+"; fire by platoons"); commandstest.IsRefusal(r) {
				t.Fatalf("/orders by %s: %s", u.Name, commandstest.Text(r))
			}
		}
		for range 20 { // the turn played out until the next begins
			if !commandstest.IsRefusal(h.In(h.Channel, umpire, "turn new")) {
				h.In(h.Channel, sharpe, "orders", "text", "Advance in line")
				break
			}
			h.In(h.Channel, umpire, "turn next")
		}
		h.In(h.Channel, umpire, "orders", "reveal", true)
		h.In(h.Channel, sharpe, "roll", "dice", "2d6")
		h.End(h.Channel, umpire)
		return h, h.Channel
	}},
	// Deadlines set, paused, resumed and moved on, and the clock's acts.
	{"deadlines", func(t testing.TB, rs ruleset) (*commandstest.Harness, string) {
		now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
		h := commandstest.New(t, commandstest.Seed(7), commandstest.Clock(func() time.Time { return now }))
		ok(h, h.Channel, "game start", "ruleset", rs.id, "name", "Talavera")
		rs.roster(h, h.Channel)
		ok(h, h.Channel, "game deadline", "move", "1h", "expire", "pass")
		h.In(h.Channel, umpire, "turn new")
		for range 6 {
			if g := h.Game(h.Channel); g.Pace != nil && len(g.Pace.Pending) > 0 {
				break
			}
			h.In(h.Channel, umpire, "turn next")
		}
		h.In(h.Channel, umpire, "game extend", "by", "1h")
		ok(h, h.Channel, "game pause")
		now = now.Add(30 * time.Minute)
		ok(h, h.Channel, "game resume")
		for range 3 {
			now = now.Add(3 * time.Hour)
			if _, _, err := deadline.Fire(t.Context(), h.Service, h.Channel); err != nil {
				t.Fatalf("the clock's firing: %v", err)
			}
		}
		if !slices.ContainsFunc(h.Log(h.Channel), func(e gamelog.Entry) bool { return e.User == battle.Clock }) {
			t.Fatalf("in %s the clock did nothing", rs.id)
		}
		h.In(h.Channel, sharpe, "roll", "dice", "d6")
		h.End(h.Channel, umpire)
		return h, h.Channel
	}},
}

// corpusFile is the export of a battle of kind k in rule set rs, ended.
func corpusFile(t testing.TB, k kind, rs ruleset) []byte {
	h, ch := k.fight(t, rs)
	g := h.Game(ch)
	r := h.In(ch, interaction.User{ID: g.Umpire, Name: g.UmpireName}, "game export")
	if len(r.Ephemeral) != 1 || len(r.Ephemeral[0].Files) != 1 {
		t.Fatalf("export: %s", commandstest.Text(r))
	}
	return r.Ephemeral[0].Files[0].Content
}

// A corpus battle is one battle of a kind in a rule set, exported.
type corpusBattle struct {
	name string
	file []byte
	// unchanged is the file as a mutant is written when its mutation
	// changes nothing.
	unchanged []byte
	// turn is 0 or 1 by turns over the kinds and over the rule sets (a
	// checkerboard): TestNoMutantVerifies mutates a battle at its first or
	// second place by it, so that every kind and every rule set has both.
	turn int
}

// corpus is a battle of every kind in every rule set, and the Green
// Jackets battle of battleFile, played once for all the package's tests.
func corpus(t testing.TB) []corpusBattle { return playedCorpus.get(t, playCorpus) }

var playedCorpus once[[]corpusBattle]

func playCorpus(t testing.TB) []corpusBattle {
	out := []corpusBattle{{name: "greenjackets played at length", file: battleFile(t)}}
	for i, k := range kinds {
		for j, rs := range rulesets {
			out = append(out, corpusBattle{name: rs.id + " " + k.name, file: corpusFile(t, k, rs), turn: (i + j) % 2})
		}
	}
	for i := range out {
		out[i].unchanged = parse(t, out[i].file).bytes(t)
	}
	return out
}

// corpusFileNamed is the file of the corpus's battle of that name.
func corpusFileNamed(t testing.TB, name string) []byte {
	t.Helper()
	battles := corpus(t)
	i := slices.IndexFunc(battles, func(b corpusBattle) bool { return b.name == name })
	if i < 0 {
		t.Fatalf("the corpus has no battle %q", name)
	}
	return battles[i].file
}

// Every battle of the corpus replays whole from its seed, saying what it
// took as given, and only that: a campaign's forces, an imported file.
func TestEveryKindOfBattleRecomputes(t *testing.T) {
	for _, b := range corpus(t) {
		t.Run(b.name, func(t *testing.T) {
			r, refused := replay(t, b.file)
			if refused || !r.OK() {
				t.Fatalf("the battle as played does not replay: refused %v, %+v", refused, r)
			}
			t.Logf("%d changes, %d entries; given: %q", r.Changes, r.Entries, r.Given)
		})
	}
}

// Orders replaced before their reveal stay secret for good, so a replay
// cannot write them again: it stops there and says so, and does not pass.
func TestReplacedOrdersAreSaid(t *testing.T) {
	h := commandstest.New(t, commandstest.Seed(7))
	ok(h, h.Channel, "game start", "ruleset", "firing2007", "name", "Minden")
	rulesets[2].roster(h, h.Channel)
	h.In(h.Channel, umpire, "turn new")
	h.In(h.Channel, sharpe, "orders", "text", "Hold the ridge")
	h.In(h.Channel, sharpe, "orders", "text", "Advance in line")
	h.End(h.Channel, umpire)
	r, refused := replay(t, h.In(h.Channel, umpire, "game export").Ephemeral[0].Files[0].Content)
	if refused || r.OK() || !strings.Contains(r.Stopped, "sealed orders that were never revealed") {
		t.Errorf("the replay of orders replaced unrevealed: refused %v, %+v; want it stopped, saying why", refused, r)
	}
}

// On import an ended battle is replayed, and the import says what the
// replay found: the battle as played recomputes; a die taken out of it is
// named.
func TestImportReplays(t *testing.T) {
	original := corpusFileNamed(t, "greenjackets played")
	h := commandstest.New(t, commandstest.Seed(9))
	r := h.In("here", umpire, "game import", "file", interaction.File{Name: "b.json", Content: original})
	h.Expect(t, "the import", r, false, "Replayed the whole log from the seed through Green Jackets")

	f := parse(t, original)
	at := f.with("draws")
	e := f.log[at[0]]
	e["draws"] = e["draws"].([]any)[1:]
	r = h.In("there", umpire, "game import", "file", interaction.File{Name: "b.json", Content: f.bytes(t)})
	h.Expect(t, "the import of a die taken out", r, false, "the log does not recompute", "dice in the file, the seed gives")
}

// A battle imported while running, given the seed its first channel
// revealed at its end (/game verify earlier-seed:), replays from its
// start: the entries before the import are recomputed too, and the board
// the import took must be the board they leave, so a file whose recorded
// import was forged does not verify.
func TestAnImportedBattleRecomputesWithItsEarlierSeed(t *testing.T) {
	for _, rs := range rulesets {
		t.Run(rs.id, func(t *testing.T) {
			h, ch := kinds[2].fight(t, rs)
			h.End("first", umpire)
			earlier := h.Game("first").Seed
			r := h.In(ch, umpire, "game export")
			file := r.Ephemeral[0].Files[0].Content
			got, refused := replay(t, file, earlier)
			if refused || !got.OK() || got.Changes < 5 || len(got.Given) != 1 || !strings.Contains(got.Given[0], "whose board is the board the log before it leaves") {
				t.Fatalf("with the earlier seed the battle replays: refused %v, %+v; want it whole, the import's board checked", refused, got)
			}

			f := parse(t, file)
			for _, e := range f.log {
				if o, ok := e["order"].(map[string]any); ok && o["given"] != nil {
					if !forge(o["after"].(map[string]any)["board"], 0, 0) {
						t.Fatal("the board imported has nothing to forge")
					}
				}
			}
			got, refused = replay(t, f.bytes(t), earlier)
			if refused || !strings.Contains(strings.Join(got.Differences, "\n"), "the battle it took is not the battle the log before it leaves") {
				t.Errorf("with its import forged the battle replays: refused %v, %+v; want the import named", refused, got)
			}
		})
	}
}
