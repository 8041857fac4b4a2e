package rules

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
)

// Commit is the commitment to form, the exact text hashed: the hex SHA-256
// of its UTF-8 bytes. Publishing it binds the referee (or a player) to form
// without showing it; revealing form later lets anyone check it. A card deal
// and sealed written orders are committed to this way.
func Commit(form string) string {
	sum := sha256.Sum256([]byte(form))
	return hex.EncodeToString(sum[:])
}

// Hashed spells out a commitment for anyone to check: sha256("form") = hex,
// form written as a quoted string in which every byte is shown as it is but
// for these escapes: \n a line break, \t a tab, \" a quote, \\ a backslash,
// \x60 a backquote (so that it sits whole in Markdown code).
func Hashed(form string) string {
	return "sha256(" + strings.ReplaceAll(strconv.Quote(form), "`", `\x60`) + ") = " + Commit(form)
}

// A Roller is a fair die (dice.Source).
type Roller interface {
	Roll(sides int) int
}

// Salt draws a secret salt of 16 hex digits from src, for a commitment: a
// form short of guesses (a card, a short order) cannot be found by hashing
// every candidate until the salt is revealed.
func Salt(src Roller) string {
	const digits = "0123456789abcdef"
	b := make([]byte, 16)
	for i := range b {
		b[i] = digits[src.Roll(16)-1]
	}
	return string(b)
}
