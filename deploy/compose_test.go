package deploy

import (
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/yaml"
)

// compose is the part of docker-compose.yml the tests hold to the manifests.
type compose struct {
	Services map[string]struct {
		Command     []string          `json:"command"`
		Environment map[string]string `json:"environment"`
		Volumes     []string          `json:"volumes"`
		ReadOnly    bool              `json:"read_only"`
		CapDrop     []string          `json:"cap_drop"`
		Deploy      struct {
			Replicas int `json:"replicas"`
		} `json:"deploy"`
	} `json:"services"`
}

// TestCompose: Compose runs Redis as the manifests do (deploy/redis/redis.conf,
// the password required and in every bot's REDIS_URL), hardened like the pods,
// with as many bot-http replicas as the Kubernetes Deployment and the docs say.
func TestCompose(t *testing.T) {
	b, err := os.ReadFile("docker-compose.yml")
	if err != nil {
		t.Fatal(err)
	}
	var c compose
	if err := yaml.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	const password = "${REDIS_PASSWORD:?set REDIS_PASSWORD in .env}"

	redis := c.Services["redis"]
	if len(redis.Command) < 2 || !slices.Contains(redis.Volumes, "./redis/redis.conf:"+redis.Command[1]+":ro") {
		t.Errorf("compose redis runs %q, not the mounted deploy/redis/redis.conf", redis.Command)
	}
	if i := slices.Index(redis.Command, "--requirepass"); i < 0 || i+1 >= len(redis.Command) || redis.Command[i+1] != password {
		t.Errorf("compose redis %q does not require REDIS_PASSWORD", redis.Command)
	}
	if redis.Environment["REDISCLI_AUTH"] != password {
		t.Errorf("compose redis's healthcheck has no password (REDISCLI_AUTH)")
	}
	for name, s := range c.Services {
		if !s.ReadOnly || !slices.Equal(s.CapDrop, []string{"ALL"}) {
			if name != "interactions" {
				t.Errorf("compose %s: read_only %v, cap_drop %v; want a read-only root and every capability dropped", name, s.ReadOnly, s.CapDrop)
			}
		}
		if name == "bot" || name == "bot-http" {
			if want := "redis://:" + password + "@redis:6379/0"; s.Environment["REDIS_URL"] != want {
				t.Errorf("compose %s: REDIS_URL %q, want %q", name, s.Environment["REDIS_URL"], want)
			}
		}
	}

	deployment, ok := find[*appsv1.Deployment](render(t, "http"), "referee-http")
	if !ok {
		t.Fatal("no Deployment referee-http")
	}
	replicas := c.Services["bot-http"].Deploy.Replicas
	if replicas != int(*deployment.Spec.Replicas) {
		t.Errorf("compose runs %d bot-http replicas, the Deployment %d", replicas, *deployment.Spec.Replicas)
	}
	docs, err := os.ReadFile("../docs/operations.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile(`--scale bot-http=(\d+)|(\w+) bot-http replicas`).FindAllStringSubmatch(string(docs), -1) {
		n, err := strconv.Atoi(m[1])
		if err != nil {
			n = slices.Index(strings.Fields("zero one two three four five six"), m[2])
		}
		if n != replicas {
			t.Errorf("docs/operations.md says %q; compose runs %d", m[0], replicas)
		}
	}
}
