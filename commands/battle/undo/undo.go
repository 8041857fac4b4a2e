package undo

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	kgzip "github.com/klauspost/compress/gzip"

	"github.com/referee-bot/referee/commands/battle/gamelog"
)

// A Point is what /game undo needs to revert the last change: the board
// before it (none when the change left the board as it was) and the log
// entries it made, with their summaries (the log is not read by a change).
// The board is a second copy of the largest part of the document, read only
// by /game undo (and checked on import), so it is kept gzipped as it is
// stored, and inflated only when read (Board).
type Point struct {
	// BoardGz is the board before the change, gzipped; nil when the change
	// left the board as it was. SetBoard sets it; Board reads it.
	BoardGz   []byte   `json:"board_gz,omitempty"`
	Entries   []int    `json:"entries"`
	Summaries []string `json:"summaries,omitempty"`
	// Before is the undo point of the change before this one (nil: none
	// kept): /game undo steps back over up to Max changes.
	Before *Point `json:"before,omitempty"`
}

// Max is how many changes /game undo can step back over.
const Max = 3

// Steps are the undo points of the changes kept, the last change's first.
func (u *Point) Steps() []*Point {
	var out []*Point
	for ; u != nil && len(out) < Max; u = u.Before {
		out = append(out, u)
	}
	return out
}

// Trim drops the undo points behind the last Max (those Steps leaves out),
// so that no more are kept.
func (u *Point) Trim() {
	if steps := u.Steps(); len(steps) > 0 {
		steps[len(steps)-1].Before = nil
	}
}

// Summarise sets the summaries of the entries of the points kept (Steps)
// from the whole log (a schema 1 document, a game read from a file).
func (u *Point) Summarise(log []gamelog.Entry) {
	for _, p := range u.Steps() {
		p.Summaries = make([]string, len(p.Entries))
		for i, n := range p.Entries {
			if n >= 1 && n <= len(log) {
				p.Summaries[i] = log[n-1].Summary
			}
		}
	}
}

// maxBoard bounds a board inflated from an undo point (an imported file
// could carry a compression bomb).
const maxBoard = 4 << 20

// SetBoard keeps board, gzipped, as the board before the change.
func (u *Point) SetBoard(board json.RawMessage) error {
	var b bytes.Buffer
	w := gzipWriters.Get().(*kgzip.Writer)
	defer gzipWriters.Put(w)
	w.Reset(&b)
	if _, err := w.Write(board); err != nil {
		return fmt.Errorf("gzip undo board: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("gzip undo board: %w", err)
	}
	u.BoardGz = b.Bytes()
	return nil
}

// gzipWriters and gzipReaders are reused: a new gzip writer allocates
// hundreds of kilobytes, more than the rest of a command. The undo board is
// written on every change to the board and seldom read. It is written with
// klauspost/compress, whose default level makes it as small as compress/gzip's
// best compression, for a quarter of the CPU (less than compress/gzip's
// fastest level takes); it is read with compress/gzip, as referees before did.
var (
	gzipWriters = sync.Pool{New: func() any {
		w, _ := kgzip.NewWriterLevel(io.Discard, kgzip.DefaultCompression) // a valid level: no error
		return w
	}}
	gzipReaders sync.Pool
)

// Board is the board before the change, inflated (nil when the change left
// the board as it was). It fails when the stored board is not gzipped JSON
// of at most maxBoard bytes.
func (u *Point) Board() (json.RawMessage, error) {
	if len(u.BoardGz) == 0 {
		return nil, nil
	}
	r, _ := gzipReaders.Get().(*gzip.Reader)
	var err error
	if r == nil {
		r, err = gzip.NewReader(bytes.NewReader(u.BoardGz))
	} else {
		err = r.Reset(bytes.NewReader(u.BoardGz))
	}
	if err != nil {
		return nil, errors.New("the undo point's board is not gzipped JSON")
	}
	defer gzipReaders.Put(r)
	board, err := io.ReadAll(io.LimitReader(r, maxBoard+1))
	switch {
	case err != nil:
		return nil, errors.New("the undo point's board is not gzipped JSON")
	case len(board) > maxBoard:
		return nil, errors.New("the undo point's board is too large")
	case !json.Valid(board):
		return nil, errors.New("the undo point's board is not JSON")
	}
	return board, nil
}
