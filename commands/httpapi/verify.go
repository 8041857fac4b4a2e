package httpapi

import (
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/oasisprotocol/curve25519-voi/primitives/ed25519"
)

// MaxBody is the largest interaction body accepted; a larger one gets 413.
const MaxBody = 64 << 10

// MaxSkew is how old (or how far in the future) a signed timestamp may be.
const MaxSkew = 5 * time.Minute

// errTooLarge marks a body over MaxBody.
var errTooLarge = errors.New("body larger than 64 KiB")

// A PublicKey is the application's Ed25519 public key, expanded once so that
// each verification is cheaper. It accepts exactly the signatures
// crypto/ed25519.Verify accepts.
type PublicKey struct {
	expanded *ed25519.ExpandedPublicKey
}

// stdlib makes verification behave as crypto/ed25519's: cofactorless, small
// order and non-canonical public keys allowed, non-canonical R and S refused.
var stdlib = &ed25519.Options{Verify: ed25519.VerifyOptionsStdLib}

// ParsePublicKey reads DISCORD_PUBLIC_KEY (hex, as the developer portal shows
// it). A key that is not a point of the curve, which could verify nothing, is
// refused.
func ParsePublicKey(s string) (*PublicKey, error) {
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("DISCORD_PUBLIC_KEY must be %d hex characters", 2*ed25519.PublicKeySize)
	}
	expanded, err := ed25519.NewExpandedPublicKey(b)
	if err != nil {
		return nil, errors.New("DISCORD_PUBLIC_KEY is not an Ed25519 public key")
	}
	return &PublicKey{expanded: expanded}, nil
}

// Verify reports whether sig is the key's signature of msg.
func (k *PublicKey) Verify(msg, sig []byte) bool {
	return ed25519.VerifyExpandedWithOptions(k.expanded, msg, sig, stdlib)
}

// verified reads the body of a signed request and checks its Ed25519 signature
// over timestamp + body, and that the timestamp is fresh, before anything is
// parsed. It returns the body, or an error and the status to answer.
func verified(r *http.Request, key *PublicKey, now time.Time) ([]byte, int, error) {
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
	msg, err := readAfter(ts, r.Body, r.ContentLength)
	if err != nil {
		return nil, http.StatusBadRequest, fmt.Errorf("read body: %w", err)
	}
	if len(msg)-len(ts) > MaxBody {
		return nil, http.StatusRequestEntityTooLarge, errTooLarge
	}
	if !key.Verify(msg, sig) {
		return nil, http.StatusUnauthorized, errors.New("bad signature")
	}
	return msg[len(ts):], http.StatusOK, nil
}

// readAfter returns prefix followed by body, read up to one byte past
// MaxBody, in one buffer sized by the declared length when there is one.
func readAfter(prefix string, body io.Reader, length int64) ([]byte, error) {
	size := int64(512)
	if length >= 0 {
		size = length + 1 // room to read the end of the body without growing
	}
	buf := make([]byte, len(prefix), len(prefix)+int(size))
	copy(buf, prefix)
	body = io.LimitReader(body, MaxBody+1)
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := body.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}
