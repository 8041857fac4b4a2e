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
