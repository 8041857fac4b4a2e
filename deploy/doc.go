// Package deploy holds the files an operator deploys the referee with: the
// Kubernetes manifests (kustomize, deploy/k8s and deploy/redis), the Compose
// file and the Redis configuration. It has no code: its tests render the
// manifests as kubectl apply -k does, decode every object strictly into the
// Kubernetes API types, and hold every pod to Pod Security "restricted" with
// the API server's own evaluator, so that a manifest that would not apply, or
// a pod a restricted namespace would refuse, fails the build.
package deploy
