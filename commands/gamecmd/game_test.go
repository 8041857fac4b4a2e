package gamecmd_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/state"
)

// TestLifecycle plays a battle from start to verify, step by step, checking
// what each player sees and that refusals change nothing.
func TestLifecycle(t *testing.T) {
	h := newHarness(t)

	r := h.do(umpire, "game start", "ruleset", "fakewar", "name", "Talavera *night*")
	h.expect(t, "start", r, false, "New battle: Talavera \\*night\\* — Fake War", "**Umpire:** Wellington", "Seed commitment:", "`/turn new` to begin")
	g := h.game("c1")
	sum := sha256.Sum256(g.Seed)
	if g.Commitment != hex.EncodeToString(sum[:]) || !strings.Contains(text(r), g.Commitment) {
		t.Errorf("start: commitment %s is not SHA-256 of the seed, or not published", g.Commitment)
	}
	if strings.Contains(text(r), hex.EncodeToString(g.Seed)) {
		t.Error("start: the secret seed is shown")
	}

	h.unchanged("c1", "a second start", func() {
		h.expect(t, "second start", h.do(p1, "game start", "ruleset", "fakewar"), true,
			"This channel already has a battle running (Fake War). The umpire ends it with `/game end` first.")
	})
	h.expect(t, "start with an unknown rule set", h.do(p1, "game start", "ruleset", "chess", "channel", "c2"), true, "Pick a rule set from the list: `fakewar`.")

	h.expect(t, "status", h.do(p1, "game status"), false, "Talavera \\*night\\* — Fake War", "**Umpire:** Wellington",
		"Turn: 0", "95th Rifles (user p1): in line", "House rules in force: None: the referee's readings apply", "Rolls so far:** 0")

	h.unchanged("c1", "a player setting a house rule", func() {
		h.expect(t, "house rule by a player", h.do(p1, "game house-rule", "name", "aim", "value", "steady"), true,
			"Only the umpire (Wellington) can set house rules.")
	})
	h.unchanged("c1", "an unknown house rule", func() {
		h.expect(t, "unknown house rule", h.do(umpire, "game house-rule", "name", "speed", "value", "fast"), true,
			"Fake War has no house rule \"speed\". Its house rules: `aim`.")
	})
	h.unchanged("c1", "a bad house-rule value", func() {
		h.expect(t, "bad value", h.do(umpire, "game house-rule", "name", "aim", "value", "wild"), true, "House rule `aim` takes `hasty` or `steady`.")
	})
	h.expect(t, "house rule", h.do(umpire, "game house-rule", "name", "aim", "value", "Steady"), false,
		"House rule: aim = steady", "Was **hasty**, the referee's reading. F1: fire kills on 4+")
	h.expect(t, "status with a house rule", h.do(p2, "game status"), false, "`aim` = **steady** (reading: hasty)")

	r = h.do(umpire, "turn new")
	h.expect(t, "turn new", r, false, "Turn 1: cards dealt.", "(Next v1/turn/next)", "[dm p1] Your card:", "[dm p2] Your card:")
	h.expect(t, "card", h.do(p1, "card"), false, "[ephemeral] Your card:")
	h.expect(t, "card of a player without one", h.do(umpire, "card"), true, "You hold no card this turn.")

	boardBefore := h.game("c1").Board
	r = h.do(p1, "act")
	h.expect(t, "act", r, false, "95th Rifles fires: d6", "need 3+", "house rule aim=steady")
	if len(h.game("c1").Undo.Entries) != 1 {
		t.Errorf("act: undo point %+v, want the one entry it made", h.game("c1").Undo)
	}

	r = h.do(p2, "game log", "count", int64(3))
	h.expect(t, "log", r, false, "**#3** turn 1: cards dealt (Wellington, `/turn new`) · roll 1: secret until the end",
		"**#4** 95th Rifles fires at Voltigeurs", "(Sharpe, `/act`) · roll 2: d6 ", "Entries #2–#4 of 4.")
	if len(r.Public) != 0 {
		t.Error("log: shown publicly; want it to the asker only")
	}
	h.expect(t, "the umpire's log", h.do(umpire, "game log", "count", int64(3)), false,
		"**#3** turn 1: cards dealt (Wellington, `/turn new`) · roll 1: d6 ", "As umpire you see the secret rolls")

	h.unchanged("c1", "a player's undo", func() {
		h.expect(t, "undo by a player", h.do(p1, "game undo", "reason", "I missed"), true, "Only the umpire (Wellington) can undo.")
	})
	r = h.do(umpire, "game undo", "reason", "out of range")
	h.expect(t, "undo", r, false, "Undone by the umpire", "Voided: **#4** 95th Rifles fires at Voltigeurs", "The board is as it was before.",
		"**Reason:** out of range", "Only one change can be undone.")
	g = h.game("c1")
	if string(g.Board) != string(boardBefore) || g.Log[3].Voided != "out of range" || g.Undo != nil {
		t.Errorf("after undo: board %s (want %s), entry #4 voided %q, undo %+v", g.Board, boardBefore, g.Log[3].Voided, g.Undo)
	}
	h.expect(t, "log after undo", h.do(p1, "game log"), false, "**#4** ~~95th Rifles fires at Voltigeurs", "~~ — **voided**: out of range",
		"**#5** undid \\#4: out of range")
	h.unchanged("c1", "a second undo", func() {
		h.expect(t, "second undo", h.do(umpire, "game undo", "reason", "again"), true, "There is nothing to undo. Only the last ruling or change can be undone, once")
	})

	h.expect(t, "act again", h.do(p1, "act"), false, "95th Rifles fires")
	h.unchanged("c1", "verify while running", func() {
		h.expect(t, "verify while running", h.do(p1, "game verify"), true, "The seed is secret until the battle ends")
	})
	h.unchanged("c1", "a player's end", func() {
		h.expect(t, "end by a player", h.do(p2, "game end"), true, "Only the umpire (Wellington) can end the battle.")
	})
	h.unchanged("c1", "a hand-over by a player", func() {
		h.expect(t, "umpire by a player", h.do(p2, "game umpire", "user", p2), true, "Only the umpire (Wellington) can hand over the umpire's role.")
	})
	h.expect(t, "hand over", h.do(umpire, "game umpire", "user", p1), false, "**Sharpe** is now the umpire, handed over by Wellington.")
	h.expect(t, "hand back", h.do(p1, "game umpire", "user", umpire), false, "**Wellington** is now the umpire, handed over by Sharpe.")

	seed := hex.EncodeToString(h.game("c1").Seed)
	r = h.do(umpire, "game end")
	h.expect(t, "end", r, false, "Battle over: Talavera", "**Seed:** `"+seed+"`", "sha256sum", "`/game verify` recomputes every roll")
	h.unchanged("c1", "act after the end", func() {
		h.expect(t, "act after the end", h.do(p1, "act"), true, "This battle has ended.")
	})
	h.expect(t, "log after the end", h.do(p1, "game log", "count", int64(50)), false, "roll 1: d6 ")

	r = h.do(p2, "game verify")
	h.expect(t, "verify", r, false, "Verified: every roll matches", "hashes to the commitment", "Recomputed 3 rolls (4 dice)", "Every die matches the log.")
	if rep, ok := r.Result.(battle.Report); !ok || !rep.OK() {
		t.Errorf("verify: result %#v, want an OK report", r.Result)
	}

	// Tamper with the stored log: a face changed, an entry removed.
	tamper(t, h, "c1", func(g *battle.Game) {
		d := &g.Log[5].Draws[0]
		d.Face = d.Face%6 + 1
	})
	h.expect(t, "verify a changed face", h.do(p2, "game verify"), false, "Verification found problems", "1 die does not match the log", "#6, roll 3, die 1 (d6)")
	tamper(t, h, "c1", func(g *battle.Game) {
		g.Log = append(g.Log[:2], g.Log[3:]...)
		for i := range g.Log {
			g.Log[i].N = i + 1
		}
	})
	h.expect(t, "verify a removed entry", h.do(p2, "game verify"), false, "Roll numbers missing from the log:** 1.")

	r = h.do(p1, "game report")
	h.expect(t, "report", r, false, "After-action report: **Talavera")
	if len(r.Public) != 1 || len(r.Public[0].Files) != 1 {
		t.Fatalf("report after the end: %+v; want one public file", r)
	}
	h.expect(t, "start after the end", h.do(p2, "game start", "ruleset", "fakewar"), false,
		"This replaces the ended battle “Talavera \\*night\\*” (fakewar, started 2026-11-29 12:01 UTC)")
	md := string(r.Public[0].Files[0].Content)
	for _, want := range []string{"# After-action report: Talavera \\*night\\* — Fake War", "- Seed (revealed): `" + seed + "`",
		"### Units", "## Losses", "## Every ruling, in order", "- 12:01 **#1** battle started under Fake War"} {
		if !strings.Contains(md, want) {
			t.Errorf("report does not say %q:\n%s", want, md)
		}
	}
}

