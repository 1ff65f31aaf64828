#!/usr/bin/env bash
# The stand-in postgres image's entrypoint: the official image's contract on Debian's PostgreSQL.
# A first start initialises PGDATA with POSTGRES_USER (default postgres) and POSTGRES_PASSWORD,
# password authentication from other hosts, and POSTGRES_DB; then postgres runs as PID 1's successor.
set -euo pipefail
bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
user="${POSTGRES_USER:-postgres}"
db="${POSTGRES_DB:-$user}"
if [ "${1:0:1}" = '-' ]; then set -- postgres "$@"; fi
if [ "$1" = postgres ]; then
  shift
  if [ "$(id -u)" = 0 ]; then
    mkdir -p "$PGDATA" && chown -R postgres:postgres "$PGDATA" && chmod 700 "$PGDATA"
    exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" postgres "$@"
  fi
  if [ ! -s "$PGDATA/PG_VERSION" ]; then
    [ -n "${POSTGRES_PASSWORD:-}" ] || { echo "POSTGRES_PASSWORD is not set" >&2; exit 1; }
    pwfile="$(mktemp)"
    printf '%s' "$POSTGRES_PASSWORD" >"$pwfile"
    "$bin/initdb" -D "$PGDATA" --username="$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 >/dev/null
    rm -f "$pwfile"
    echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
    "$bin/pg_ctl" -D "$PGDATA" -o "-c listen_addresses='' $*" -w start >/dev/null
    if [ "$db" != postgres ]; then "$bin/psql" -v ON_ERROR_STOP=1 --username="$user" -d postgres -c "CREATE DATABASE \"$db\"" >/dev/null; fi
    "$bin/pg_ctl" -D "$PGDATA" -m fast -w stop >/dev/null
  fi
  exec "$bin/postgres" -D "$PGDATA" -c listen_addresses='*' "$@"
fi
exec "$@"
