package verify

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"time"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/deadline"
	"github.com/referee-bot/referee/commands/battle/gamelog"
	"github.com/referee-bot/referee/commands/battle/order"
	"github.com/referee-bot/referee/commands/battle/undo"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	rdice "github.com/referee-bot/referee/rules/dice"
	"github.com/referee-bot/referee/state"
	"github.com/referee-bot/referee/state/boltstore"
)

// A Router serves a request as the referee's router does.
type Router interface {
	Serve(ctx context.Context, req interaction.Request) interaction.Response
}

// A Replayer replays battles' logs through the referee's commands: Routes
// is the router of every command over a battle service (commands.New).
type Replayer struct {
	Rulesets []battle.Ruleset
	Routes   func(svc *battle.Service) Router
}

// Replayed is what a replay found.
type Replayed struct {
	// Changes is how many changes were replayed, Entries how many entries
	// they logged.
	Changes, Entries int
	// Whole is true when every entry of the log was replayed, and the
	// battle the replay ends with compared with the file's.
	Whole bool
	// Stopped says, when the replay could not run to the end, why: an
	// entry without its order, sealed orders never revealed, an order
	// recorded without a file too large, rolls drawn under an earlier seed
	// not given.
	Stopped string
	// Given are the changes the replay took as the log records them, one
	// sentence each: what they took from outside the log (a campaign's
	// forces, a battle's file) cannot be recomputed from it, so the replay
	// goes on from the battle as each left it (order.Order.Given).
	Given []string
	// Differences are what the file says otherwise than the replay, one
	// sentence each, naming the entry.
	Differences []string
}

// OK reports whether the whole log was replayed and matched.
func (r Replayed) OK() bool { return r.Whole && len(r.Differences) == 0 }

