package working

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"sync"
	"testing"

	kgzip "github.com/klauspost/compress/gzip"

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
// in a battle: Pack (its JSON, S2-compressed) against gzip, as
// workings were kept before (klauspost's gzip at its fastest level, a pooled
// writer), and the plain path (a new compress/gzip writer per ruling), each
// with the bytes it keeps. Run with -benchmem.
func BenchmarkPackWorking(b *testing.B) {
	rs := fireRuling()
	run := func(name string, pack func() ([]byte, error)) {
		b.Run(name, func(b *testing.B) {
			var n int
			for b.Loop() {
				w, err := pack()
				if err != nil {
					b.Fatal(err)
				}
				n = len(w)
			}
			b.ReportMetric(float64(n), "bytes")
		})
	}
	run("s2", func() ([]byte, error) { return Pack(rs) })
	pooled := sync.Pool{New: func() any {
		w, _ := kgzip.NewWriterLevel(io.Discard, kgzip.BestSpeed)
		return w
	}}
	run("gzip-pooled", func() ([]byte, error) {
		var buf bytes.Buffer
		z := pooled.Get().(*kgzip.Writer)
		defer pooled.Put(z)
		z.Reset(&buf)
		return gzipped(&buf, z, rs)
	})
	run("plain", func() ([]byte, error) {
		var buf bytes.Buffer
		z, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		return gzipped(&buf, z, rs)
	})
}

func gzipped(buf *bytes.Buffer, z io.WriteCloser, rs []rules.Ruling) ([]byte, error) {
	if err := json.NewEncoder(z).Encode(rs); err != nil {
		return nil, err
	}
	if err := z.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// TestUnpackWorking: a working packed reads back as it was, and so does one
// gzipped, as entries logged before S2 keep theirs; anything else is an error.
func TestUnpackWorking(t *testing.T) {
	rs := fireRuling()
	packed, err := Pack(rs)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	old, err := gzipped(&buf, gzip.NewWriter(&buf), rs)
	if err != nil {
		t.Fatal(err)
	}
	for name, w := range map[string][]byte{"s2": packed, "gzip": old} {
		got, err := Unpack(w)
		if err != nil || !reflect.DeepEqual(got, rs) {
			t.Errorf("Unpack(%s) = %+v, %v; want %+v", name, got, err, rs)
		}
	}
	for _, bad := range [][]byte{[]byte("not a working"), {0x1f, 0x8b, 0}, {0xff, 0xff, 0xff, 0xff, 0x0f}} {
		if got, err := Unpack(bad); err == nil {
			t.Errorf("Unpack(%q) = %+v; want an error", bad, got)
		}
	}
}
