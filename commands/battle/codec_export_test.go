package battle

// The document's codecs, for BenchmarkCodecs: each fast path and the plain
// one it stands in for.
var (
	EncodeDocument = (*Game).encode
	DecodeDocument = func(b []byte) (*Game, error) {
		d, err := unmarshalGame(b)
		return d.Game, err
	}
)
