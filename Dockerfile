# syntax=docker/dockerfile:1
# Build: a static binary, no cgo.
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 GOOS=linux go build -trimpath -ldflags="-s -w" -o /out/bot ./cmd/bot \
	&& mkdir -p /out/data

# Run: distroless static (CA certificates, tzdata, no shell), as its non-root
# user, given by number (65532 is distroless's "nonroot"): a pod with
# runAsNonRoot can only check a numeric user.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/bot /bot
COPY --from=build --chown=65532:65532 /out/data /data
ENV DATA_DIR=/data \
	HTTP_ADDR=:8080 \
	LOG_FORMAT=json
USER 65532:65532
EXPOSE 8080
VOLUME ["/data"]
ENTRYPOINT ["/bot"]
