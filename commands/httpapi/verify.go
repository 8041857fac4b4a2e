package httpapi

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"
)

// MaxBody is the largest interaction body accepted; a larger one gets 413.
const MaxBody = 64 << 10

// MaxSkew is how old (or how far in the future) a signed timestamp may be.
const MaxSkew = 5 * time.Minute

// errTooLarge marks a body over MaxBody.
var errTooLarge = errors.New("body larger than 64 KiB")

// ParsePublicKey reads DISCORD_PUBLIC_KEY (hex, as the developer portal shows it).
func ParsePublicKey(s string) (ed25519.PublicKey, error) {
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("DISCORD_PUBLIC_KEY must be %d hex characters", 2*ed25519.PublicKeySize)
	}
	return ed25519.PublicKey(b), nil
}

// verified reads the body of a signed request and checks its Ed25519 signature
// over timestamp + body, and that the timestamp is fresh, before anything is
// parsed. It returns the body, or an error and the status to answer.
func verified(r *http.Request, key ed25519.PublicKey, now time.Time) ([]byte, int, error) {
	sig, err := hex.DecodeString(r.Header.Get("X-Signature-Ed25519"))
	if err != nil || len(sig) != ed25519.SignatureSize {
		return nil, http.StatusUnauthorized, errors.New("missing or malformed signature")
	}
	ts := r.Header.Get("X-Signature-Timestamp")
	secs, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return nil, http.StatusUnauthorized, errors.New("missing or malformed timestamp")
	}
	if skew := now.Sub(time.Unix(secs, 0)); skew > MaxSkew || skew < -MaxSkew {
		return nil, http.StatusUnauthorized, fmt.Errorf("stale timestamp (%s off)", skew.Round(time.Second))
	}
	if r.ContentLength > MaxBody {
		return nil, http.StatusRequestEntityTooLarge, errTooLarge
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, MaxBody+1))
	if err != nil {
		return nil, http.StatusBadRequest, fmt.Errorf("read body: %w", err)
	}
	if len(body) > MaxBody {
		return nil, http.StatusRequestEntityTooLarge, errTooLarge
	}
	msg := append([]byte(ts), body...)
	if !ed25519.Verify(key, msg, sig) {
		return nil, http.StatusUnauthorized, errors.New("bad signature")
	}
	return bytes.Clone(body), http.StatusOK, nil
}
