// Package pngdiff compares pictures for golden-file tests: two renderings of
// one drawing may differ in a few pixels' shades (font rasterizing,
// anti-aliasing), so a test allows a small share of pixels to differ clearly.
package pngdiff
