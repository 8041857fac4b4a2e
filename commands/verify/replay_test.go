package verify_test

import (
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/referee-bot/referee/commands"
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/record"
	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/mapcmd"
	"github.com/referee-bot/referee/commands/verify"
)

var (
	umpire = interaction.User{ID: "u0", Name: "Wellington"}
	sharpe = interaction.User{ID: "p1", Name: "Sharpe"}
	dubois = interaction.User{ID: "p2", Name: "Dubois"}
)

const ob = "character: Lt Sharpe | officer | British | veteran | british; character: Capt Dubois | officer | French | trained | french; " +
	"squad: Chosen Men | Lt Sharpe | infantry | veteran | rifle | sword | Harris, Hagman, Cooper, Perkins; " +
	"squad: Voltigeurs | Capt Dubois | infantry | trained | musket | bayonet | Lebrun, Marceau, Girard, Vidal"

// battleFile plays a Green Jackets battle through the referee's commands
// (a roster, two turns of cards dealt, fire, a ruling undone, a roll) to its
// end, and returns its export; it is played once for all the package's
// tests.
func battleFile(t testing.TB) []byte { return playedBattle.get(t, playBattle) }

var playedBattle once[[]byte]

// A once is a battle's file (or a corpus of them) played the first time a
// test asks for it and kept for the others: the files are what the tests
// read, and playing them is most of their time. A play that fails its test
// leaves nothing kept, so the next test plays it again (and fails too).
type once[T any] struct {
	mu     sync.Mutex
	played bool
	v      T
}

func (o *once[T]) get(t testing.TB, play func(testing.TB) T) T {
	t.Helper()
	o.mu.Lock()
	defer o.mu.Unlock()
	if !o.played {
		o.v, o.played = play(t), true
	}
	return o.v
}

func playBattle(t testing.TB) []byte {
	h := commandstest.New(t, commandstest.Seed(7))
	h.OK(umpire, "game start", "ruleset", "greenjackets", "name", "Talavera")
	h.OK(umpire, "greenjackets roster import", "text", ob)
	h.OK(umpire, "greenjackets roster character", "name", "Lt Sharpe", "player", sharpe)
	h.OK(umpire, "greenjackets roster character", "name", "Capt Dubois", "player", dubois)
	h.OK(umpire, "game house-rule", "name", "spotting", "value", "off")
	for range 2 {
		h.OK(umpire, "turn new")
		h.Do(umpire, "greenjackets fire", "squad", "Chosen Men", "target", "Voltigeurs", "range", float64(12))
		h.Do(umpire, "greenjackets fire", "squad", "Voltigeurs", "target", "Chosen Men", "range", float64(8))
		for range 12 { // the count called down to the turn's end
			h.Do(umpire, "turn next")
		}
	}
	h.OK(sharpe, "roll", "dice", "3d6")
	h.OK(umpire, "game undo", "reason", "rolled by mistake")
	h.OK(dubois, "roll", "dice", "2d6", "secret", true)
	h.End(h.Channel, umpire)
	r := h.OK(umpire, "game export")
	if len(r.Ephemeral) != 1 || len(r.Ephemeral[0].Files) != 1 {
		t.Fatalf("export: %s", commandstest.Text(r))
	}
	return r.Ephemeral[0].Files[0].Content
}

var now = time.Date(2027, time.January, 1, 0, 0, 0, 0, time.UTC)

func find(id string) (battle.Ruleset, bool) {
	for _, rs := range commands.Rulesets() {
		if rs.ID() == id {
			return rs, true
		}
	}
	return nil, false
}

// pictures are the pictures of the table the package's replays draw,
// shared as the bot shares one Pictures among its replays: the mutants of a
// battle show the same tables again.
var pictures mapcmd.Pictures

func replayer() verify.Replayer {
	return verify.Replayer{Rulesets: commands.Rulesets(), Routes: func(svc *battle.Service) verify.Router {
		r, _ := commands.New(commands.Deps{Battles: svc, Pictures: &pictures})
		return r
	}}
}

// replay reads file as /game import does and replays it, with the seeds
// of its earlier epochs given (earlier); refused is true when the file is
// refused before any replay.
func replay(t testing.TB, file []byte, earlier ...[]byte) (r verify.Replayed, refused bool) {
	t.Helper()
	g, log, err := record.ReadExport(file, find, now)
	if err != nil {
		return verify.Replayed{}, true
	}
	r, err = replayer().Replay(t.Context(), g, log, earlier...)
	if err != nil {
		t.Fatalf("Replay: %v", err)
	}
	return r, false
}

