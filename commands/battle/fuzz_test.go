package battle

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// FuzzReadExport: any file is either refused with a reason or read into a game
// that exports and reads back the same.
func FuzzReadExport(f *testing.F) {
	ended, err := Export(played())
	if err != nil {
		f.Fatal(err)
	}
	running, log := played()
	running.Ended = nil
	run, err := Export(running, log)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(ended)
	f.Add(run)
	f.Add([]byte(`{"schema":1}`))
	f.Add([]byte(`{"schema":1,"undo":{"board_gz":"H4sIAAAAAAAC/w==","entries":[]}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		g, log, err := ReadExport(b, findFake)
		if err != nil {
			if reason(err) == "" {
				t.Fatalf("refused without a reason: %v", err)
			}
			return
		}
		again, err := Export(g, log)
		if err != nil {
			t.Fatalf("Export of an accepted file: %v", err)
		}
		g2, log2, err := ReadExport(again, findFake)
		if err != nil {
			t.Fatalf("ReadExport(Export(ReadExport(file))) refused: %v", err)
		}
		if diff := cmp.Diff(g, g2); diff != "" {
			t.Fatalf("export of an accepted file reads back differently:\n%s", diff)
		}
		if diff := cmp.Diff(log, log2); diff != "" {
			t.Fatalf("export of an accepted file reads back differently:\n%s", diff)
		}
	})
}