// Replay replays the ended battle g with its whole log (as a file or the
// store holds it: voided entries marked) from its revealed seed, and from
// earlier, the seeds of its earlier epochs (where it was played before it
// was imported while running), those that are known. It runs each
// change's order, at the time it ran, through a fresh referee over a store
// of its own, and compares the entries each logs with the file's, then,
// when the whole log was replayed, the marks of what was voided, the
// battle's next roll and the battle itself. Without the seed of an earlier
// epoch the replay starts at the import after it. Replay stops at the
// first change that differs: what follows would differ because of it.
func (p Replayer) Replay(ctx context.Context, g *battle.Game, log []gamelog.Entry, earlier ...[]byte) (Replayed, error) {
	var r Replayed
	if len(g.Seed) == 0 {
		r.Stopped = "The seed is secret until the battle ends: nothing can be replayed before."
		return r, nil
	}
	seeds := map[string][]byte{g.Commitment: g.Seed} // by commitment
	for _, s := range earlier {
		seeds[rdice.Commitment(s)] = s
	}
	started := g.Commitment // the commitment of the seed the battle started under
	if len(g.Earlier) > 0 {
		started = g.Earlier[0].Commitment
	}
	from := startAt(g, log, seeds)
	switch {
	case from < 0:
		r.Stopped = fmt.Sprintf("Rolls below %d were drawn under an earlier seed, where the battle was first played: give it as `earlier-seed:`, or replay the battle there.", g.Earlier[len(g.Earlier)-1].Below)
		return r, nil
	case from > 0:
		r.Given = append(r.Given, fmt.Sprintf("Entries 1–%d were logged under an earlier seed, before the battle was imported here: the replay starts at entry %d, its import; with that seed (`earlier-seed:`), or where the battle was first played, a replay checks them.", from, from+1))
	}
	dir, err := os.MkdirTemp("", "referee-replay-")
	if err != nil {
		return r, fmt.Errorf("replay: %w", err)
	}
	defer os.RemoveAll(dir)
	store, err := boltstore.Open(dir, boltstore.Options{})
	if err != nil {
		return r, fmt.Errorf("replay: %w", err)
	}
	defer store.Close()
	var now time.Time
	var entropy drawn
	svc := battle.NewService(store, func() time.Time { return now }, &entropy, p.Rulesets...)
	router := p.Routes(svc)
	channel, guild := g.Channel, g.Guild
	if channel == "" {
		channel = "replay"
	}

	revealed := map[string]order.Revealed{} // by commitment
	for _, e := range log {
		if e.Order != nil {
			for _, o := range e.Order.Revealed {
				revealed[o.Commitment] = o
			}
		}
	}
	replayed := 0 // entries the replay has logged
	for i := from; i < len(log); {
		first := log[i]
		o := first.Order
		j := i + 1
		for j < len(log) && log[j].Order == nil {
			j++
		}
		switch {
		case o != nil && o.Given != "":
			now = o.At
			why, err := take(ctx, svc, seeds, log[:j], i, replayed > 0, guild, channel)
			if err != nil {
				return r, err
			}
			if why != "" {
				r.Differences = append(r.Differences, fmt.Sprintf("Entry %d (`/%s`): %s", first.N, render.Inert(what(o)), why))
				return r, nil
			}
			given := fmt.Sprintf("Entry %d (`/%s`) took %s from outside the log: the replay takes the battle as it left it, as recorded, and goes on from there.", first.N, render.Inert(what(o)), render.Inert(o.Given))
			if replayed > 0 {
				given = fmt.Sprintf("Entry %d (`/%s`) took %s from outside the log, whose board is the board the log before it leaves: the replay takes the rest as recorded, and goes on from there.", first.N, render.Inert(what(o)), render.Inert(o.Given))
			}
			r.Given = append(r.Given, given)
			r.Changes++
			r.Entries += j - i
			replayed, i = j, j
			continue
		case o != nil && o.Sealed != "":
			if _, ok := revealed[o.Sealed]; !ok {
				r.Stopped = fmt.Sprintf("Entry %d (`/%s`) sealed orders that were never revealed (replaced before their reveal, they stay secret for good): the replay cannot write them again, and stops there; every die is still checked against the seed.", first.N, render.Inert(what(o)))
				return r, nil
			}
		case o == nil:
			r.Stopped = fmt.Sprintf("Entry %d carries no order (it was logged by an older referee, which did not record them): the replay stops there; every die is still checked against the seed.", first.N)
			return r, nil
		case o.Withheld != "":
			r.Stopped = fmt.Sprintf("Entry %d (`/%s`) cannot be replayed: %s. The replay stops there; every die is still checked against the seed.", first.N, render.Inert(what(o)), render.Inert(o.Withheld))
			return r, nil
		}
		now = o.At
		req := o.Request(guild, channel)
		entropy.next = nil
		switch {
		case o.Path == "game start":
			entropy.next = seeds[started]
		case o.Sealed != "":
			sealed := revealed[o.Sealed]
			if req.Options == nil {
				req.Options = map[string]any{}
			}
			req.Options[order.Text] = sealed.Text
			entropy.next, _ = hex.DecodeString(sealed.Salt) // a salt that is not hex gives another commitment, which the entry shows
		}
		resp, err := serve(ctx, router, svc, req)
		if err != nil {
			return r, err
		}
		got, err := newEntries(ctx, svc, channel, replayed)
		if err != nil {
			return r, err
		}
		replayed += len(got)
		if diffs := compare(log[i:j], got, resp); len(diffs) > 0 {
			r.Differences = diffs
			return r, nil
		}
		r.Changes++
		r.Entries += len(got)
		i = j
	}
	r.Whole = true

	end, all, err := svc.ViewLog(ctx, channel, 0)
	if errors.Is(err, state.ErrNotFound) {
		if len(log) > 0 {
			r.Differences = append(r.Differences, "The replay holds no battle.")
		}
		return r, nil
	}
	if err != nil {
		return r, err
	}
	for k, e := range log {
		if k < len(all) && e.Voided != all[k].Voided {
			r.Differences = append(r.Differences, voidedLine(e, all[k]))
		}
	}
	if end.NextRoll != g.NextRoll {
		r.Differences = append(r.Differences, fmt.Sprintf("The file's next roll is %d; the replay's is %d.", g.NextRoll, end.NextRoll))
	}
	if d := jsonDiff(g.Board, end.Board, "board"); d != "" {
		r.Differences = append(r.Differences, "The board in the file is not the board the log leaves: "+d)
	}
	if d := jsonDiff(played(g), played(end), "battle"); d != "" {
		r.Differences = append(r.Differences, "The battle in the file is not the battle the log leaves: "+d)
	}
	return r, nil
}

