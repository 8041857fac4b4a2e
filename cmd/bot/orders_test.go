package main

import (
	"strings"
	"testing"
)

// A scripted console game of sealed orders revealed at the turn's end: the
// writer sees his orders, the desk has a copy, the channel only a
// commitment; the next /turn new reveals them with the form hashed.
func TestConsoleSealedOrders(t *testing.T) {
	script := `/game start ruleset:firing2007 name:Minden
/firing2007 unit-add name:Grenadiers type:british side:British strength:6 morale:7 player:@bob
/game desk channel:#desk
/game settings orders:turn-end
/turn new
@bob /orders text:"Wheel left and fire by platoons"
/turn status
/turn new
`
	out, _ := playConsole(t, t.TempDir(), script, "-user", "cappetta", "-json")
	type msg struct {
		Content string `json:"content"`
		Embeds  []struct {
			Title       string `json:"title"`
			Description string `json:"description"`
			Fields      []struct {
				Name  string `json:"name"`
				Value string `json:"value"`
			} `json:"fields"`
		} `json:"embeds"`
	}
	type line struct {
		OK        bool             `json:"ok"`
		Public    []msg            `json:"public"`
		Ephemeral []msg            `json:"ephemeral"`
		Channels  map[string][]msg `json:"channels"`
	}
	lines := jsonLines[line](t, out)
	if len(lines) != 8 {
		t.Fatalf("got %d lines, want 8:\n%s", len(lines), out)
	}
	text := func(ms []msg) string {
		var s strings.Builder
		for _, m := range ms {
			s.WriteString(m.Content + "\n")
			for _, e := range m.Embeds {
				s.WriteString(e.Title + "\n" + e.Description + "\n")
				for _, f := range e.Fields {
					s.WriteString(f.Name + ": " + f.Value + "\n")
				}
			}
		}
		return s.String()
	}
	const orders = "Wheel left and fire by platoons"
	for i, l := range lines[:7] {
		if strings.Contains(text(l.Public), orders) {
			t.Errorf("line %d shows the sealed orders in public: %s", i+1, text(l.Public))
		}
	}
	w := lines[5]
	if !strings.Contains(text(w.Public), "**bob** has written sealed orders for turn 1. Commitment: `") ||
		!strings.Contains(text(w.Ephemeral), "> "+orders) || !strings.Contains(text(w.Channels["desk"]), orders) {
		t.Errorf("/orders: public %q, to bob %q, at the desk %q", text(w.Public), text(w.Ephemeral), text(w.Channels["desk"]))
	}
	if s := text(lines[6].Ephemeral) + text(lines[6].Public); !strings.Contains(s, "Sealed orders: Turn 1: written by **bob**. They are revealed at the turn's end.") {
		t.Errorf("/turn status: %q", s)
	}
	if s := text(lines[7].Public); !strings.Contains(s, "Sealed orders of turn 1, revealed at the turn's end") ||
		!strings.Contains(s, ":"+orders+"\n```") || !strings.Contains(s, "Turn 2") {
		t.Errorf("the next /turn new: %q, want the orders revealed, the bytes hashed in a code block, then turn 2", s)
	}
}

// A scripted console game of sealed orders revealed at the turn's end
// when no one's command ends the turn: the clock passes both moves
// (expire:pass), the referee makes the umpire's calls (calls:auto), and
// the firing that begins turn 2 reveals the orders of turn 1, before what
// else it says. The console's timer runs the service the routes wired.
func TestConsoleClockEndsTheTurnAndRevealsOrders(t *testing.T) {
	script := `/game start ruleset:volleyfire name:Talavera
/volleyfire-roster unit-add name:"1st Foot" side:Allies type:infantry bases:6 player:@bob
/volleyfire-roster unit-add name:"4e Ligne" side:French type:infantry bases:6 player:@carol
/volleyfire first side:Allies
/game deadline move:24h expire:pass
/game settings orders:turn-end calls:auto
/turn new
@bob /orders text:"Hold the ridge"
!advance 1d
!advance 1d
`
	out, _ := playConsole(t, t.TempDir(), script, "-user", "cappetta", "-json")
	type msg struct {
		Content string `json:"content"`
		Embeds  []struct {
			Description string `json:"description"`
		} `json:"embeds"`
	}
	type line struct {
		OK     bool  `json:"ok"`
		Public []msg `json:"public"`
	}
	lines := jsonLines[line](t, out)
	if len(lines) != 10 {
		t.Fatalf("got %d lines, want 10:\n%s", len(lines), out)
	}
	text := func(ms []msg) string {
		var s strings.Builder
		for _, m := range ms {
			s.WriteString(m.Content + "\n")
			for _, e := range m.Embeds {
				s.WriteString(e.Description + "\n")
			}
		}
		return s.String()
	}
	const orders = "Hold the ridge"
	for i, l := range lines[:9] {
		if s := text(l.Public); strings.Contains(s, orders) || strings.Contains(s, "Sealed orders of turn") {
			t.Errorf("line %d, before turn 2, reveals the orders: %s", i+1, s)
		}
	}
	s := text(lines[9].Public)
	reveal, passed, begins := strings.Index(s, "**Sealed orders of turn 1, revealed at the turn's end.**"), strings.Index(s, "The deadline of **carol** has passed"), strings.Index(s, "**Turn 2 begins.**")
	if reveal < 0 || passed < reveal || begins < reveal || !strings.Contains(s, ":"+orders+"\n```") {
		t.Errorf("the firing that begins turn 2: %q, want the orders of turn 1 revealed, the bytes hashed in a code block, before the pass and turn 2", s)
	}
}
