#!/usr/bin/env bash
# Builds, on a machine that cannot reach Docker Hub, local images under the official tags the
# Dockerfile and compose files name (debian:bookworm-slim, node:20-bookworm(-slim), postgres:17-bookworm),
# from Debian's packages and this machine's own Node. They stand in for the real images so that the
# Dockerfile stays exactly what a clan leader builds. Each carries this machine's certificate trust
# store (the npm registry is reached through a proxy whose authority is in it) and Node's headers with
# npm's `nodedir` set to them (native modules cannot download headers here), as the machine's npm does.
# An image already built from the same inputs is kept (the label `stand-in.inputs` names them), and so
# is a real one.
set -euo pipefail

NODE_BIN="$(command -v node)"
NODE_PREFIX="$(cd "$(dirname "$(readlink -f "$NODE_BIN")")/.." && pwd)"
NPM_DIR="$(dirname "$(readlink -f "$(command -v npm)")")/.."
NPM_DIR="$(cd "$NPM_DIR" && pwd)"
NODE_VERSION="$("$NODE_BIN" --version)"
NODE_MAJOR="${NODE_VERSION#v}"
NODE_MAJOR="${NODE_MAJOR%%.*}"
PG_TAG=17-bookworm
INPUTS="node=${NODE_VERSION} debian=bookworm script=$(sha256sum "$0" | cut -c1-12)"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# docker build, quiet unless it fails (the legacy builder also warns that it is deprecated).
build() {
  docker build --network host -t "$1" "$2" >"$WORK/build.log" 2>&1 || { tail -30 "$WORK/build.log"; exit 1; }
}

# True when the tag needs no stand-in: one built from these inputs, or a real image (no label) pulled
# where Docker Hub can be reached.
have() {
  local label
  label="$(docker image inspect --format '{{ index .Config.Labels "stand-in.inputs" }}' "$1" 2>/dev/null)" || return 1
  [ "$label" = "$INPUTS" ] || [ -z "$label" ] || [ "$label" = '<no value>' ]
}

# A Debian minbase root file system, trimmed like the official slim image (no documentation, manuals,
# locales or package lists), with this machine's apt sources so images built on it can apt-get.
if ! have debian:bookworm-slim; then
  echo "stand-in debian:bookworm-slim"
  debootstrap --variant=minbase bookworm "$WORK/rootfs" http://deb.debian.org/debian >"$WORK/debootstrap.log" 2>&1 \
    || { tail -20 "$WORK/debootstrap.log"; exit 1; }
  rm -rf "$WORK/rootfs"/usr/share/{doc,man,info,locale}/* "$WORK/rootfs"/var/cache/apt/* "$WORK/rootfs"/var/lib/apt/lists/*
  rm -f "$WORK/rootfs"/etc/apt/sources.list
  cp /etc/apt/sources.list.d/debian.sources "$WORK/rootfs/etc/apt/sources.list.d/"
  cp /etc/apt/apt.conf.d/99artifact-registry "$WORK/rootfs/etc/apt/apt.conf.d/" 2>/dev/null || true
  tar -C "$WORK/rootfs" -c . | docker import \
    --change "LABEL stand-in.inputs=\"$INPUTS\"" --change 'CMD ["bash"]' - debian:bookworm-slim >/dev/null
  rm -rf "$WORK/rootfs"
fi

# node:<major>-bookworm-slim: Node where the official image has it (/usr/local), its user `node`
# (uid 1000), the trust store and the headers.
if ! have "node:${NODE_MAJOR}-bookworm-slim"; then
  echo "stand-in node:${NODE_MAJOR}-bookworm-slim"
  ctx="$WORK/node"
  mkdir -p "$ctx/usr/local/bin" "$ctx/usr/local/lib/node_modules" "$ctx/usr/local/include" "$ctx/usr/local/etc" "$ctx/etc/ssl"
  cp "$NODE_BIN" "$ctx/usr/local/bin/node"
  cp -a "$NPM_DIR" "$ctx/usr/local/lib/node_modules/npm"
  cp -a "$NODE_PREFIX/include/node" "$ctx/usr/local/include/node"
  cp -aL /etc/ssl/certs "$ctx/etc/ssl/certs"
  printf 'nodedir=/usr/local\ncafile=/etc/ssl/certs/ca-certificates.crt\nfund=false\naudit=false\nupdate-notifier=false\n' \
    >"$ctx/usr/local/etc/npmrc"
  cat >"$ctx/Dockerfile" <<DOCKERFILE
FROM debian:bookworm-slim
COPY usr /usr
COPY etc /etc
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
 && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
ENV NODE_VERSION=${NODE_VERSION#v} NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
LABEL stand-in.inputs="$INPUTS"
CMD ["node"]
DOCKERFILE
  build "node:${NODE_MAJOR}-bookworm-slim" "$ctx"
fi

# node:<major>-bookworm: the slim one plus what the official full image has for building native modules.
if ! have "node:${NODE_MAJOR}-bookworm"; then
  echo "stand-in node:${NODE_MAJOR}-bookworm"
  mkdir -p "$WORK/node-full"
  cat >"$WORK/node-full/Dockerfile" <<DOCKERFILE
FROM node:${NODE_MAJOR}-bookworm-slim
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends python3 make g++ git >/dev/null \\
 && rm -rf /var/lib/apt/lists/*
LABEL stand-in.inputs="$INPUTS"
DOCKERFILE
  build "node:${NODE_MAJOR}-bookworm" "$WORK/node-full"
fi

# postgres:17-bookworm: Debian's PostgreSQL (15 on bookworm: the server's major differs from the tag,
# which nothing here depends on) behind an entrypoint that honours the official image's contract:
# POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB, PGDATA, `postgres` arguments passed through, and the
# server's own tools on PATH (Debian's wrappers would look for the cluster it made at install).
if ! have "postgres:${PG_TAG}"; then
  echo "stand-in postgres:${PG_TAG}"
  mkdir -p "$WORK/postgres"
  cp "$(dirname "$0")/stand-in-postgres-entrypoint.sh" "$WORK/postgres/docker-entrypoint.sh"
  cat >"$WORK/postgres/Dockerfile" <<DOCKERFILE
FROM debian:bookworm-slim
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends postgresql >/dev/null \\
 && rm -rf /var/lib/apt/lists/* \\
 && pg_dropcluster --stop "\$(ls /usr/lib/postgresql)" main \\
 && ln -s /usr/lib/postgresql/*/bin/* /usr/local/bin/ \\
 && mkdir -p /var/lib/postgresql/data /var/run/postgresql && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql
COPY docker-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENV PGDATA=/var/lib/postgresql/data
VOLUME /var/lib/postgresql/data
ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]
STOPSIGNAL SIGINT
EXPOSE 5432
CMD ["postgres"]
LABEL stand-in.inputs="$INPUTS"
DOCKERFILE
  chmod +x "$WORK/postgres/docker-entrypoint.sh"
  build "postgres:${PG_TAG}" "$WORK/postgres"
fi
