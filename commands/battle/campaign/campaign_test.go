package campaign

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
)

var t0 = time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)

// TestKey: names differing only in case or punctuation are one campaign,
// on one server; a name with nothing to key on is refused.
func TestKey(t *testing.T) {
	for _, tt := range []struct {
		guild, name, want string
	}{
		{"g1", "Peninsula", "campaign:g1:peninsula"},
		{"g1", "  The Peninsula, 1811!  ", "campaign:g1:the-peninsula-1811"},
		{"g1", "the peninsula 1811", "campaign:g1:the-peninsula-1811"},
		{"g1", "{Crimea}", "campaign:g1:crimea"},
		{"g2", "Peninsula", "campaign:g2:peninsula"},
	} {
		if got, err := Key(tt.guild, tt.name); err != nil || got != tt.want {
			t.Errorf("Key(%q, %q) = %q, %v, want %q", tt.guild, tt.name, got, err, tt.want)
		}
	}
	for _, tt := range []struct{ guild, name string }{
		{"", "Peninsula"},                      // a DM has no server
		{"g1", ""},                             // no name
		{"g1", "—!?"},                          // no letter or digit
		{"g1", strings.Repeat("a", MaxName+1)}, // too long
	} {
		var refusal *interaction.Refusal
		if _, err := Key(tt.guild, tt.name); !errors.As(err, &refusal) {
			t.Errorf("Key(%q, %q) = %v, want a refusal", tt.guild, tt.name, err)
		}
	}
}

// TestRecord: a battle carried back is numbered on and no longer pending;
// who its changes put out misses the next battle (K2) and returns after it.
func TestRecord(t *testing.T) {
	c := &Campaign{Forces: json.RawMessage(`{"before":1}`)}
	c.Issue("m1", "c1", t0)
	c.Issue("m1", "c1", t0) // a redelivered muster
	c.Issue("m2", "c2", t0)
	if len(c.Mustered) != 2 || !c.Pending("m1") || c.Pending("") || c.Pending("m3") {
		t.Fatalf("mustered %v: want m1 and m2 pending, once each", c.Mustered)
	}
	returned := c.Record(Battle{Muster: "m1", Changes: []rules.Carry{{Name: "Sharpe", Side: "British", Out: true}, {Name: "Harper"}}},
		json.RawMessage(`{"after":1}`))
	if len(returned) != 0 || string(c.Forces) != `{"after":1}` || c.Pending("m1") || !c.Pending("m2") {
		t.Fatalf("after battle 1: returned %v, forces %s, mustered %v", returned, c.Forces, c.Mustered)
	}
	if b := c.Carried("m1"); b == nil || b.N != 1 {
		t.Fatalf("Carried(m1) = %v, want battle 1", b)
	}
	if until, out := c.Absent("sharpe"); !out || until != 2 {
		t.Errorf("Absent(sharpe) after battle 1 = %d, %v, want out until battle 2 is recorded", until, out)
	}
	if _, out := c.Absent("Harper"); out {
		t.Error("Harper, not put out, misses the next battle")
	}
	returned = c.Record(Battle{Muster: "m2"}, c.Forces)
	if !slices.Equal(returned, []string{"Sharpe"}) {
		t.Errorf("battle 2 returns %v, want Sharpe", returned)
	}
	if _, out := c.Absent("Sharpe"); out || c.Battles[1].N != 2 {
		t.Errorf("after battle 2: Sharpe still out, or the battle numbered %d", c.Battles[1].N)
	}
}

// TestMet: a side has met the names of the other sides of the battles it
// fought, and no others.
func TestMet(t *testing.T) {
	c := &Campaign{Battles: []Battle{
		{N: 1, Fought: map[string][]string{"British": {"Sharpe"}, "French": {"Ducos"}}},
		{N: 2, Fought: map[string][]string{"French": {"Grenadiers"}}},
	}}
	for _, tt := range []struct {
		side, name string
		want       bool
	}{
		{"British", "Ducos", true},
		{"british", "ducos", true},
		{"French", "Sharpe", true},
		{"British", "Grenadiers", false}, // the British did not fight battle 2
		{"British", "Sharpe", false},     // his own side
		{"Prussian", "Ducos", false},
	} {
		if got := c.Met(tt.side, tt.name); got != tt.want {
			t.Errorf("Met(%q, %q) = %v, want %v", tt.side, tt.name, got, tt.want)
		}
	}
}

// TestReadings: a house rule switched away from its default reading turns
// that reading off; the defaults are K1–K4 as written.
func TestReadings(t *testing.T) {
	c := &Campaign{}
	if got := c.Readings(); got != (rules.Campaign{}) {
		t.Errorf("Readings() of a new campaign = %+v, want K1–K4 as written", got)
	}
	c.HouseRules = map[string]string{Dead: "wounded", Light: "heal", Losses: "made-good"}
	if diff := cmp.Diff(rules.Campaign{DeadWounded: true, LossesMadeGood: true}, c.Readings()); diff != "" {
		t.Errorf("Readings() (-want +got):\n%s", diff)
	}
}

// TestDecode: a document of a newer schema, or of none, is not read.
func TestDecode(t *testing.T) {
	c := &Campaign{Name: "Peninsula", Forces: json.RawMessage(`{}`)}
	b, err := c.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if got, err := Decode(b); err != nil || got.Name != "Peninsula" || got.Schema != Schema {
		t.Errorf("Decode(Encode()) = %+v, %v", got, err)
	}
	for _, doc := range []string{`{"schema":2}`, `{"name":"x"}`, `{`} {
		if _, err := Decode([]byte(doc)); err == nil {
			t.Errorf("Decode(%s) = nil error", doc)
		}
	}
}

// TestKeepNames: names a battle knew are kept; an empty one adds nothing.
func TestKeepNames(t *testing.T) {
	if got := KeepNames(nil, map[string]string{"u1": ""}); got != nil {
		t.Errorf("KeepNames of an empty name = %v, want nil", got)
	}
	got := KeepNames(map[string]string{"u1": "Ann"}, map[string]string{"u1": "Anne", "u2": "Bob"})
	if diff := cmp.Diff(map[string]string{"u1": "Anne", "u2": "Bob"}, got); diff != "" {
		t.Errorf("KeepNames (-want +got):\n%s", diff)
	}
}
