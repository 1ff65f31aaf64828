#!/usr/bin/env bash
# CI's Docker engine for the container suite: installs Debian's docker.io (and compose v1 and
# debootstrap when missing), starts the daemon without its default bridge or firewall rules (the
# suite's containers use the host's network; compose makes its own network), builds the stand-in base
# images, then builds the site's image once so the suite's own build finds every layer ready.
# Exits 3, saying why, when the engine cannot start here: the suite is then reported as skipped.
set -uo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive

missing=()
command -v dockerd >/dev/null 2>&1 || missing+=(docker.io)
command -v docker-compose >/dev/null 2>&1 || docker compose version >/dev/null 2>&1 || missing+=(docker-compose)
command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
if [ "${#missing[@]}" -gt 0 ]; then
  { apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null; } \
    || { echo "could not install ${missing[*]}"; exit 1; }
fi

if ! docker info >/dev/null 2>&1; then
  nohup dockerd --bridge=none --iptables=false --ip-masq=false >/var/log/dockerd-ci.log 2>&1 &
  for _ in $(seq 1 60); do docker info >/dev/null 2>&1 && break; sleep 1; done
  if ! docker info >/dev/null 2>&1; then
    echo "the Docker engine could not start here: $(grep -iE 'level=(error|fatal)' /var/log/dockerd-ci.log | tail -1)"
    exit 3
  fi
fi
docker version --format 'Docker engine {{.Server.Version}}'

bash docker-test/stand-in-images.sh || exit 1
docker build --network host --tag clan-site:ci . >/tmp/clan-site-image-build.log 2>&1 \
  || { tail -30 /tmp/clan-site-image-build.log; exit 1; }
echo "built clan-site:ci"
