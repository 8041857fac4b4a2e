package httpapi

import (
	"sync"
	"time"
)

// workers run the interactions, each to its end, on goroutines that live on
// between them, so that a goroutine's stack grows to what an interaction
// needs once rather than for every interaction: on a new goroutine each,
// growing and copying stacks (runtime.newstack) took 7 % of the bot's CPU
// under the load benchmark. A worker idle for workerIdle ends. The zero
// value is ready to use.
type workers struct {
	once sync.Once
	work chan func()
}

// workerIdle is how long a worker waits for another interaction before it ends.
const workerIdle = 10 * time.Second

// run runs f on an idle worker, or on a new one when none is idle.
func (w *workers) run(f func()) {
	w.once.Do(func() { w.work = make(chan func()) })
	select {
	case w.work <- f:
	default:
		go w.loop(f)
	}
}

// loop runs f, then each interaction handed to it, until it is idle for
// workerIdle.
func (w *workers) loop(f func()) {
	idle := time.NewTimer(workerIdle)
	defer idle.Stop()
	for {
		f()
		idle.Reset(workerIdle)
		select {
		case f = <-w.work:
		case <-idle.C:
			return
		}
	}
}
