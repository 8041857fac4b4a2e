package mapcmd

import (
	"bytes"
	"crypto/sha256"
	"slices"
	"testing"

	"github.com/referee-bot/referee/rules/tabletop"
)

// TestAPictureKeptIsTheOneDrawnAfresh: one Pictures asked, twice over, for
// pictures of tables that differ in one thing each of what a picture is
// drawn from (the table, a unit's place or facing, a side, the sides' order,
// the kinds of ground, the overlay) gives each time the bytes drawPNG draws
// afresh; each of those things draws another picture, so that a key that
// left one out would give one table's picture for another. A side named
// for a unit that is not on the table draws nothing, and is kept as the
// same picture.
func TestAPictureKeptIsTheOneDrawnAfresh(t *testing.T) {
	reach := tabletop.Reach{Moves: []tabletop.Band{{Name: "march", Inches: 12, Hard: 6}}, Bands: []tabletop.Band{{Name: "close", Inches: 10}}}
	base := minden()
	sight := overlay{unit: base.table.Units[0], kind: OverlaySight}
	tests := []struct {
		name string
		s    seen
		o    overlay
		// same: draws the base picture (minden, no overlay)
		same bool
	}{
		{"the base", minden(), overlay{}, true},
		{"a side for a unit not on the table", change(func(s *seen) { s.sides["Hanoverian Guard"] = "French" }), overlay{}, true},
		{"a wider table", change(func(s *seen) { s.table.Width = 84 }), overlay{}, false},
		{"a higher hill", change(func(s *seen) { s.table.Terrain[1].Height = 3 }), overlay{}, false},
		{"a unit moved", change(func(s *seen) { s.table.Units[1].At = tabletop.Point{22, 10} }), overlay{}, false},
		{"a unit turned", change(func(s *seen) { s.table.Units[1].Facing = 90 }), overlay{}, false},
		{"a unit of the other side", change(func(s *seen) { s.sides["Royal Artillery"] = "French" }), overlay{}, false},
		{"the sides' order reversed", change(func(s *seen) { slices.Reverse(s.order) }), overlay{}, false},
		{"the sight of a unit", minden(), sight, false},
		{"the sight of another unit", minden(), overlay{unit: base.table.Units[2], kind: OverlaySight}, false},
		{"the sight over ground that hides nothing", change(func(s *seen) { s.kinds = opaqueToNone(s.kinds) }), sight, false},
		{"the moves of a unit", minden(), overlay{unit: base.table.Units[0], kind: OverlayMoves, reach: reach}, false},
		{"its ranges", minden(), overlay{unit: base.table.Units[0], kind: OverlayRanges, reach: reach}, false},
	}
	fresh := make([][]byte, len(tests))
	for i, tt := range tests {
		png, err := drawPNG(tt.s, tt.o)
		if err != nil {
			t.Fatalf("%s: drawPNG: %v", tt.name, err)
		}
		fresh[i] = png
		if same := bytes.Equal(png, fresh[0]); same != tt.same {
			t.Errorf("%s: drawn as the base picture is %t, want %t", tt.name, same, tt.same)
		}
	}
	var p Pictures
	for range 2 { // drawn, then kept
		for i, tt := range tests {
			png, err := p.picture(tt.s, tt.o)
			if err != nil {
				t.Fatalf("%s: picture: %v", tt.name, err)
			}
			if !bytes.Equal(png, fresh[i]) {
				t.Errorf("%s: the picture kept is not the one drawn afresh", tt.name)
			}
		}
	}
}

// change is minden changed by fn.
func change(fn func(s *seen)) seen {
	s := minden()
	fn(&s)
	return s
}

// opaqueToNone is kinds with no ground blocking sight.
func opaqueToNone(kinds []tabletop.Kind) []tabletop.Kind {
	kinds = slices.Clone(kinds)
	for i := range kinds {
		kinds[i].BlocksSight = false
	}
	return kinds
}

// TestPicturesKeepTheLatelyAsked: a picture asked for again among the last
// keptPictures asked for is kept, as far back as twice that; one not asked
// for again since is dropped.
func TestPicturesKeepTheLatelyAsked(t *testing.T) {
	var p Pictures
	key := func(i int) [sha256.Size]byte { return sha256.Sum256([]byte{byte(i), byte(i >> 8)}) }
	ask := func(i int) bool {
		if _, ok := p.kept(key(i)); ok {
			return true
		}
		p.mu.Lock()
		defer p.mu.Unlock()
		p.keep(key(i), []byte{byte(i)})
		return false
	}
	for i := range 2 * keptPictures {
		if ask(i) {
			t.Fatalf("picture %d kept before it was drawn", i)
		}
		if i >= keptPictures && !ask(0) { // the first, asked for again and again
			t.Fatalf("picture 0, asked for again after %d others, is not kept", i)
		}
	}
	if !ask(keptPictures) {
		t.Errorf("picture %d, drawn %d pictures ago, is not kept", keptPictures, keptPictures)
	}
	for i := 2 * keptPictures; i < 4*keptPictures; i++ {
		ask(i)
	}
	if ask(1) {
		t.Errorf("picture 1, not asked for again in %d pictures, is still kept", 3*keptPictures)
	}
}
