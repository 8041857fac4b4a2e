package mapcmd

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
)

// samePixels fails t unless got, decoded, has m's bounds' size and its
// pixels.
func samePixels(t *testing.T, name string, m image.Image, encoded []byte) {
	t.Helper()
	got, err := png.Decode(bytes.NewReader(encoded))
	if err != nil {
		t.Fatalf("%s: png.Decode: %v", name, err)
	}
	b, gb := m.Bounds(), got.Bounds()
	if b.Dx() != gb.Dx() || b.Dy() != gb.Dy() {
		t.Fatalf("%s: decoded %v, want the size of %v", name, gb, b)
	}
	for y := range b.Dy() {
		for x := range b.Dx() {
			want := color.NRGBAModel.Convert(m.At(b.Min.X+x, b.Min.Y+y))
			if c := color.NRGBAModel.Convert(got.At(gb.Min.X+x, gb.Min.Y+y)); c != want {
				t.Fatalf("%s: pixel (%d, %d) decodes as %v, want %v", name, x, y, c, want)
			}
		}
	}
}

// TestEncodePNG holds the pictures encodePNG writes (writeOpaque's, for
// the table's pictures) to the pixels drawn, and a picture that is not
// opaque, which image/png writes, too.
func TestEncodePNG(t *testing.T) {
	s := minden()
	translucent := image.NewRGBA(image.Rect(0, 0, 3, 2))
	translucent.Pix[7] = 0x80
	for _, tt := range []struct {
		name   string
		m      image.Image
		opaque bool
	}{
		{"turn picture", drawImage(s, overlay{}), true},
		{"sight", drawImage(s, overlay{unit: s.table.Units[0], kind: OverlaySight}), true},
		{"translucent", translucent, false},
	} {
		if _, ok := writeOpaque(tt.m.(*image.RGBA)); ok != tt.opaque {
			t.Errorf("%s: writeOpaque ok = %v, want %v", tt.name, ok, tt.opaque)
		}
		var b bytes.Buffer
		if err := encodePNG(&b, tt.m); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		samePixels(t, tt.name, tt.m, b.Bytes())
	}
}

// FuzzWriteOpaque holds writeOpaque to image/png's reading of what it
// writes: the same pixels, of any size, from any corner; and a picture with
// a pixel not opaque is left to image/png.
func FuzzWriteOpaque(f *testing.F) {
	f.Add(uint8(3), uint8(2), uint8(1), uint8(1), []byte("\x00\xff\x10\x20\x30\x40"), uint8(0xff))
	f.Add(uint8(1), uint8(1), uint8(0), uint8(0), []byte{}, uint8(0))
	f.Add(uint8(17), uint8(5), uint8(2), uint8(3), []byte("a picture of the table"), uint8(0xff))
	f.Fuzz(func(t *testing.T, w, h, x0, y0 uint8, pix []byte, alpha uint8) {
		width, height := int(w%40)+1, int(h%40)+1
		whole := image.NewRGBA(image.Rect(-3, -2, int(x0%8)+width, int(y0%8)+height))
		for i := range whole.Pix {
			whole.Pix[i] = 0xff
			if i%4 != 3 && len(pix) > 0 {
				whole.Pix[i] = pix[i%len(pix)] ^ byte(i/len(pix))
			}
		}
		m := whole.SubImage(image.Rect(int(x0%8), int(y0%8), int(x0%8)+width, int(y0%8)+height)).(*image.RGBA)
		encoded, ok := writeOpaque(m)
		if !ok {
			t.Fatalf("writeOpaque of an opaque %v: not ok", m.Bounds())
		}
		samePixels(t, "opaque", m, encoded)
		if alpha != 0xff {
			m.Pix[len(m.Pix)-1] = alpha // the last pixel's alpha
			if _, ok := writeOpaque(m); ok {
				t.Fatalf("writeOpaque of %v with a pixel's alpha %#x: ok", m.Bounds(), alpha)
			}
		}
	})
}
