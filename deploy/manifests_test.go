package deploy

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	kjson "k8s.io/apimachinery/pkg/runtime/serializer/json"
	psapi "k8s.io/pod-security-admission/api"
	"k8s.io/pod-security-admission/policy"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
)

// shapes are the two deployments deploy/k8s makes: the component its
// kustomization lists (gateway) and the other one (http).
var shapes = []string{"gateway", "http"}

// render builds deploy/k8s with the given shape's component, as
// kubectl apply -k deploy/k8s does (nothing fetched: every file is local),
// and decodes each object strictly into its Kubernetes API type.
func render(t *testing.T, shape string) []runtime.Object {
	t.Helper()
	mem := filesys.MakeFsInMemory()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return mem.WriteFile(filepath.Join("/deploy", path), b)
	})
	if err != nil {
		t.Fatal(err)
	}
	if shape != "gateway" {
		k, err := mem.ReadFile("/deploy/k8s/kustomization.yaml")
		if err != nil {
			t.Fatal(err)
		}
		const listed = "components:\n  - gateway\n"
		if !bytes.Contains(k, []byte(listed)) {
			t.Fatalf("deploy/k8s/kustomization.yaml does not list %q", listed)
		}
		k = bytes.Replace(k, []byte(listed), []byte("components:\n  - "+shape+"\n"), 1)
		if err := mem.WriteFile("/deploy/k8s/kustomization.yaml", k); err != nil {
			t.Fatal(err)
		}
	}
	m, err := krusty.MakeKustomizer(krusty.MakeDefaultOptions()).Run(mem, "/deploy/k8s")
	if err != nil {
		t.Fatalf("kustomize build deploy/k8s (%s): %v", shape, err)
	}
	var objs []runtime.Object
	for _, r := range m.Resources() {
		y, err := r.AsYAML()
		if err != nil {
			t.Fatal(err)
		}
		objs = append(objs, decodeStrict(t, r.GetKind()+" "+r.GetName(), y))
	}
	return objs
}

var (
	scheme = func() *runtime.Scheme {
		s := runtime.NewScheme()
		for _, add := range []func(*runtime.Scheme) error{
			corev1.AddToScheme, appsv1.AddToScheme, policyv1.AddToScheme, networkingv1.AddToScheme,
		} {
			if err := add(s); err != nil {
				panic(err)
			}
		}
		return s
	}()
	strict = kjson.NewSerializerWithOptions(kjson.DefaultMetaFactory, scheme, scheme,
		kjson.SerializerOptions{Yaml: true, Strict: true})
)

// decodeStrict decodes one object into its API type, refusing a kind the
// scheme does not know and any field the type does not have.
func decodeStrict(t *testing.T, what string, y []byte) runtime.Object {
	t.Helper()
	obj, _, err := strict.Decode(y, nil, nil)
	if err != nil {
		t.Fatalf("%s: %v\n%s", what, err, y)
	}
	return obj
}

// pods are the pod templates of the workloads among objs, by workload name.
func pods(objs []runtime.Object) map[string]corev1.PodTemplateSpec {
	p := map[string]corev1.PodTemplateSpec{}
	for _, o := range objs {
		switch w := o.(type) {
		case *appsv1.Deployment:
			p[w.Name] = w.Spec.Template
		case *appsv1.StatefulSet:
			p[w.Name] = w.Spec.Template
		}
	}
	return p
}

func find[T runtime.Object](objs []runtime.Object, name string) (T, bool) {
	for _, o := range objs {
		if v, ok := o.(T); ok && o.(metav1.Object).GetName() == name {
			return v, true
		}
	}
	var zero T
	return zero, false
}

// TestManifestsRender: each shape renders, every object decodes strictly, and
// each holds the workloads it should (Redis in both).
func TestManifestsRender(t *testing.T) {
	want := map[string][]string{
		"gateway": {"referee-gateway", "referee-redis"},
		"http":    {"referee-http", "referee-redis"},
	}
	for _, shape := range shapes {
		var got []string
		for name := range pods(render(t, shape)) {
			got = append(got, name)
		}
		slices.Sort(got)
		if !slices.Equal(got, want[shape]) {
			t.Errorf("%s shape: workloads %v, want %v", shape, got, want[shape])
		}
	}
}

// TestPodSecurityRestricted holds every pod, Redis's included, to the
// "restricted" Pod Security level, checked by the evaluator the API server's
// admission runs, and to a read-only root filesystem.
func TestPodSecurityRestricted(t *testing.T) {
	eval, err := policy.NewEvaluator(policy.DefaultChecks(), nil)
	if err != nil {
		t.Fatal(err)
	}
	restricted := psapi.LevelVersion{Level: psapi.LevelRestricted, Version: psapi.LatestVersion()}
	for _, shape := range shapes {
		for name, p := range pods(render(t, shape)) {
			for _, r := range eval.EvaluatePod(restricted, &p.ObjectMeta, &p.Spec) {
				if !r.Allowed {
					t.Errorf("%s shape, %s: Pod Security restricted forbids %s: %s", shape, name, r.ForbiddenReason, r.ForbiddenDetail)
				}
			}
			for _, c := range slices.Concat(p.Spec.InitContainers, p.Spec.Containers) {
				if sc := c.SecurityContext; sc == nil || sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem {
					t.Errorf("%s shape, %s: container %s has no read-only root filesystem", shape, name, c.Name)
				}
			}
		}
	}
}

