package roster

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Changed are the names of the board (names: every name a board as read or
// as written holds, each with its side) whose things differ between the
// board as read (before) and as written (after), both as JSON: a thing is
// the nearest object that carries one of the names as its "name", with all
// it holds; a value that differs is also a change of the name it is (whom
// the turn holds). A thing added or taken away is changed, with every name
// it holds. The rule set's own types are not needed: it reads the JSON.
func Changed(before, after []byte, names map[string]string) ([]string, error) {
	if bytes.Equal(before, after) {
		return nil, nil
	}
	d := differ{names: map[string]string{}, out: map[string]bool{}}
	for n := range names {
		d.names[strings.ToLower(n)] = n
	}
	var a, b any
	if err := decodeJSON(before, &a); err != nil {
		return nil, err
	}
	if err := decodeJSON(after, &b); err != nil {
		return nil, err
	}
	d.walk(a, b, "")
	out := make([]string, 0, len(d.out))
	for n := range d.out {
		out = append(out, n)
	}
	slices.Sort(out)
	return out, nil
}

func decodeJSON(b []byte, v *any) error {
	if len(b) == 0 {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("decode board: %w", err)
	}
	return nil
}

// A differ walks two boards side by side, noting the names changed.
type differ struct {
	names map[string]string // lower case → as the board spells it
	out   map[string]bool
}

// name is the board's spelling of v when v is one of its names.
func (d *differ) name(v any) (string, bool) {
	s, ok := v.(string)
	if !ok {
		return "", false
	}
	n, ok := d.names[strings.ToLower(s)]
	return n, ok
}

// owner is the name an object carries, or the owner it is within.
func (d *differ) owner(v any, within string) string {
	if m, ok := v.(map[string]any); ok {
		if n, ok := d.name(m["name"]); ok {
			return n
		}
	}
	return within
}

// mark notes owner changed ("": nothing named) and every name v holds.
func (d *differ) mark(owner string, vs ...any) {
	if owner != "" {
		d.out[owner] = true
	}
	for _, v := range vs {
		d.all(v)
	}
}

// all notes every name v holds, as a thing's or as a value.
func (d *differ) all(v any) {
	switch v := v.(type) {
	case map[string]any:
		for _, e := range v {
			d.all(e)
		}
	case []any:
		for _, e := range v {
			d.all(e)
		}
	default:
		if n, ok := d.name(v); ok {
			d.out[n] = true
		}
	}
}

func (d *differ) walk(a, b any, within string) {
	ma, aMap := a.(map[string]any)
	mb, bMap := b.(map[string]any)
	if aMap && bMap && d.owner(a, "") == d.owner(b, "") {
		owner := d.owner(a, within)
		for k, va := range ma {
			d.walk(va, mb[k], owner)
		}
		for k, vb := range mb {
			if _, ok := ma[k]; !ok {
				d.walk(nil, vb, owner)
			}
		}
		return
	}
	la, aList := a.([]any)
	lb, bList := b.([]any)
	if aList && bList {
		d.list(la, lb, within)
		return
	}
	if aMap || bMap || aList || bList || a != b {
		d.mark(within, a, b)
	}
}

// list walks two lists: their things matched by name, anything else by place.
func (d *differ) list(a, b []any, within string) {
	named := func(l []any) map[string]any {
		out := map[string]any{}
		for _, v := range l {
			if n := d.owner(v, ""); n != "" {
				out[n] = v
			}
		}
		return out
	}
	na, nb := named(a), named(b)
	var ra, rb []any // the rest, by place
	for _, v := range a {
		if n := d.owner(v, ""); n == "" {
			ra = append(ra, v)
		} else if _, ok := nb[n]; !ok {
			d.mark(n, v)
		}
	}
	for _, v := range b {
		if n := d.owner(v, ""); n == "" {
			rb = append(rb, v)
		} else if va, ok := na[n]; ok {
			d.walk(va, v, within)
		} else {
			d.mark(n, v)
		}
	}
	for i := range max(len(ra), len(rb)) {
		var va, vb any
		if i < len(ra) {
			va = ra[i]
		}
		if i < len(rb) {
			vb = rb[i]
		}
		d.walk(va, vb, within)
	}
}
