package record

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/render"
)

// A duplicate is a key given twice in one JSON object.
type duplicate struct {
	// First and Second are the key as written each time: the same, or
	// differing only in case (the referee reads field names, and finds names
	// on a roster, ignoring case, so those are the same key too).
	First, Second string
	// Where is the object that holds them, as a path from the top of the
	// value ("board.units[2]"), or "" for the top-level object.
	Where string
}

// findDuplicate returns the first key given twice in one object anywhere in
// the JSON value b, which must be valid JSON. encoding/json silently keeps
// the last of two, so a file could show a reader one value and the referee
// another.
func findDuplicate(b []byte) (duplicate, bool) {
	type frame struct {
		keys    map[string]string // an object's keys so far, folded to lower case; nil for an array
		key     string            // in an object: the key of the value being read
		wantKey bool              // in an object: the next string is a key
		index   int               // in an array: the index of the value being read
	}
	var stack []*frame
	where := func() string {
		var p strings.Builder
		for _, f := range stack[:len(stack)-1] {
			if f.keys != nil {
				if p.Len() > 0 {
					p.WriteByte('.')
				}
				p.WriteString(f.key)
			} else {
				p.WriteString("[" + strconv.Itoa(f.index) + "]")
			}
		}
		return p.String()
	}
	// valueDone moves the innermost container past the value just read.
	valueDone := func() {
		if len(stack) == 0 {
			return
		}
		if f := stack[len(stack)-1]; f.keys != nil {
			f.wantKey = true
		} else {
			f.index++
		}
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber() // numbers are only skipped: none is too large to read
	for {
		tok, err := dec.Token()
		if err != nil { // io.EOF, or invalid JSON, which the caller has refused already
			return duplicate{}, false
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{keys: map[string]string{}, wantKey: true})
			continue
		case json.Delim('['):
			stack = append(stack, &frame{})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
			valueDone()
			continue
		}
		if len(stack) > 0 {
			if f := stack[len(stack)-1]; f.keys != nil && f.wantKey {
				key := tok.(string)
				folded := strings.ToLower(key)
				if first, ok := f.keys[folded]; ok {
					return duplicate{First: first, Second: key, Where: where()}, true
				}
				f.keys[folded], f.key, f.wantKey = key, key, false
				continue
			}
		}
		valueDone()
	}
}

// String is the duplicate as the end of a sentence: `the key "units" is given
// twice in "board"`.
func (d duplicate) String() string {
	s := fmt.Sprintf("the key \"%s\" is given twice", render.Quote(d.First))
	if d.Second != d.First {
		s = fmt.Sprintf("the keys \"%s\" and \"%s\" are the same key (keys are read ignoring case)", render.Quote(d.First), render.Quote(d.Second))
	}
	if d.Where != "" {
		s += fmt.Sprintf(" in \"%s\"", render.Quote(d.Where))
	}
	return s
}

// checkBoard says what is wrong with a board of the rule set, as the end of
// a sentence whose subject is the board, or "". The board has no key given
// twice (findDuplicate), and decodes strictly into a new value of the rule
// set's own board type (of Ruleset.NewBoard), so that a field the rule set
// does not know, or a value of the wrong type, is refused rather than stored
// and dropped at the next change; then the rule set checks its values and
// references (Ruleset.ValidateBoard).
func checkBoard(rs battle.Ruleset, board json.RawMessage) string {
	if d, ok := findDuplicate(board); ok {
		return fmt.Sprintf("does not check out: %s.", d)
	}
	dec := json.NewDecoder(bytes.NewReader(board))
	dec.DisallowUnknownFields()
	err := dec.Decode(reflect.New(reflect.TypeOf(rs.NewBoard())).Interface())
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &typ):
		return fmt.Sprintf("does not check out: field %q should be %s, not %s.", typ.Field, article(typ.Type.String()), typ.Value)
	case err != nil:
		if field, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
			return fmt.Sprintf("has a field this referee does not know: %s.", render.Quote(field))
		}
		return fmt.Sprintf("does not read as a board (%s).", render.Quote(err.Error()))
	}
	if err := rs.ValidateBoard(board); err != nil {
		return "does not check out: " + render.Quote(reason(err))
	}
	return ""
}
