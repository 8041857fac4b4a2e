# The image operators deploy (docs/operations.md, Deploy):
#   make image                        # builds $(IMAGE):$(TAG), e.g. ghcr.io/referee-bot/referee:0.1.0-6adf76d
#   make image push IMAGE=registry.example.com/referee
#   make pin                          # writes that name and tag into deploy/k8s/kustomization.yaml
# The tag is the version and the commit built; a tree with uncommitted
# changes gets -dirty, so that no tag names a commit it was not built from.
IMAGE   ?= ghcr.io/referee-bot/referee
VERSION ?= 0.1.0
COMMIT  := $(shell git rev-parse --short=7 HEAD)
DIRTY   := $(shell git diff --quiet HEAD -- 2>/dev/null || echo -dirty)
TAG     ?= $(VERSION)-$(COMMIT)$(DIRTY)

.PHONY: image push pin test

image:
	docker build \
		--label org.opencontainers.image.version=$(VERSION) \
		--label org.opencontainers.image.revision=$(shell git rev-parse HEAD) \
		-t $(IMAGE):$(TAG) .
	@echo "built $(IMAGE):$(TAG)"

push:
	docker push $(IMAGE):$(TAG)

# The manifests take the image through kustomize's images: (never :latest).
pin:
	sed -i -e 's|^\(    newName:\).*|\1 $(IMAGE)|' -e 's|^\(    newTag:\).*|\1 $(TAG)|' deploy/k8s/kustomization.yaml
	@grep -A2 '^  - name: referee$$' deploy/k8s/kustomization.yaml

test:
	.ci/run
