#!/usr/bin/env bash
# Starts a throw-away PostgreSQL on 127.0.0.1 for the server suite and prints its admin URL (installs the server from apt when missing and root).
# Usage: eval "$(scripts/test-postgres.sh start)"   ...   scripts/test-postgres.sh stop
#        down / up / restart: take a running instance away and back, keeping its data (restart tests).
set -euo pipefail
PGPORT="${TEST_PG_PORT:-55432}"
PGDATA="${TEST_PG_DATA:-/tmp/portal-test-pg}"

find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

run_as_pg() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-start}" in
  start)
    BIN="$(find_bin)"
    if [ -z "$BIN" ]; then
      if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
        echo "PostgreSQL não encontrado: instalando pelo apt..." >&2
        DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
        BIN="$(find_bin)"
      else
        echo "PostgreSQL não encontrado; a suíte do servidor roda só no PGlite." >&2
        exit 0
      fi
    fi
    if [ "$(id -u)" = "0" ] && ! id postgres >/dev/null 2>&1; then useradd --system --home /var/lib/postgresql postgres; fi
    if [ -f "$PGDATA/postmaster.pid" ]; then run_as_pg "$BIN/pg_ctl" -D "$PGDATA" stop -m fast >&2 || true; fi
    rm -rf "$PGDATA"; mkdir -p "$PGDATA"
    [ "$(id -u)" = "0" ] && chown postgres "$PGDATA"
    run_as_pg "$BIN/initdb" -D "$PGDATA" -U postgres --auth=trust -E UTF8 >/dev/null
    run_as_pg "$BIN/pg_ctl" -D "$PGDATA" -w -l "$PGDATA/server.log" \
      -o "-p $PGPORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off" start >&2
    echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$PGPORT/postgres"
    ;;
  down)
    # Stops the server but keeps its data: the restart tests take the database away under a running portal.
    BIN="$(find_bin)"
    run_as_pg "$BIN/pg_ctl" -D "$PGDATA" -w stop -m fast >&2
    ;;
  up)
    BIN="$(find_bin)"
    run_as_pg "$BIN/pg_ctl" -D "$PGDATA" -w -l "$PGDATA/server.log" \
      -o "-p $PGPORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off" start >&2
    ;;
  restart)
    BIN="$(find_bin)"
    # -l: the new postmaster must not inherit the caller's stdout/stderr (a caller reading them would wait for ever).
    run_as_pg "$BIN/pg_ctl" -D "$PGDATA" -w -l "$PGDATA/server.log" restart -m fast >&2
    ;;
  stop)
    BIN="$(find_bin)"
    [ -n "$BIN" ] && [ -f "$PGDATA/postmaster.pid" ] && run_as_pg "$BIN/pg_ctl" -D "$PGDATA" stop -m fast >&2 || true
    ;;
esac
