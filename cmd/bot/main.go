// Command bot is the referee: a Discord bot that referees horse-and-musket
// miniature wargames. With DISCORD_TOKEN set it serves Discord's gateway;
// without, and with `bot console`, it plays the same commands in a terminal.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/joho/godotenv"
)

func main() {
	_ = godotenv.Load() // .env is optional; the real environment wins
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args, os.Getenv, os.Stdin, os.Stdout, os.Stderr)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "referee:", err)
		os.Exit(1)
	}
}
