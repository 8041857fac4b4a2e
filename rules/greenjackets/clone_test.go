package greenjackets

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// A clone is the board as it was, shares none of its memory, and encodes as
// the board does: every field is filled (a field added later is too), so a
// slice or pointer Clone does not copy anew is found shared.
func TestCloneSharesNothing(t *testing.T) {
	var b Board
	n := 0
	fillAll(t, reflect.ValueOf(&b).Elem(), &n)
	c := b.Clone()
	if diff := cmp.Diff(&b, c); diff != "" {
		t.Fatalf("Clone differs from the board (-board +clone):\n%s", diff)
	}
	if shared := sharedMemory(reflect.ValueOf(&b).Elem(), reflect.ValueOf(c).Elem(), "Board"); len(shared) > 0 {
		t.Errorf("the clone shares with the board: %v", shared)
	}
	want, _ := json.Marshal(&b)
	got, _ := json.Marshal(c)
	if string(got) != string(want) {
		t.Errorf("the clone encodes as\n%s\nwant\n%s", got, want)
	}
	empty := NewBoard()
	if diff := cmp.Diff(empty, empty.Clone()); diff != "" {
		t.Errorf("Clone of an empty board (-board +clone):\n%s", diff)
	}
}

// fillAll gives every field of v a value of its own: slices of two, and
// numbers and texts counted up by n.
func fillAll(t *testing.T, v reflect.Value, n *int) {
	*n++
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int64, reflect.Int32, reflect.Int8, reflect.Int16:
		v.SetInt(int64(*n))
	case reflect.Uint, reflect.Uint64, reflect.Uint32, reflect.Uint8, reflect.Uint16:
		v.SetUint(uint64(*n))
	case reflect.Float64, reflect.Float32:
		v.SetFloat(float64(*n) + 0.5)
	case reflect.String:
		v.SetString(fmt.Sprint("s", *n))
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fillAll(t, v.Elem(), n)
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := range v.Len() {
			fillAll(t, v.Index(i), n)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fillAll(t, v.Field(i), n)
			}
		}
	default:
		t.Fatalf("fillAll: a %s on the board: teach this test (and Clone) about it", v.Type())
	}
}

// sharedMemory lists the paths at which a and b hold the same pointer or the
// same slice array.
func sharedMemory(a, b reflect.Value, path string) []string {
	var out []string
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			return nil
		}
		if a.Pointer() == b.Pointer() {
			out = append(out, path)
		}
		out = append(out, sharedMemory(a.Elem(), b.Elem(), path)...)
	case reflect.Slice:
		if a.Len() > 0 && b.Len() > 0 && a.Pointer() == b.Pointer() {
			out = append(out, path)
		}
		for i := range min(a.Len(), b.Len()) {
			out = append(out, sharedMemory(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i))...)
		}
	case reflect.Struct:
		for i := range a.NumField() {
			out = append(out, sharedMemory(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name)...)
		}
	}
	return out
}