// tamper edits a stored game behind the referee's back.
func tamper(t *testing.T, h *harness, channel string, fn func(g *battle.Game)) {
	t.Helper()
	_, err := h.store.Update(context.Background(), channel, "tamper-"+t.Name()+h.req("", umpire, "").ID, func(cur []byte) ([]byte, []byte, error) {
		g, err := battle.DecodeGame(cur)
		if err != nil {
			return nil, nil, err
		}
		fn(g)
		b, err := g.Encode()
		return b, nil, err
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestNoBattle(t *testing.T) {
	h := newHarness(t)
	for _, path := range []string{"game status", "game end", "game log", "game undo", "turn new", "card", "act", "game verify", "game export", "game report"} {
		h.expect(t, path, h.do(p1, path, "reason", "x"), true, interaction.MsgNoGame)
	}
	if _, _, err := h.store.Get(context.Background(), "c1"); err == nil || !isNotFound(err) {
		t.Errorf("commands without a battle stored something: %v", err)
	}
}

func isNotFound(err error) bool { return strings.Contains(err.Error(), state.ErrNotFound.Error()) }

// TestRedelivered: Discord may deliver an interaction twice; it is applied once
// and answered the same way.
func TestRedelivered(t *testing.T) {
	h := newHarness(t)
	h.do(umpire, "game start", "ruleset", "fakewar")
	req := h.req("c1", p1, "act")
	first := h.serve(req)
	entries := len(h.game("c1").Log)
	second := h.serve(req)
	if text(first) != text(second) {
		t.Errorf("redelivered act answered differently:\n%s\n---\n%s", text(first), text(second))
	}
	if got := len(h.game("c1").Log); got != entries {
		t.Errorf("redelivered act: %d log entries, want %d", got, entries)
	}
	// A start redelivered gives the same commitment, not a refusal.
	req = h.req("c2", umpire, "game start", "ruleset", "fakewar")
	a, b := h.serve(req), h.serve(req)
	if text(a) != text(b) || refused(b) {
		t.Errorf("redelivered start answered differently:\n%s\n---\n%s", text(a), text(b))
	}
}

// TestTurnDispatch: /turn and the buttons reach the channel's rule set.
func TestTurnDispatch(t *testing.T) {
	h := newHarness(t)
	h.do(umpire, "game start", "ruleset", "fakewar")
	h.expect(t, "turn new by a player", h.do(p1, "turn new"), true, "Only the umpire (Wellington) can start a turn.")
	h.expect(t, "turn new", h.do(umpire, "turn new"), false, "Turn 1: cards dealt.")
	h.expect(t, "turn status", h.do(p2, "turn status"), false, "Turn 1, 2 cards out.")

	press := func(u interaction.User, id string) interaction.Response {
		req := h.req("c1", u, "")
		req.Kind, req.Path, req.CustomID = interaction.KindComponent, "", id
		return h.serve(req)
	}
	h.expect(t, "act button", press(p2, "v1/turn/act"), false, "Voltigeurs fires")
	h.expect(t, "next button", press(p1, "v1/turn/next"), false, "Turn 1 is over.")
	h.expect(t, "turn next", h.do(p1, "turn next"), false, "Turn 1 is over.")
	g := h.game("c1")
	if last := g.Log[len(g.Log)-1]; last.Command != "turn next" || g.Log[len(g.Log)-2].Command != "v1/turn/next" {
		t.Errorf("log commands: %+v", g.Log)
	}
}

func TestRules(t *testing.T) {
	h := newHarness(t)
	h.expect(t, "topics", h.do(p1, "rules", "ruleset", "fakewar"), false, "Fake War: rules and tables", "• `fire` — Fire chart",
		"House rules (umpire: `/game house-rule`): • `aim`: **hasty** by default (or steady)")
	h.expect(t, "topic", h.do(p1, "rules", "ruleset", "fakewar", "topic", "fire"), false, "Fake War — Fire chart", "4-6 kill",
		"Readings the referee takes: • **F1** fire kills on 4+", "`aim`: **hasty** by default")
	h.expect(t, "unknown topic", h.do(p1, "rules", "ruleset", "fakewar", "topic", "cavalry"), true, "Fake War has no topic \"cavalry\".")
	r := h.do(p1, "rules", "ruleset", "fakewar", "topic", "long")
	if len(r.Ephemeral) < 3 {
		t.Errorf("a long topic came in %d messages; want it split", len(r.Ephemeral))
	}
	for _, m := range r.Ephemeral {
		if n := len(m.Embeds[0].Description); n > 4096 {
			t.Errorf("a part of a long topic is %d bytes", n)
		}
	}

	h.do(umpire, "game start", "ruleset", "fakewar")
	h.do(umpire, "game house-rule", "name", "aim", "value", "steady")
	h.expect(t, "topic in a battle", h.do(p1, "rules", "ruleset", "fakewar", "topic", "Fire chart"), false, "; this battle: **steady**")
}

func TestAutocomplete(t *testing.T) {
	h := newHarness(t)
	complete := func(path, focused string, opts ...any) []interaction.Choice {
		req := h.req("c1", p1, path, opts...)
		req.Kind, req.Focused = interaction.KindAutocomplete, focused
		return h.serve(req).Choices
	}
	if got := complete("game house-rule", "name", "name", ""); len(got) != 0 {
		t.Errorf("house-rule names without a battle: %v", got)
	}
	h.do(umpire, "game start", "ruleset", "fakewar")
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
	r := h.do(umpire, "game start", "ruleset", "fakewar")
	b, _ := json.Marshal(r.Result)
	if !strings.Contains(string(b), `"commitment":"`+h.game("c1").Commitment) {
		t.Errorf("start result %s lacks the commitment", b)
	}
}
