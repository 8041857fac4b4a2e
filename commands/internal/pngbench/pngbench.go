// Package pngbench holds what the benchmarks of the pictures the referee
// draws share: what zlib's level costs in the encoding of a picture, and
// what it saves of its size.
package pngbench

import (
	"bytes"
	"image/png"
	"testing"
)

// Levels benchmarks the encoding of the PNG drawn at zlib's fastest level,
// the one the referee takes, and at the default one, reporting each file's
// size in bytes.
func Levels(b *testing.B, drawn []byte) {
	b.Helper()
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