// serve serves an order's request again in the replay: a command or a
// button through the router, the clock's act (battle.Clock) as the timer
// fires it.
func serve(ctx context.Context, router Router, svc *battle.Service, req interaction.Request) (interaction.Response, error) {
	if req.Path == battle.Clock && req.Kind == 0 {
		resp, _, err := deadline.Fire(ctx, svc, req.ChannelID)
		return resp, err
	}
	return router.Serve(ctx, req), nil
}

// drawn is the replay's entropy: what the order replayed drew where it was
// played (the seed a battle started under, the salt of sealed orders), and
// nothing more.
type drawn struct{ next []byte }

func (d *drawn) Read(p []byte) (int, error) {
	if len(d.next) == 0 {
		return 0, io.EOF
	}
	n := copy(p, d.next)
	d.next = d.next[n:]
	return n, nil
}

// startAt is the index of the entry the replay of g starts at: 0 when the
// seed of each of its epochs is known (seeds, by commitment), else the
// earliest import while running (its order given the battle of the file)
// from which each is; -1 when there is none.
func startAt(g *battle.Game, log []gamelog.Entry, seeds map[string][]byte) int {
	known := func(c string) bool { _, ok := seeds[c]; return ok }
	all := true
	for _, e := range g.Earlier {
		all = all && known(e.Commitment)
	}
	if all {
		return 0
	}
	from := -1
	for i := len(log) - 1; i >= 0; i-- {
		c, ok := givenUnder(log[i].Order)
		if !ok {
			continue
		}
		if !known(c) {
			break
		}
		from = i
	}
	return from
}

// givenUnder is the commitment of the seed of the battle order o was
// given (order.Order.After), if it was given one.
func givenUnder(o *order.Order) (string, bool) {
	if o == nil || o.Given == "" {
		return "", false
	}
	var after struct {
		Commitment string `json:"commitment"`
	}
	if json.Unmarshal(o.After, &after) != nil {
		return "", false
	}
	return after.Commitment, true
}

// take puts in the replay the battle as the change at log[at] left it, as
// its order records it (order.Order.After), with log, the file's log up to
// the change's last entry; it says what is wrong with the record ("" when
// nothing is): what it holds must be the battle of this file, under a seed
// revealed (seeds), the log up to it the log it records, and, when the
// replay has replayed what came before (after), its board the board the
// replay has.
func take(ctx context.Context, svc *battle.Service, seeds map[string][]byte, log []gamelog.Entry, at int, after bool, guild, channel string) (string, error) {
	o := log[at].Order
	var given battle.Game
	if err := json.Unmarshal(o.After, &given); err != nil {
		return "the battle its order records does not read as one.", nil
	}
	seed, known := seeds[given.Commitment]
	switch {
	case !known:
		return fmt.Sprintf("the battle its order records is under the seed committed to `%.16s…`, which is not revealed.", given.Commitment), nil
	case given.LogLen != len(log):
		return fmt.Sprintf("the battle its order records has %d log entries; the file, up to this change, %d.", given.LogLen, len(log)), nil
	case gamelog.Digest(log) != o.Logged:
		return "the log up to it is not the log its order records.", nil
	}
	if after {
		before, err := svc.View(ctx, channel)
		if err != nil {
			return "", err
		}
		if d := jsonDiff(before.Board, given.Board, "board"); d != "" {
			return "the battle it took is not the battle the log before it leaves: " + d, nil
		}
	}
	given.Seed, given.Channel, given.Guild = seed, channel, guild
	entries := make([]gamelog.Entry, len(log))
	for i, e := range log {
		e.Voided = "" // a mark is the undo's that voids it (gamelog.Fold)
		entries[i] = e
	}
	_, err := svc.Replace(ctx, o.Request(guild, channel), func(tx *battle.Tx) (interaction.Response, error) {
		tx.Import(&given, entries)
		return interaction.Response{}, nil
	})
	return "", err
}