// TestImagePinned: every image names a tag, never latest, and the bot's is
// the one deploy/k8s/kustomization.yaml pins, a version and a commit as
// make image tags it.
func TestImagePinned(t *testing.T) {
	tag := regexp.MustCompile(`^ghcr\.io/referee-bot/referee:\d+\.\d+\.\d+-[0-9a-f]{7,}$`)
	for _, shape := range shapes {
		for name, p := range pods(render(t, shape)) {
			for _, c := range p.Spec.Containers {
				i := strings.LastIndex(c.Image, ":")
				if i < 0 || strings.Contains(c.Image[i:], "/") || c.Image[i+1:] == "latest" {
					t.Errorf("%s shape, %s: image %q is not pinned by a tag", shape, name, c.Image)
				}
				if c.Name == "bot" && !tag.MatchString(c.Image) {
					t.Errorf("%s shape, %s: bot image %q, want the kustomization's pinned <version>-<commit>", shape, name, c.Image)
				}
			}
		}
	}
}

// TestRedis: Redis asks for the password of the Secret referee-redis, every
// bot's REDIS_URL carries it, its configuration is deploy/redis/redis.conf,
// its StatefulSet is governed by a headless Service, it is probed, and only
// the bots' pods may reach it.
func TestRedis(t *testing.T) {
	conf, err := os.ReadFile("redis/redis.conf")
	if err != nil {
		t.Fatal(err)
	}
	for _, shape := range shapes {
		objs := render(t, shape)
		ps := pods(objs)

		redis, ok := find[*appsv1.StatefulSet](objs, "referee-redis")
		if !ok {
			t.Fatalf("%s shape: no StatefulSet referee-redis", shape)
		}
		svc, ok := find[*corev1.Service](objs, redis.Spec.ServiceName)
		if !ok || svc.Spec.ClusterIP != corev1.ClusterIPNone {
			t.Errorf("%s shape: the StatefulSet's serviceName %q is not a headless Service in the render", shape, redis.Spec.ServiceName)
		}
		c := redis.Spec.Template.Spec.Containers[0]
		if !slices.Contains(c.Args, "--requirepass") || !slices.Contains(c.Args, "$(REDIS_PASSWORD)") {
			t.Errorf("%s shape: redis args %q do not require the password", shape, c.Args)
		}
		for _, env := range []string{"REDIS_PASSWORD", "REDISCLI_AUTH"} {
			if !fromRedisSecret(c.Env, env) {
				t.Errorf("%s shape: redis's %s is not the Secret referee-redis's REDIS_PASSWORD", shape, env)
			}
		}
		if c.LivenessProbe == nil || c.ReadinessProbe == nil {
			t.Errorf("%s shape: redis has no liveness or readiness probe", shape)
		}

		var confName string
		for _, v := range redis.Spec.Template.Spec.Volumes {
			if v.ConfigMap != nil {
				confName = v.ConfigMap.Name
			}
		}
		cm, ok := find[*corev1.ConfigMap](objs, confName)
		if !ok || cm.Data["redis.conf"] != string(conf) {
			t.Errorf("%s shape: redis's ConfigMap %q is not deploy/redis/redis.conf", shape, confName)
		}

		np, ok := find[*networkingv1.NetworkPolicy](objs, "referee-redis")
		if !ok {
			t.Fatalf("%s shape: no NetworkPolicy referee-redis", shape)
		}
		target, err := metav1.LabelSelectorAsSelector(&np.Spec.PodSelector)
		if err != nil || !target.Matches(labels.Set(redis.Spec.Template.Labels)) {
			t.Errorf("%s shape: NetworkPolicy referee-redis does not select Redis's pods", shape)
		}
		if len(np.Spec.Ingress) != 1 || len(np.Spec.Ingress[0].From) != 1 || np.Spec.Ingress[0].From[0].PodSelector == nil ||
			np.Spec.Ingress[0].From[0].NamespaceSelector != nil || np.Spec.Ingress[0].From[0].IPBlock != nil {
			t.Fatalf("%s shape: NetworkPolicy referee-redis lets in more than one pod selector: %+v", shape, np.Spec.Ingress)
		}
		from, err := metav1.LabelSelectorAsSelector(np.Spec.Ingress[0].From[0].PodSelector)
		if err != nil {
			t.Fatal(err)
		}
		for name, p := range ps {
			bot := name != "referee-redis"
			if from.Matches(labels.Set(p.Labels)) != bot {
				t.Errorf("%s shape: NetworkPolicy referee-redis lets %s in: %v, want %v", shape, name, !bot, bot)
			}
			if !bot {
				continue
			}
			env := p.Spec.Containers[0].Env
			i := slices.IndexFunc(env, func(e corev1.EnvVar) bool { return e.Name == "REDIS_URL" })
			if i < 0 || !strings.Contains(env[i].Value, ":$(REDIS_PASSWORD)@referee-redis:6379") ||
				!fromRedisSecret(env[:i], "REDIS_PASSWORD") {
				t.Errorf("%s shape, %s: REDIS_URL does not carry the password of the Secret referee-redis", shape, name)
			}
		}
	}
}

// fromRedisSecret reports whether env sets name from the Secret
// referee-redis's REDIS_PASSWORD.
func fromRedisSecret(env []corev1.EnvVar, name string) bool {
	return slices.ContainsFunc(env, func(e corev1.EnvVar) bool {
		r := e.ValueFrom
		return e.Name == name && r != nil && r.SecretKeyRef != nil &&
			r.SecretKeyRef.Name == "referee-redis" && r.SecretKeyRef.Key == "REDIS_PASSWORD"
	})
}

// TestNoSecretInManifests: the credentials are Secrets the operator creates
// (docs/operations.md), so no manifest carries one, placeholder or not, and
// kubectl apply never overwrites the real ones.
func TestNoSecretInManifests(t *testing.T) {
	for _, shape := range shapes {
		for _, o := range render(t, shape) {
			if s, ok := o.(*corev1.Secret); ok {
				t.Errorf("%s shape renders Secret %s", shape, s.Name)
			}
		}
	}
}
