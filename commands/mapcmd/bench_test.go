package mapcmd

import (
	"bytes"
	"image"
	"image/png"
	"io"
	"testing"

	"github.com/referee-bot/referee/commands/internal/pngbench"
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
	pngbench.Levels(b, drawn)
}

// BenchmarkPicture is a picture of the table with an overlay (minden, the
// sight of Kingsley's Foot), drawn afresh and then as kept (pictures): a
// second /map show of a table as it was, or a turn picture shown again.
func BenchmarkPicture(b *testing.B) {
	s := minden()
	o := overlay{unit: s.table.Units[0], kind: OverlaySight}
	b.Run("drawn", func(b *testing.B) {
		for b.Loop() {
			var p Pictures
			if _, err := p.picture(s, o); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("kept", func(b *testing.B) {
		var p Pictures
		for b.Loop() {
			if _, err := p.picture(s, o); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkEncodePNG encodes a turn picture (minden) by image/png at zlib's
// fastest level and by encodePNG (writeOpaque), reporting each file's size.
func BenchmarkEncodePNG(b *testing.B) {
	m := drawImage(minden(), overlay{})
	for _, enc := range []struct {
		name   string
		encode func(io.Writer, image.Image) error
	}{
		{"image-png", func(w io.Writer, m image.Image) error {
			return (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(w, m)
		}},
		{"encodePNG", encodePNG},
	} {
		b.Run(enc.name, func(b *testing.B) {
			var out bytes.Buffer
			for b.Loop() {
				out.Reset()
				if err := enc.encode(&out, m); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(out.Len()), "bytes")
		})
	}
}
