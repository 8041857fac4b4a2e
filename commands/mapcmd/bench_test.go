package mapcmd

import (
	"bytes"
	"image/png"
	"testing"
)

// BenchmarkDrawPNG draws a turn picture (minden), and encodes the picture it
// draws at the level drawPNG takes (zlib's fastest) and at the default one,
// reporting each file's size.
func BenchmarkDrawPNG(b *testing.B) {
	s := minden()
	b.Run("draw", func(b *testing.B) {
		for b.Loop() {
			if _, err := drawPNG(s, overlay{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	drawn, err := drawPNG(s, overlay{})
	if err != nil {
		b.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(drawn))
	if err != nil {
		b.Fatal(err)
	}
	for _, level := range []struct {
		name string
		png.CompressionLevel
	}{{"fastest", png.BestSpeed}, {"default", png.DefaultCompression}} {
		b.Run("png/"+level.name, func(b *testing.B) {
			var out bytes.Buffer
			for b.Loop() {
				out.Reset()
				if err := (&png.Encoder{CompressionLevel: level.CompressionLevel}).Encode(&out, img); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(out.Len()), "bytes")
		})
	}
}

// BenchmarkPicture is a picture of the table with an overlay (minden, the
// sight of Kingsley's Foot), drawn afresh and then as kept (pictures): a
// second /map show of a table as it was, or a turn picture shown again.
func BenchmarkPicture(b *testing.B) {
	s := minden()
	o := overlay{unit: s.table.Units[0], kind: OverlaySight}
	b.Run("drawn", func(b *testing.B) {
		for b.Loop() {
			var p pictures
			if _, err := p.picture("firing2007", s, o); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("kept", func(b *testing.B) {
		var p pictures
		for b.Loop() {
			if _, err := p.picture("firing2007", s, o); err != nil {
				b.Fatal(err)
			}
		}
	})
}
