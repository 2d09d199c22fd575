# halma-bot in two stages: build with the Rust toolchain against the committed .sqlx query
# data (no database needed at build time), run on slim Debian as an unprivileged user.
#
# Both base images are pinned by digest (the multi-platform index), so a rebuild uses the
# same bytes until the pins are moved on purpose: look up the tag's current digest with
# `docker buildx imagetools inspect rust:1-bookworm` (and `debian:bookworm-slim`), review
# what changed, and replace the digest after the `@`.

FROM rust:1-bookworm@sha256:93ce27a88655056a51dbdd8f5f2d7ddc071c7b0070fb288a37b5a285fc83971e AS build
WORKDIR /src
ENV SQLX_OFFLINE=true CARGO_TERM_COLOR=never
COPY . .
RUN cargo build --release --locked -p halma-bot \
 && strip target/release/halma-bot

FROM debian:bookworm-slim@sha256:e899040a73d36e2b36fa33216943539d9957cba8172b858097c2cabcdb20a3e2
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates curl \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --home-dir /nonexistent --shell /usr/sbin/nologin halma
COPY --from=build /src/target/release/halma-bot /usr/local/bin/halma-bot
USER halma
# /healthz answers 200 when the gateway is connected and the database reachable. The endpoint
# listens inside the container only (the health check below reaches it there) and no port is
# exposed: to scrape /metrics from outside, set METRICS_ADDR=0.0.0.0:9100 and
# publish the port on a chosen address, as docker-compose.yml does on 127.0.0.1.
ENV METRICS_ADDR=127.0.0.1:9100 RUST_LOG=info LOG_FORMAT=json
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD curl -fsS http://127.0.0.1:9100/healthz || exit 1
ENTRYPOINT ["/usr/local/bin/halma-bot"]
