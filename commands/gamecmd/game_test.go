package gamecmd_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/calls"
	"github.com/referee-bot/referee/commands/battle/gamelog"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/gamecmd"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/state"
)

// TestLifecycle plays a battle from start to verify, step by step, checking
// what each player sees and that refusals change nothing.
func TestLifecycle(t *testing.T) {
	h := newHarness(t)

	r := h.Do(umpire, "game start", "ruleset", "fakewar", "name", "Talavera *night*")
	h.Expect(t, "start", r, false, "New battle: Talavera \\*night\\* — Fake War", "**Umpire:** Wellington", "Seed commitment:", "What to do next: 1. Umpire: muster the units.")
	g := h.Game("c1")
	sum := sha256.Sum256(g.Seed)
	if g.Commitment != hex.EncodeToString(sum[:]) || !strings.Contains(commandstest.Text(r), g.Commitment) {
		t.Errorf("start: commitment %s is not SHA-256 of the seed, or not published", g.Commitment)
	}
	if strings.Contains(commandstest.Text(r), hex.EncodeToString(g.Seed)) {
		t.Error("start: the secret seed is shown")
	}

	h.Unchanged("c1", "a second start", func() {
		h.Expect(t, "second start", h.Do(p1, "game start", "ruleset", "fakewar"), true,
			"This channel already has a battle running (Fake War). The umpire ends it with `/game end` first.")
	})
	h.Expect(t, "start with an unknown rule set", h.Do(p1, "game start", "ruleset", "chess", "channel", "c2"), true, "Pick a rule set from the list: `fakewar`.")

	h.Expect(t, "status", h.Do(p1, "game status"), false, "Talavera \\*night\\* — Fake War", "**Umpire:** Wellington",
		"Turn: 0", "95th Rifles (user p1): in line", "House rules in force: None: the referee's readings apply", "Rolls so far:** 0")

	h.Unchanged("c1", "a player setting a house rule", func() {
		h.Expect(t, "house rule by a player", h.Do(p1, "game house-rule", "name", "aim", "value", "steady"), true,
			"Only the umpire (Wellington) can set house rules.")
	})
	h.Unchanged("c1", "an unknown house rule", func() {
		h.Expect(t, "unknown house rule", h.Do(umpire, "game house-rule", "name", "speed", "value", "fast"), true,
			"Fake War has no house rule \"speed\". Its house rules: `aim`.")
	})
	h.Unchanged("c1", "a bad house-rule value", func() {
		h.Expect(t, "bad value", h.Do(umpire, "game house-rule", "name", "aim", "value", "wild"), true, "House rule `aim` takes `hasty` or `steady`.")
	})
	h.Expect(t, "house rule", h.Do(umpire, "game house-rule", "name", "aim", "value", "Steady"), false,
		"House rule: aim = steady", "Was **hasty**, the referee's reading. F1: fire kills on 4+")
	h.Expect(t, "status with a house rule", h.Do(p2, "game status"), false, "`aim` = **steady** (reading: hasty)")

	r = h.Do(umpire, "turn new")
	h.Expect(t, "turn new", r, false, "Turn 1: cards dealt.", "(Next v1/turn/next/1)", "[dm p1] Your card:", "[dm p2] Your card:")
	h.Expect(t, "card", h.Do(p1, "card"), false, "[ephemeral] Your card:")
	h.Expect(t, "card of a player without one", h.Do(umpire, "card"), true, "You hold no card this turn.")

	boardBefore := h.Game("c1").Board
	r = h.Do(p1, "act")
	h.Expect(t, "act", r, false, "95th Rifles fires: d6", "need 3+", "house rule aim=steady")
	if len(h.Game("c1").Undo.Entries) != 1 {
		t.Errorf("act: undo point %+v, want the one entry it made", h.Game("c1").Undo)
	}

	r = h.Do(p2, "game log", "count", int64(3))
	h.Expect(t, "log", r, false, "**#3** turn 1: cards dealt (Wellington, `/turn new`) · roll 1: secret until the end",
		"**#4** 95th Rifles fires at Voltigeurs", "(Sharpe, `/act`) · roll 2: d6 ", "Entries #2–#4 of 4.")
	if len(r.Public) != 0 {
		t.Error("log: shown publicly; want it to the asker only")
	}
	h.Expect(t, "the umpire's log", h.Do(umpire, "game log", "count", int64(3)), false,
		"**#3** turn 1: cards dealt (Wellington, `/turn new`) · roll 1: d6 ", "As umpire you see the secret rolls")

	h.Unchanged("c1", "a player's undo", func() {
		h.Expect(t, "undo by a player", h.Do(p1, "game undo", "reason", "I missed"), true, "Only the umpire (Wellington) can undo.")
	})
	r = h.Do(umpire, "game undo", "reason", "out of range")
	h.Expect(t, "undo", r, false, "Undone by the umpire", "Undone, earliest first:\n1. **#4** 95th Rifles fires at Voltigeurs", "The board is as it was before.",
		"**Reason:** out of range", "1 change before can still be undone.")
	g = h.Game("c1")
	if log := h.Log("c1"); string(g.Board) != string(boardBefore) || log[3].Voided != "out of range" || len(g.Undo.Steps()) != 1 {
		t.Errorf("after undo: board %s (want %s), entry #4 voided %q, undo %+v", g.Board, boardBefore, log[3].Voided, g.Undo)
	}
	h.Expect(t, "log after undo", h.Do(p1, "game log"), false, "**#4** ~~95th Rifles fires at Voltigeurs", "~~ — **voided**: out of range",
		"**#5** undid \\#4: out of range")
	h.Unchanged("c1", "an undo of more changes than are kept", func() {
		h.Expect(t, "undo of three", h.Do(umpire, "game undo", "reason", "again", "steps", int64(3)), true, "Only 1 change can be undone now; `steps:1` undoes them all.")
	})

	h.Expect(t, "act again", h.Do(p1, "act"), false, "95th Rifles fires")
	h.Unchanged("c1", "verify while running", func() {
		h.Expect(t, "verify while running", h.Do(p1, "game verify"), true, "The seed is secret until the battle ends")
	})
	h.Unchanged("c1", "a player's end", func() {
		h.Expect(t, "end by a player", h.Do(p2, "game end"), true, "Only the umpire (Wellington) can end the battle.")
	})
	h.Unchanged("c1", "a hand-over by a player", func() {
		h.Expect(t, "umpire by a player", h.Do(p2, "game umpire", "user", p2), true, "Only the umpire (Wellington) can hand over the umpire's role.")
	})
	offer := h.Do(umpire, "game umpire", "user", p1)
	h.Expect(t, "the offer", offer, false, "<@p1>: Wellington offers you the umpire's role in this battle. It is yours when you press **Accept**; until then nothing changes.")
	accept := offer.Public[0].Buttons[0].ID
	if h.Game("c1").Umpire != umpire.ID {
		t.Fatalf("the umpire's role was handed over before it was accepted")
	}
	h.Unchanged("c1", "another's press of Accept", func() {
		h.Expect(t, "another's press of Accept", h.Press(p2, accept), true, "This offer of the umpire's role is not to you: nothing changed.")
	})
	h.Expect(t, "hand over", h.Press(p1, accept), false, "**Sharpe** is now the umpire, handed over by Wellington.")
	h.Unchanged("c1", "Accept pressed again", func() {
		h.Expect(t, "Accept pressed again", h.Press(p1, accept), true, "This offer no longer stands")
	})
	h.Expect(t, "hand back", h.HandOver("c1", p1, umpire), false, "**Wellington** is now the umpire, handed over by Sharpe.")

	seed := hex.EncodeToString(h.Game("c1").Seed)
	r = h.End("c1", umpire)
	h.Expect(t, "end", r, false, "Battle over: Talavera", "**Seed:** `"+seed+"`", "sha256sum", "`/game verify` recomputes every roll")
	h.Unchanged("c1", "act after the end", func() {
		h.Expect(t, "act after the end", h.Do(p1, "act"), true, "This battle has ended.")
	})
	h.Expect(t, "log after the end", h.Do(p1, "game log", "count", int64(50)), false, "roll 1: d6 ")

	r = h.Do(p2, "game verify")
	h.Expect(t, "verify", r, false, "Verified: the log recomputes the battle", "Replayed the whole log from the seed through Fake War",
		"hashes to the commitment", "Recomputed 3 rolls (4 dice)", "Every die matches the log.")
	if rep, ok := r.Result.(gamecmd.Verified); !ok || !rep.OK() || rep.Replay == nil || !rep.Replay.OK() {
		t.Errorf("verify: result %#v, want an OK report", r.Result)
	}

	// Tamper with the stored log: a face changed, an entry removed.
	tamper(t, h, "c1", func(log []gamelog.Entry) []gamelog.Entry {
		d := &log[5].Draws[0]
		d.Face = d.Face%6 + 1
		return log
	})
	h.Expect(t, "verify a changed face", h.Do(p2, "game verify"), false, "Verification found problems", "1 die does not match the log", "#6, roll 3, die 1 (d6)")
	tamper(t, h, "c1", func(log []gamelog.Entry) []gamelog.Entry {
		log = append(log[:2], log[3:]...)
		for i := range log {
			log[i].N = i + 1
		}
		return log
	})
	h.Expect(t, "verify a removed entry", h.Do(p2, "game verify"), false, "Roll numbers missing from the log:** 1.")

	r = h.Do(p1, "game report")
	h.Expect(t, "report", r, false, "After-action report: **Talavera")
	if len(r.Public) != 1 || len(r.Public[0].Files) != 1 {
		t.Fatalf("report after the end: %+v; want one public file", r)
	}
	h.Expect(t, "start after the end", h.Do(p2, "game start", "ruleset", "fakewar"), false,
		"This replaces the ended battle “Talavera \\*night\\*” (fakewar, started 2026-11-29 12:01 UTC)")
	md := string(r.Public[0].Files[0].Content)
	for _, want := range []string{"# After-action report: Talavera \\*night\\* — Fake War", "- Seed (revealed): `" + seed + "`",
		"### Units", "## Losses", "## Every ruling, in order", "- 12:01 **#1** battle started under Fake War"} {
		if !strings.Contains(md, want) {
			t.Errorf("report does not say %q:\n%s", want, md)
		}
	}
}

