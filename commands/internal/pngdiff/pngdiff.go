package pngdiff

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"testing"
)

// Tolerance is the share of pixels a picture may differ from its golden one
// by: 0.2 %.
const Tolerance = 0.002

// Golden fails t unless the PNG got differs from the golden picture at path
// in at most Tolerance of its pixels; with update, got is written there
// first (go test -update, when a change of the picture is meant).
func Golden(t testing.TB, path string, got []byte, update bool) {
	t.Helper()
	if update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	share, err := Share(got, want)
	if err != nil {
		t.Fatal(err)
	}
	if share > Tolerance {
		t.Errorf("the picture differs from %s in %.2f%% of its pixels; run with -update if the change is meant", path, share*100)
	}
}

// Share is the share of pixels (0 to 1) that differ clearly between the PNGs
// a and b; 1 when their sizes differ. The same bytes are the same pixels:
// of a PNG so alike only the header is read (decoding both and comparing
// them pixel by pixel cost more than drawing the picture).
func Share(a, b []byte) (float64, error) {
	if bytes.Equal(a, b) {
		if _, err := png.DecodeConfig(bytes.NewReader(a)); err != nil {
			return 0, fmt.Errorf("pngdiff: first picture: %w", err)
		}
		return 0, nil
	}
	ia, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		return 0, fmt.Errorf("pngdiff: first picture: %w", err)
	}
	ib, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return 0, fmt.Errorf("pngdiff: second picture: %w", err)
	}
	if ia.Bounds() != ib.Bounds() {
		return 1, nil
	}
	n, r := 0, ia.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if far(ia, ib, x, y) {
				n++
			}
		}
	}
	return float64(n) / float64(r.Dx()*r.Dy()), nil
}

// far reports whether the pixel at (x, y) differs clearly between a and b:
// by more than an eighth of the range in its red, green and blue together.
func far(a, b image.Image, x, y int) bool {
	r1, g1, b1, _ := a.At(x, y).RGBA()
	r2, g2, b2, _ := b.At(x, y).RGBA()
	d := func(p, q uint32) uint32 {
		if p > q {
			return p - q
		}
		return q - p
	}
	return d(r1, r2)+d(g1, g2)+d(b1, b2) > 3*0x2000
}
