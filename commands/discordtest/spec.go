package discordtest

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// specGzip is Discord's OpenAPI description of API v10 (testdata/README.md
// says which, and from where).
//
//go:embed testdata/discord-openapi.json.gz
var specGzip []byte

// specURL names the description as a schema resource.
const specURL = "https://discord.com/developers/openapi.json"

// A spec checks request bodies against the request schemas of Discord's
// OpenAPI description, strictly: every object the description declares
// properties for takes those alone (Discord's own schemas leave the rest
// open), so a field Discord does not declare is a violation too.
type spec struct {
	ops      []specOp
	compiler *jsonschema.Compiler

	mu      sync.Mutex
	schemas map[string]*jsonschema.Schema // by JSON pointer
	// verdicts are the bodies checked so far and what their check found
	// (nil: conforms), by operation and body: each test's bot registers the
	// same commands and sends many of the same bodies, and under the race
	// detector their validation was about a third of a short test's time.
	verdicts map[verdictKey]error
}

// A verdictKey is one body sent to one operation.
type verdictKey struct {
	op   *specOp
	body string
}

// A specOp is one operation: a method on a path template.
type specOp struct {
	method, template string
	path             *regexp.Regexp
	params           int  // how many {…} the template has: the fewer, the more specific
	body             bool // whether it declares a JSON request body
}

var (
	specOnce   sync.Once
	loadedSpec *spec
	specErr    error
)

// discordSpec loads the description once per test binary.
func discordSpec() (*spec, error) {
	specOnce.Do(func() { loadedSpec, specErr = loadSpec(specGzip) })
	return loadedSpec, specErr
}

func loadSpec(gz []byte) (*spec, error) {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, fmt.Errorf("discordtest: the API description: %w", err)
	}
	doc, err := jsonschema.UnmarshalJSON(zr)
	if err != nil {
		return nil, fmt.Errorf("discordtest: the API description: %w", err)
	}
	root, ok := doc.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("discordtest: the API description is not an object")
	}
	components, _ := root["components"].(map[string]any)
	closeObjects(components)
	paths, _ := root["paths"].(map[string]any)
	closeObjects(paths)
	sp := &spec{compiler: jsonschema.NewCompiler(), schemas: map[string]*jsonschema.Schema{}, verdicts: map[verdictKey]error{}}
	sp.compiler.DefaultDraft(jsonschema.Draft2020)
	if err := sp.compiler.AddResource(specURL, doc); err != nil {
		return nil, fmt.Errorf("discordtest: the API description: %w", err)
	}
	param := regexp.MustCompile(`\{[^}]+\}`)
	for template, item := range paths {
		ops, _ := item.(map[string]any)
		for method, op := range ops {
			o, ok := op.(map[string]any)
			if !ok || !slices.Contains([]string{"get", "put", "post", "patch", "delete"}, method) {
				continue
			}
			body := false
			if rb, ok := o["requestBody"].(map[string]any); ok {
				content, _ := rb["content"].(map[string]any)
				_, body = content["application/json"]
			}
			sp.ops = append(sp.ops, specOp{
				method: strings.ToUpper(method), template: template,
				path:   regexp.MustCompile("^" + quoteTemplate(template, param) + "$"),
				params: len(param.FindAllString(template, -1)), body: body,
			})
		}
	}
	// The most specific template first: /messages/@original before
	// /messages/{message_id}.
	sort.Slice(sp.ops, func(i, j int) bool {
		if sp.ops[i].params != sp.ops[j].params {
			return sp.ops[i].params < sp.ops[j].params
		}
		return sp.ops[i].template < sp.ops[j].template
	})
	return sp, nil
}

// quoteTemplate is a path template as a pattern: its text literal, each
// {param} one path segment.
func quoteTemplate(template string, param *regexp.Regexp) string {
	var b strings.Builder
	last := 0
	for _, m := range param.FindAllStringIndex(template, -1) {
		b.WriteString(regexp.QuoteMeta(template[last:m[0]]))
		b.WriteString(`[^/]+`)
		last = m[1]
	}
	b.WriteString(regexp.QuoteMeta(template[last:]))
	return b.String()
}

