package statetest

import (
	"fmt"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// testIndex: what a server's list of campaigns relies on. Indexed returns
// the documents of the keys listed, by key, with their current contents;
// a key listed whose document was never written, or was deleted, is passed
// over; listing a key twice lists it once; one index knows nothing of
// another's keys; a key listed by many writers at once is listed; the index
// outlives the store being reopened.
func testIndex(t *testing.T, b Backend, ch string) {
	s := b.Open(t, Options{})
	ctx := ctxT(t)
	index, other := "campaigns:"+ch, "campaigns:"+ch+"-other"
	key := func(name string) string { return "campaign:" + ch + ":" + name }
	do := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	listed := func(what, index string, want ...string) {
		t.Helper()
		got, err := s.Indexed(ctx, index)
		if err != nil {
			t.Fatalf("%s: Indexed(%q): %v", what, index, err)
		}
		var docs []string
		for _, d := range got {
			docs = append(docs, d.Key+"="+string(d.Doc))
		}
		if !cmp.Equal(docs, want) {
			t.Errorf("%s: Indexed(%q) = %q, want %q", what, index, docs, want)
		}
	}
	listed("an index never written", index)

	for _, name := range []string{"peninsula", "waterloo", "crimea"} {
		do(s.Index(ctx, index, key(name)))
		mustUpdate(t, s, key(name), "start-"+name, set(name+" forces", ""))
	}
	do(s.Index(ctx, index, key("peninsula"))) // a later change lists it again
	mustUpdate(t, s, key("peninsula"), "edit", set("peninsula veterans", ""))
	do(s.Index(ctx, index, key("typo"))) // refused: never written
	do(s.Index(ctx, other, key("waterloo")))
	listed("three campaigns", index,
		key("crimea")+"=crimea forces", key("peninsula")+"=peninsula veterans", key("waterloo")+"=waterloo forces")
	listed("another index", other, key("waterloo")+"=waterloo forces")

	do(s.Delete(ctx, key("crimea")))
	listed("one deleted", index, key("peninsula")+"=peninsula veterans", key("waterloo")+"=waterloo forces")

	// Umpires start campaigns at once: none is missed.
	var wg sync.WaitGroup
	var want []string
	for i := range 10 {
		name := fmt.Sprintf("raid-%d", i)
		want = append(want, key(name)+"="+name)
		wg.Go(func() {
			if err := s.Index(ctx, index, key(name)); err != nil {
				t.Error(err)
				return
			}
			if _, err := s.Update(ctx, key(name), "start", set(name, "")); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	want = append([]string{key("peninsula") + "=peninsula veterans"}, want...)
	want = append(want, key("waterloo")+"=waterloo forces")

	do(s.Close())
	s = open(t, b, 0)
	listed("after reopening", index, want...)

	if err := s.Index(ctx, "", key("x")); err == nil {
		t.Error("Index into an unnamed index: no error")
	}
	if err := s.Index(ctx, index, ""); err == nil {
		t.Error("Index of an empty key: no error")
	}
}
