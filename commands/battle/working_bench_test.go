package battle

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/referee-bot/referee/rules"
)

// fireRuling is a ruling as a quick Green Jackets fire shows one: four
// figures' shots, each with its modifiers, the odds and a reading.
func fireRuling() []rules.Ruling {
	r := rules.Ruling{Ruleset: "greenjackets", Title: `Fire: 4 muskets at 8", aimed, soft cover`, Result: "2 hits",
		Odds:     []rules.Chance{{Outcome: "0 hits", P: 0.1296}, {Outcome: "1 hit", P: 0.3456}, {Outcome: "2 hits", P: 0.3456}, {Outcome: "3 hits", P: 0.1536}, {Outcome: "4 hits", P: 0.0256}},
		Readings: []rules.Reading{{ID: "G21", Text: "an aimed shot takes the whole of the figure's action; the text is damaged here"}}}
	for i := range 4 {
		r.Steps = append(r.Steps, rules.Step{What: fmt.Sprintf("Private %d fires", i+1),
			Roll: rules.Roll{Notation: "d20", Faces: []int{3 + 4*i}, Total: 3 + 4*i}, Table: "fire chart", Row: `musket, 0-10"`,
			Modifiers: []rules.Modifier{{Value: 2, Reason: "aimed"}, {Value: -2, Reason: "soft cover"}}, Need: "≤ 10", Result: "hit"})
	}
	return []rules.Ruling{r}
}

// BenchmarkPackWorking is what keeping a ruling's working costs every ruling
// in a battle: packWorking (klauspost's gzip, a pooled writer) against the
// plain path it replaced (a new compress/gzip writer at best compression per
// ruling). Run with -benchmem: the plain path allocates more than the rest of
// a command.
func BenchmarkPackWorking(b *testing.B) {
	rs := fireRuling()
	b.Run("pooled", func(b *testing.B) {
		for b.Loop() {
			if _, err := packWorking(rs); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("plain", func(b *testing.B) {
		for b.Loop() {
			var buf bytes.Buffer
			z, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
			if err := json.NewEncoder(z).Encode(rs); err != nil {
				b.Fatal(err)
			}
			if err := z.Close(); err != nil {
				b.Fatal(err)
			}
		}
	})
}