// what names an order: its command, or the button pressed.
func what(o *order.Order) string {
	if o.Path != "" {
		return o.Path
	}
	if o.Button != "" {
		return "the button " + o.Button
	}
	return "a button"
}

// newEntries reads the entries the replay logged after the first from.
func newEntries(ctx context.Context, svc *battle.Service, channel string, from int) ([]gamelog.Entry, error) {
	g, err := svc.View(ctx, channel)
	if errors.Is(err, state.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if g.LogLen <= from {
		return nil, nil
	}
	_, log, err := svc.ViewLog(ctx, channel, g.LogLen-from)
	return log, err
}

// compare names what the file's entries of one change say otherwise than
// the replay's (got), the referee's answer to the replay (resp) saying why
// when it logged nothing.
func compare(file, got []gamelog.Entry, resp interaction.Response) []string {
	var out []string
	if len(file) != len(got) {
		s := fmt.Sprintf("Entry %d (`/%s`): the file logs %d entries for it, the replay %d.", file[0].N, render.Inert(what(file[0].Order)), len(file), len(got))
		if len(got) == 0 {
			s += " The referee answers the replay: " + render.Clip(answer(resp), 200)
		}
		out = append(out, s)
	}
	for k := range min(len(file), len(got)) {
		out = append(out, entryDiff(file[k], got[k])...)
	}
	return out
}

// answer is the text of a response, for a sentence.
func answer(r interaction.Response) string {
	for _, m := range slices.Concat(r.Ephemeral, r.Public) {
		if m.Content != "" {
			return render.Inert(m.Content)
		}
		for _, e := range m.Embeds {
			return render.Inert(e.Title)
		}
	}
	return "nothing."
}

// entryDiff names what entry f of the file says otherwise than g of the replay.
func entryDiff(f, g gamelog.Entry) []string {
	var out []string
	n := f.N
	say := func(format string, args ...any) {
		out = append(out, fmt.Sprintf("Entry %d: ", n)+fmt.Sprintf(format, args...))
	}
	if f.N != g.N {
		say("the replay numbers it %d.", g.N)
	}
	if f.Summary != g.Summary {
		say("the file says “%s”, the replay “%s”.", render.Inert(render.Clip(f.Summary, 120)), render.Inert(render.Clip(g.Summary, 120)))
	}
	if f.Command != g.Command || f.Button != g.Button || f.User != g.User {
		say("the file has it made by %s with `%s`, the replay by %s with `%s`.", render.Inert(f.User), render.Inert(f.Command+" "+f.Button), render.Inert(g.User), render.Inert(g.Command+" "+g.Button))
	}
	if !f.At.Equal(g.At) {
		say("the file dates it %s, the replay %s.", f.At.UTC().Format(time.RFC3339), g.At.UTC().Format(time.RFC3339))
	}
	if f.Roll != g.Roll {
		say("the file gives it roll %d, the replay roll %d.", f.Roll, g.Roll)
	}
	if len(f.Draws) != len(g.Draws) {
		say("%s in the file, the seed gives %d.", dice(len(f.Draws)), len(g.Draws))
	}
	for k := range min(len(f.Draws), len(g.Draws)) {
		if a, b := f.Draws[k], g.Draws[k]; a != b {
			say("die %d is a d%d showing %d in the file; the seed gives a d%d showing %d.", k+1, a.Sides, a.Face, b.Sides, b.Face)
			break
		}
	}
	if f.Secret != g.Secret {
		say("the file marks it secret: %t, the replay: %t.", f.Secret, g.Secret)
	}
	if !slices.Equal(f.Voids, g.Voids) || f.Reason != g.Reason {
		say("the file has it void entries %v (“%s”), the replay %v (“%s”).", f.Voids, render.Inert(f.Reason), g.Voids, render.Inert(g.Reason))
	}
	return out
}

func dice(n int) string {
	if n == 1 {
		return "1 die"
	}
	return fmt.Sprintf("%d dice", n)
}

func voidedLine(f, g gamelog.Entry) string {
	switch {
	case g.Voided == "":
		return fmt.Sprintf("Entry %d: the file marks it voided (“%s”); no undo in the log voids it.", f.N, render.Inert(render.Clip(f.Voided, 120)))
	case f.Voided == "":
		return fmt.Sprintf("Entry %d: an undo voids it (“%s”); the file does not mark it.", f.N, render.Inert(render.Clip(g.Voided, 120)))
	}
	return fmt.Sprintf("Entry %d: the file gives the reason it was voided as “%s”, the undo “%s”.", f.N, render.Inert(render.Clip(f.Voided, 120)), render.Inert(render.Clip(g.Voided, 120)))
}

// played is what the log of g decides besides its board, as JSON: its
// name, umpire, players, house rules, deadlines, sealed orders, sides, map
// and undo point, all but what is of the channel it is kept in (its
// channel, desk, turn message and the sides' channels), what a transport
// noted (direct messages refused), when the clock last found nothing due,
// and the board, which is compared on its own.
func played(g *battle.Game) json.RawMessage {
	c := *g
	c.Channel, c.Guild, c.Desk, c.TurnMessage, c.DMRefused, c.Board = "", "", "", nil, nil, nil
	if c.Pace != nil {
		p := *c.Pace
		p.Checked = time.Time{} // a firing that finds nothing due logs nothing
		c.Pace = &p
	}
	c.Sides = slices.Clone(c.Sides)
	for i := range c.Sides {
		c.Sides[i].Channel, c.Sides[i].Thread = "", false
	}
	doc := struct {
		battle.Game
		Undo      *undo.Point     `json:"undo,omitempty"`
		UndoBoard json.RawMessage `json:"undo_board,omitempty"`
	}{Game: c}
	if u := g.Undo; u != nil {
		board, _ := u.Board() // a board that does not inflate is shown as none
		doc.Undo = &undo.Point{Entries: u.Entries, Summaries: u.Summaries}
		doc.UndoBoard = board
	}
	b, _ := json.Marshal(doc) // a game read from a file encodes
	return b
}

// jsonDiff says where two JSON values differ, from root, "" when they are
// the same.
func jsonDiff(file, replayed json.RawMessage, root string) string {
	var a, b any
	if json.Unmarshal(file, &a) != nil || json.Unmarshal(replayed, &b) != nil {
		return "it does not read as JSON."
	}
	if p, ok := firstDiff(a, b, root); ok {
		return fmt.Sprintf("they differ at `%s`.", render.Clip(p, 200))
	}
	return ""
}

// firstDiff is the path of the first place two JSON values differ.
func firstDiff(a, b any, path string) (string, bool) {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok {
			return path, true
		}
		keys := make([]string, 0, len(x)+len(y))
		for k := range x {
			keys = append(keys, k)
		}
		for k := range y {
			if _, ok := x[k]; !ok {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		for _, k := range keys {
			if p, ok := firstDiff(x[k], y[k], path+"."+k); ok {
				return p, true
			}
		}
		return "", false
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return path, true
		}
		for k := range x {
			if p, ok := firstDiff(x[k], y[k], fmt.Sprintf("%s[%d]", path, k)); ok {
				return p, true
			}
		}
		return "", false
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return path, !bytes.Equal(ja, jb)
}