// The battle as exported replays whole: every entry, die, deal, undo and
// void as logged, and the board it leaves.
func TestAPlayedBattleRecomputes(t *testing.T) {
	r, refused := replay(t, battleFile(t))
	if refused || !r.OK() {
		t.Fatalf("the battle as played does not replay: %+v", r)
	}
	if r.Changes < 15 || r.Entries < r.Changes {
		t.Errorf("replayed %d changes, %d entries; want the whole battle", r.Changes, r.Entries)
	}
}

// A file is an object with a board and a log: mutate changes one thing of it.
type file struct {
	doc map[string]any
	log []map[string]any
}

func parse(t testing.TB, b []byte) file {
	var f file
	if err := json.Unmarshal(b, &f.doc); err != nil {
		t.Fatal(err)
	}
	for _, e := range f.doc["log"].([]any) {
		f.log = append(f.log, e.(map[string]any))
	}
	return f
}

func (f file) bytes(t testing.TB) []byte {
	b, err := json.MarshalIndent(f.doc, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// with are the entries of the log that have key, by index.
func (f file) with(key string) []int {
	var out []int
	for i, e := range f.log {
		if _, ok := e[key]; ok {
			out = append(out, i)
		}
	}
	return out
}

// A mutation changes the file at the k-th place it can, by v; it reports
// false when the file has no such place.
type mutation struct {
	name string
	fn   func(f file, k, v int) bool
}

// A file's voided marks are not among them: an entry's mark is the undo's
// that voids it (gamelog.Fold), so a file without it reads as the same
// battle.
var mutations = []mutation{
	{"remove a die", func(f file, k, v int) bool {
		at := f.with("draws")
		if len(at) == 0 {
			return false
		}
		e := f.log[at[k%len(at)]]
		d := e["draws"].([]any)
		i := v % len(d)
		e["draws"] = append(d[:i:i], d[i+1:]...)
		if len(e["draws"].([]any)) == 0 {
			delete(e, "draws")
		}
		return true
	}},
	{"remove every die of an entry", func(f file, k, _ int) bool {
		at := f.with("draws")
		if len(at) == 0 {
			return false
		}
		delete(f.log[at[k%len(at)]], "draws")
		return true
	}},
	{"cut a deal", func(f file, k, _ int) bool {
		var deals []int
		for _, i := range f.with("draws") {
			if f.log[i]["command"] == "turn new" {
				deals = append(deals, i)
			}
		}
		if len(deals) == 0 {
			return false
		}
		e := f.log[deals[k%len(deals)]]
		d := e["draws"].([]any)
		e["draws"] = d[:len(d)-1]
		return true
	}},
	{"rewrite a summary", func(f file, k, v int) bool {
		e := f.log[k%len(f.log)]
		e["summary"] = e["summary"].(string) + []string{" (rewritten)", "!", " x"}[v%3]
		return true
	}},
	{"forge the board", func(f file, k, v int) bool {
		return forge(f.doc["board"], k, v)
	}},
	{"forge the battle's record", func(f file, k, v int) bool {
		sides, _ := f.doc["sides"].([]any)
		for _, side := range sides { // of the channel it was played in: an import drops them
			delete(side.(map[string]any), "channel")
			delete(side.(map[string]any), "thread")
		}
		decided := map[string]any{}
		for _, key := range []string{"name", "umpire", "umpire_name", "players", "house_rules", "pace", "orders", "fog", "rulings", "sides", "map", "undo"} {
			if x, ok := f.doc[key]; ok {
				decided[key] = x
			}
		}
		if !forge(decided, k, v) {
			return false
		}
		maps.Copy(f.doc, decided) // a value forged at the top
		return true
	}},
	{"change the text of orders revealed", func(f file, k, _ int) bool {
		var texts []map[string]any
		for _, e := range f.log {
			if o, ok := e["order"].(map[string]any); ok {
				revealed, _ := o["revealed"].([]any)
				for _, r := range revealed {
					texts = append(texts, r.(map[string]any))
				}
			}
		}
		if len(texts) == 0 {
			return false
		}
		r := texts[k%len(texts)]
		r["text"] = r["text"].(string) + " at once"
		return true
	}},
	{"fake a voided mark", func(f file, k, _ int) bool {
		var clean []int
		for i, e := range f.log {
			if _, ok := e["voided"]; !ok {
				clean = append(clean, i)
			}
		}
		if len(clean) == 0 {
			return false
		}
		f.log[clean[k%len(clean)]]["voided"] = "the umpire undid it"
		return true
	}},
	{"change a face", func(f file, k, v int) bool {
		at := f.with("draws")
		if len(at) == 0 {
			return false
		}
		d := f.log[at[k%len(at)]]["draws"].([]any)
		die := d[v%len(d)].([]any)
		sides := int(die[0].(float64))
		die[1] = float64(int(die[1].(float64))%sides + 1)
		return sides > 1
	}},
}

// forge changes the k-th number, string or truth value of a board (by v).
func forge(board any, k, v int) bool {
	var leaves []func()
	var walk func(x any, set func(any))
	walk = func(x any, set func(any)) {
		switch x := x.(type) {
		case map[string]any:
			for _, key := range slices.Sorted(maps.Keys(x)) { // the same leaf every run
				walk(x[key], func(n any) { x[key] = n })
			}
		case []any:
			for i, y := range x {
				walk(y, func(n any) { x[i] = n })
			}
		case float64:
			leaves = append(leaves, func() { set(x + float64(1+v%3)) })
		case string:
			leaves = append(leaves, func() { set(x + "x") })
		case bool:
			leaves = append(leaves, func() { set(!x) })
		}
	}
	walk(board, nil)
	if len(leaves) == 0 {
		return false
	}
	leaves[k%len(leaves)]()
	return true
}

// mutant is the battle's file with mutation m made at (k, v), or nil when
// it cannot be made or changes nothing.
func (b corpusBattle) mutant(t testing.TB, m mutation, k, v int) []byte {
	f := parse(t, b.file)
	if !m.fn(f, k, v) {
		return nil
	}
	mt := f.bytes(t)
	if string(mt) == string(b.unchanged) {
		return nil
	}
	return mt
}

// Every kind of tampering the issue names is caught in every battle of the
// corpus (every kind of battle in every rule set), at the first or the
// second place it can be made, by turns over the kinds, the rule sets and
// the kinds of tampering (FuzzMutants tries the other places): the mutant is
// refused on import or its replay names what differs.
func TestNoMutantVerifies(t *testing.T) {
	battles := corpus(t)
	for i, m := range mutations {
		t.Run(m.name, func(t *testing.T) {
			t.Parallel()
			made := 0
			for _, b := range battles {
				k := (b.turn + i) % 2
				mt := b.mutant(t, m, k, k*7)
				if mt == nil {
					continue
				}
				made++
				r, refused := replay(t, mt)
				if !refused && len(r.Differences) == 0 {
					t.Errorf("mutant %d of %s (%s) verifies: %+v", k, b.name, m.name, r)
				}
			}
			if made == 0 {
				t.Fatalf("no battle has anything to %s", m.name)
			}
		})
	}
}

// The replay names what differs: a die taken out of a roll is counted.
func TestReplayNamesTheEntry(t *testing.T) {
	original := battleFile(t)
	f := parse(t, original)
	at := f.with("draws")
	e := f.log[at[len(at)-1]]
	n := int(e["n"].(float64))
	d := e["draws"].([]any)
	e["draws"] = d[:len(d)-1]
	r, refused := replay(t, f.bytes(t))
	if refused {
		t.Fatal("the mutant is refused before its replay")
	}
	want := "Entry " + strconv.Itoa(n) + ": " + strconv.Itoa(len(d)-1) + " dice in the file, the seed gives " + strconv.Itoa(len(d)) + "."
	if len(d)-1 == 1 {
		want = "Entry " + strconv.Itoa(n) + ": 1 die in the file, the seed gives " + strconv.Itoa(len(d)) + "."
	}
	if !strings.Contains(strings.Join(r.Differences, "\n"), want) {
		t.Errorf("replay differences:\n%s\nwant %q", strings.Join(r.Differences, "\n"), want)
	}
}

// FuzzMutants mutates a battle of the corpus at a place and by a value the
// fuzzer picks, with each kind of tampering: no mutant verifies.
func FuzzMutants(f *testing.F) {
	battles := corpus(f)
	for i := range mutations {
		f.Add(uint8(i), uint8(0), uint16(0), uint16(0))
		f.Add(uint8(i), uint8(i), uint16(5), uint16(3))
	}
	f.Fuzz(func(t *testing.T, kind, battle uint8, k, v uint16) {
		m := mutations[int(kind)%len(mutations)]
		b := battles[int(battle)%len(battles)]
		mt := b.mutant(t, m, int(k), int(v))
		if mt == nil {
			return
		}
		if r, refused := replay(t, mt); !refused && len(r.Differences) == 0 {
			t.Fatalf("the mutant of %s (%s at %d, %d) verifies: %+v", b.name, m.name, k, v, r)
		}
	})
}
