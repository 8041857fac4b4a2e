package httpapi

import (
	"sync"
	"sync/atomic"
	"testing"
)

// Every interaction handed to the workers runs once, and one handed over
// while every worker is busy does not wait for them: it gets a worker of its
// own (here the first ten block until the last has run).
func TestWorkersRunEachAtOnce(t *testing.T) {
	var w workers
	var ran atomic.Int32
	var wg sync.WaitGroup
	release := make(chan struct{})
	for range 10 {
		wg.Add(1)
		w.run(func() { defer wg.Done(); <-release; ran.Add(1) })
	}
	last := make(chan struct{})
	w.run(func() { ran.Add(1); close(last) })
	<-last
	close(release)
	wg.Wait()
	for range 100 {
		wg.Add(1)
		w.run(func() { defer wg.Done(); ran.Add(1) })
	}
	wg.Wait()
	if n := ran.Load(); n != 111 {
		t.Errorf("%d of 111 interactions ran", n)
	}
}