// closeObjects makes every object schema under v that declares properties
// take those alone (additionalProperties false), unless it says otherwise.
// No request body of the description combines object schemas (allOf of
// two objects appears only in multipart forms and error responses, which
// are not checked), so closing each one alone is exact.
func closeObjects(v any) {
	switch v := v.(type) {
	case map[string]any:
		if _, ok := v["properties"].(map[string]any); ok {
			if _, set := v["additionalProperties"]; !set {
				v["additionalProperties"] = false
			}
		}
		for _, x := range v {
			closeObjects(x)
		}
	case []any:
		for _, x := range v {
			closeObjects(x)
		}
	}
}

// find returns the operation of method on path (without /api/vN), or nil.
func (sp *spec) find(method, path string) *specOp {
	for i := range sp.ops {
		if sp.ops[i].method == method && sp.ops[i].path.MatchString(path) {
			return &sp.ops[i]
		}
	}
	return nil
}

// check returns why a request does not conform to the description: an
// operation it does not have, a body where it takes none, or a body its
// request schema refuses. It returns the operation ("PATCH
// /webhooks/{webhook_id}/…") it was checked against.
func (sp *spec) check(method, path string, body []byte) (op string, err error) {
	o := sp.find(method, path)
	if o == nil {
		return "", fmt.Errorf("%s %s: no such operation in Discord's API v10", method, path)
	}
	op = o.method + " " + o.template
	if !o.body {
		if len(bytes.TrimSpace(body)) > 0 {
			return op, fmt.Errorf("%s: takes no body, sent %.200s", op, body)
		}
		return op, nil
	}
	key := verdictKey{o, string(body)}
	sp.mu.Lock()
	err, seen := sp.verdicts[key]
	sp.mu.Unlock()
	if !seen {
		err = sp.validate(o, op, body)
		sp.mu.Lock()
		sp.verdicts[key] = err
		sp.mu.Unlock()
	}
	return op, err
}

// validate checks body against the request schema of operation o (named
// op).
func (sp *spec) validate(o *specOp, op string, body []byte) error {
	sch, err := sp.schema(o)
	if err != nil {
		return err
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("%s: the body is not JSON: %w", op, err)
	}
	if err := sch.Validate(inst); err != nil {
		return fmt.Errorf("%s: %v\nbody: %s", op, err, body)
	}
	return nil
}

// schema compiles an operation's JSON request schema, once.
func (sp *spec) schema(o *specOp) (*jsonschema.Schema, error) {
	ptr := "/paths/" + pointerEscape(o.template) + "/" + strings.ToLower(o.method) + "/requestBody/content/application~1json/schema"
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if s, ok := sp.schemas[ptr]; ok {
		return s, nil
	}
	s, err := sp.compiler.Compile(specURL + "#" + ptr)
	if err != nil {
		return nil, fmt.Errorf("discordtest: compile the schema of %s %s: %w", o.method, o.template, err)
	}
	sp.schemas[ptr] = s
	return s, nil
}

func pointerEscape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// checkAnswer checks the HTTP answer to an interaction as the body of the
// callback it stands for (POST /interactions/{id}/{token}/callback); the
// caller holds s.mu.
func (s *Server) checkAnswer(id, token string, body []byte) {
	s.checkBody(http.MethodPost, "/interactions/"+id+"/"+token+"/callback", body)
}

// checkBody checks one request the bot sent and records the outcome; the
// caller holds s.mu.
func (s *Server) checkBody(method, path string, body []byte) {
	sp, err := discordSpec()
	if err != nil {
		s.violations = append(s.violations, err.Error())
		return
	}
	op, err := sp.check(method, path, body)
	if op != "" {
		s.checked[op]++
	}
	if err != nil {
		s.violations = append(s.violations, err.Error())
	}
}

// failViolations fails the test for each request Discord would refuse.
func (s *Server) failViolations(t testing.TB) {
	for _, v := range s.Violations() {
		t.Errorf("discordtest: a request Discord's API v10 refuses: %s", v)
	}
}

// Violations lists every request the bot sent (REST calls and HTTP answers
// to interactions) that Discord's OpenAPI description of API v10
// (testdata/README.md) refuses: an operation it does not have, a field it
// does not declare, a value of the wrong type or out of its bounds.
func (s *Server) Violations() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.violations...)
}

// Checked counts the requests checked against the description, by
// operation ("PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original").
func (s *Server) Checked() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[string]int, len(s.checked))
	for k, v := range s.checked {
		out[k] = v
	}
	return out
}