// tamper rewrites a stored game's log behind the referee's back.
func tamper(t *testing.T, h harness, channel string, fn func(log []gamelog.Entry) []gamelog.Entry) {
	t.Helper()
	log := fn(h.Log(channel))
	_, err := h.Store.UpdateLog(context.Background(), channel, "tamper-"+t.Name()+h.Request("", umpire, "").ID, func(cur []byte) (state.Change, error) {
		c := state.Change{Doc: cur, ReplaceLog: true}
		for _, e := range log {
			b, err := json.Marshal(e)
			if err != nil {
				return state.Change{}, err
			}
			c.Append = append(c.Append, b)
		}
		return c, nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestNoBattle(t *testing.T) {
	h := newHarness(t)
	for _, path := range []string{"game status", "game end", "game log", "game undo", "turn new", "card", "act", "game verify", "game export", "game report"} {
		h.Expect(t, path, h.Do(p1, path, "reason", "x"), true, interaction.MsgNoGame)
	}
	if _, _, err := h.Store.Get(context.Background(), "c1"); err == nil || !isNotFound(err) {
		t.Errorf("commands without a battle stored something: %v", err)
	}
}

// TestUndoOfADamagedBoard: the undo point's board is read only by /game
// undo, so a damaged one fails the undo alone, and changes nothing.
func TestUndoOfADamagedBoard(t *testing.T) {
	h := newHarness(t)
	h.OK(umpire, "game start", "ruleset", "fakewar")
	h.OK(umpire, "turn new")
	var doc map[string]any
	if err := json.Unmarshal(h.Doc("c1"), &doc); err != nil {
		t.Fatal(err)
	}
	undo := doc["undo"].(map[string]any)
	if undo["board_gz"] == nil {
		t.Fatalf("turn new left no undo board: %v", undo)
	}
	undo["board_gz"] = "bm90IGd6aXA=" // not gzip
	damaged, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Store.Update(context.Background(), "c1", "damage", func([]byte) ([]byte, []byte, error) { return damaged, nil, nil }); err != nil {
		t.Fatal(err)
	}
	h.Expect(t, "status", h.Do(p1, "game status"), false, "Fake War")
	h.Unchanged("c1", "an undo of a damaged board", func() {
		h.Do(umpire, "game undo", "reason", "misdealt")
		if o := h.Outcome(); o != interaction.OutcomeError {
			t.Errorf("undo of a damaged board: outcome %s, want %s", o, interaction.OutcomeError)
		}
	})
}

func isNotFound(err error) bool { return strings.Contains(err.Error(), state.ErrNotFound.Error()) }

// TestRedelivered: Discord may deliver an interaction twice; it is applied once
// and answered the same way.
func TestRedelivered(t *testing.T) {
	h := newHarness(t)
	h.Do(umpire, "game start", "ruleset", "fakewar")
	req := h.Request("c1", p1, "act")
	first := h.Serve(req)
	entries := len(h.Log("c1"))
	second := h.Serve(req)
	if commandstest.Text(first) != commandstest.Text(second) {
		t.Errorf("redelivered act answered differently:\n%s\n---\n%s", commandstest.Text(first), commandstest.Text(second))
	}
	if got := len(h.Log("c1")); got != entries {
		t.Errorf("redelivered act: %d log entries, want %d", got, entries)
	}
	// A start redelivered gives the same commitment, not a refusal.
	req = h.Request("c2", umpire, "game start", "ruleset", "fakewar")
	a, b := h.Serve(req), h.Serve(req)
	if commandstest.Text(a) != commandstest.Text(b) || commandstest.IsRefusal(b) {
		t.Errorf("redelivered start answered differently:\n%s\n---\n%s", commandstest.Text(a), commandstest.Text(b))
	}
}

// TestTurnDispatch: /turn and the buttons reach the channel's rule set.
func TestTurnDispatch(t *testing.T) {
	h := newHarness(t)
	h.Do(umpire, "game start", "ruleset", "fakewar")
	h.Expect(t, "turn new by a player", h.Do(p1, "turn new"), true, "Only the umpire (Wellington) can start a turn.")
	h.Expect(t, "turn new", h.Do(umpire, "turn new"), false, "Turn 1: cards dealt.")
	h.Expect(t, "turn status", h.Do(p2, "turn status"), false, "Turn 1, 2 cards out.")

	press := func(u interaction.User, id string) interaction.Response {
		req := h.Request("c1", u, "")
		req.Kind, req.Path, req.CustomID = interaction.KindComponent, "", id
		return h.Serve(req)
	}
	h.Expect(t, "act button", press(p2, "v1/turn/act"), false, "Voltigeurs fires")
	h.Expect(t, "next button", press(p1, "v1/turn/next"), false, "Turn 1 is over.")
	h.Expect(t, "turn next", h.Do(p1, "turn next"), false, "Turn 1 is over.")
	log := h.Log("c1")
	if last := log[len(log)-1]; last.Command != "turn next" || log[len(log)-2].Command != "v1/turn/next" {
		t.Errorf("log commands: %+v", log)
	}
}

// TestTurnButtonsBoundToTheirMoment: a turn message's buttons carry the moment
// they were shown at; pressed after the turn has moved on, they are refused to
// the presser alone and change nothing.
func TestTurnButtonsBoundToTheirMoment(t *testing.T) {
	h := newHarness(t)
	h.Do(umpire, "game start", "ruleset", "fakewar")
	turn1 := h.Do(umpire, "turn new")
	if got := turn1.Public[0].Buttons; got[0].ID != "v1/turn/next/1" || got[1].ID != "v1/turn/act/1" {
		t.Fatalf("turn 1 buttons = %+v, want them bound to turn 1", got)
	}
	h.Do(umpire, "turn new")
	press := func(u interaction.User, id string) interaction.Response {
		req := h.Request("c1", u, "")
		req.Kind, req.Path, req.CustomID = interaction.KindComponent, "", id
		return h.Serve(req)
	}
	entries := len(h.Log("c1"))
	h.Expect(t, "turn 1's next button in turn 2", press(umpire, "v1/turn/next/1"), true,
		"That button is from an earlier moment of the battle: it is already turn 2.")
	h.Expect(t, "turn 1's act button in turn 2", press(p2, "v1/turn/act/1"), true, "already turn 2")
	if got := len(h.Log("c1")); got != entries {
		t.Errorf("stale presses logged %d entries", got-entries)
	}
	h.Expect(t, "turn 2's act button", press(p2, "v1/turn/act/2"), false, "Voltigeurs fires")
}

// TestDMRefusedOnceATurn: the umpire is told once a turn that a player
// refuses direct messages, however many the turn sends him; the player is
// told with the answer to his next command, once.
func TestDMRefusedOnceATurn(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	h.Do(umpire, "game start", "ruleset", "fakewar")
	h.Do(umpire, "turn new")
	tell := func(step string, req interaction.Request, want bool) {
		t.Helper()
		got, err := view.DMRefusals{Battles: h.Service}.Note(ctx, req, p1.ID)
		if err != nil || got != want {
			t.Errorf("%s: Note = %v, %v; want %v", step, got, err, want)
		}
	}
	deal := h.Request("c1", umpire, "turn new")
	tell("the deal's DM", deal, true)
	tell("the deal redelivered", deal, true)
	tell("a later DM in turn 1", h.Request("c1", umpire, "turn next"), false)
	if got, _ := (view.DMRefusals{Battles: h.Service}).Note(ctx, h.Request("c1", umpire, "turn next"), p2.ID); !got {
		t.Errorf("another player's first refusal is not told")
	}

	note := "could not send you a direct message"
	if r := h.Do(p1, "card"); !strings.Contains(commandstest.Text(r), note) || !strings.Contains(commandstest.Text(r), "/card") {
		t.Errorf("p1's next command does not tell him: %s", commandstest.Text(r))
	}
	if r := h.Do(p1, "card"); strings.Contains(commandstest.Text(r), note) {
		t.Errorf("p1 is told twice: %s", commandstest.Text(r))
	}
	h.Do(umpire, "turn new")
	tell("the first DM in turn 2", h.Request("c1", umpire, "turn next"), true)
}

func TestRules(t *testing.T) {
	h := newHarness(t)
	h.Expect(t, "topics", h.Do(p1, "rules", "ruleset", "fakewar"), false, "Fake War: rules and tables", "• `fire` — Fire chart",
		"House rules (umpire: `/game house-rule`): • `aim`: **hasty** by default (or steady)")
	h.Expect(t, "topic", h.Do(p1, "rules", "ruleset", "fakewar", "topic", "fire"), false, "Fake War — Fire chart", "4-6 kill",
		"Readings the referee takes: • **F1** fire kills on 4+", "`aim`: **hasty** by default")
	h.Expect(t, "unknown topic", h.Do(p1, "rules", "ruleset", "fakewar", "topic", "cavalry"), true, "Fake War has no topic \"cavalry\".")
	r := h.Do(p1, "rules", "ruleset", "fakewar", "topic", "long")
	if len(r.Ephemeral) < 3 {
		t.Errorf("a long topic came in %d messages; want it split", len(r.Ephemeral))
	}
	for _, m := range r.Ephemeral {
		if n := len(m.Embeds[0].Description); n > 4096 {
			t.Errorf("a part of a long topic is %d bytes", n)
		}
	}

	h.Do(umpire, "game start", "ruleset", "fakewar")
	h.Do(umpire, "game house-rule", "name", "aim", "value", "steady")
	h.Expect(t, "topic in a battle", h.Do(p1, "rules", "ruleset", "fakewar", "topic", "Fire chart"), false, "; this battle: **steady**")
}

func TestAutocomplete(t *testing.T) {
	h := newHarness(t)
	complete := func(path, focused string, opts ...any) []interaction.Choice {
		req := h.Request("c1", p1, path, opts...)
		req.Kind, req.Focused = interaction.KindAutocomplete, focused
		return h.Serve(req).Choices
	}
	if got := complete("game house-rule", "name", "name", ""); len(got) != 0 {
		t.Errorf("house-rule names without a battle: %v", got)
	}
	h.Do(umpire, "game start", "ruleset", "fakewar")
	if got := complete("game house-rule", "name", "name", "ai"); len(got) != 1 || got[0].Value != "aim" {
		t.Errorf("house-rule names: %v", got)
	}
	got := complete("game house-rule", "value", "name", "aim", "value", "")
	if len(got) != 2 || got[0].Name != "hasty (default, in force)" || got[1].Name != "steady" {
		t.Errorf("house-rule values: %v", got)
	}
	if got := complete("rules", "topic", "ruleset", "fakewar", "topic", "fir"); len(got) != 1 || got[0] != (interaction.Choice{Name: "Fire chart", Value: "fire"}) {
		t.Errorf("topics: %v", got)
	}
}

func TestStartResult(t *testing.T) {
	h := newHarness(t)
	r := h.Do(umpire, "game start", "ruleset", "fakewar")
	b, _ := json.Marshal(r.Result)
	if !strings.Contains(string(b), `"commitment":"`+h.Game("c1").Commitment) {
		t.Errorf("start result %s lacks the commitment", b)
	}
}

// /game undo steps:2 steps back over the last two changes, each listed
// before it is undone, earliest first: the board is as it was before the
// earlier.
func TestUndoStepsBackOverSeveralChanges(t *testing.T) {
	h := newHarness(t)
	h.Do(umpire, "game start", "ruleset", "fakewar", "name", "Talavera")
	boardBefore := h.Game("c1").Board
	h.Do(umpire, "turn new")
	h.Do(p1, "act")
	h.Unchanged("c1", "an undo of no steps", func() {
		h.Expect(t, "undo of no steps", h.Do(umpire, "game undo", "reason", "none", "steps", int64(0)), true, "Steps: from 1 to 3 changes can be undone at once.")
	})
	r := h.Do(umpire, "game undo", "reason", "wrong turn", "steps", int64(2))
	h.Expect(t, "undo of two", r, false, "Undone, earliest first:\n1. **#2** turn 1: cards dealt\n2. **#3** 95th Rifles fires at Voltigeurs",
		"The board is as it was before.", "**Reason:** wrong turn")
	log := h.Log("c1")
	if g := h.Game("c1"); string(g.Board) != string(boardBefore) || log[1].Voided != "wrong turn" || log[2].Voided != "wrong turn" {
		t.Errorf("after undoing two: board %s (want %s), entries #2, #3 voided %q, %q", g.Board, boardBefore, log[1].Voided, log[2].Voided)
	}
}

// Under calls:auto the referee makes the umpire's calls while the battle
// waits on nothing else, but never spins: where no one can act (every unit
// lost), one change begins at most two turns, and the log credits each
// call to the referee.
func TestAutoCallsNeverSpin(t *testing.T) {
	h := newHarness(t)
	h.Do(umpire, "game start", "ruleset", "fakewar", "name", "Talavera")
	_, err := h.Service.Change(t.Context(), h.Request("c1", umpire, "game settings"), func(tx *battle.Tx) (interaction.Response, error) {
		fb, err := board(tx)
		if err != nil {
			return interaction.Response{}, err
		}
		for i := range fb.Units {
			fb.Units[i].Dead = true
		}
		tx.Game.Calls = calls.Auto
		tx.Log("every unit lost")
		return interaction.Response{}, tx.SetBoard(fb)
	})
	if err != nil {
		t.Fatal(err)
	}
	h.Do(umpire, "turn new")
	var fb fakeBoard
	if err := json.Unmarshal(h.Game("c1").Board, &fb); err != nil || fb.Turn != 3 {
		t.Errorf("after /turn new with no one to act: turn %d, %v; want 3 (turn 1, and the referee's calls into turns 2 and 3)", fb.Turn, err)
	}
	calls := 0
	for _, e := range h.Log("c1") {
		if e.User == battle.Referee {
			calls++
		}
	}
	if calls != 2 {
		t.Errorf("the log credits %d calls to the referee, want 2", calls)
	}
	r := h.Do(umpire, "turn status")
	h.Expect(t, "status", r, false, "**Waiting on:**\n• **the umpire (Wellington)** — start the next turn", "Turn 3, 2 cards out.")
}
