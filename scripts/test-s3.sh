#!/usr/bin/env bash
# Starts a throw-away S3-compatible server for the storage tests and prints its settings: OpenStack Swift (Debian's packages)
# with its S3 API middleware (s3api) and tempauth, one node under /tmp (installs Swift from apt when missing and root).
# Why Swift: it is the object store of OpenStack clouds and of many hosting providers, in production for over a decade, its
# s3api implements multipart upload (ListParts, Abort, ListMultipartUploads included, which @tus/s3-store calls) and ranged
# reads; it is in Debian's archive. MinIO, SeaweedFS and Garage are not installable here; the npm fakes lack multipart listing.
# Usage: eval "$(scripts/test-s3.sh start)"   ...   scripts/test-s3.sh stop
#        run: the same server in the foreground (deploy/swift/Dockerfile); TEST_S3_BIND, TEST_S3_USER, TEST_S3_KEY set the
#        address the S3 API listens on and its one account (account:user and key), e.g. in deploy/compose.yaml.
set -euo pipefail
PORT="${TEST_S3_PORT:-58088}"
BASE="${TEST_S3_DIR:-/tmp/portal-test-s3}"
BASE_PORT=$((PORT + 100))
BIND="${TEST_S3_BIND:-127.0.0.1}"
S3_USER="${TEST_S3_USER:-portal:tester}"
S3_KEY="${TEST_S3_KEY:-testing}"

stop_all() {
  if [ -d "$BASE/run" ]; then
    for pidfile in "$BASE"/run/*.pid; do
      [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null || true
    done
    sleep 0.5
  fi
}

MODE="${1:-start}"
case "$MODE" in
  start|run)
    if ! command -v swift-proxy-server >/dev/null; then
      if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
        echo "Swift não encontrado: instalando pelo apt..." >&2
        DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq swift-proxy swift-object swift-container swift-account >&2
      else
        echo "Swift não encontrado; a suíte de armazenamento roda só no disco." >&2
        exit 0
      fi
    fi
    stop_all
    # start: a throw-away store; run: the objects in $BASE/node are kept (a volume), only the configuration is written anew.
    if [ "$MODE" = run ]; then rm -rf "$BASE/etc" "$BASE/run"; else rm -rf "$BASE"; fi
    mkdir -p "$BASE/etc" "$BASE/node/d1" "$BASE/run" "$BASE/log"
    cd "$BASE/etc"
    cat > swift.conf <<C
[swift-hash]
swift_hash_path_suffix = portal
swift_hash_path_prefix = credenciado
[storage-policy:0]
name = Policy-0
default = yes
C
    i=0
    for n in object container account; do
      p=$((BASE_PORT + i)); i=$((i + 1))
      swift-ring-builder $n.builder create 10 1 1 >/dev/null
      swift-ring-builder $n.builder add "r1z1-127.0.0.1:$p/d1" 1 >/dev/null
      swift-ring-builder $n.builder rebalance >/dev/null || true
      cat > $n-server.conf <<C
[DEFAULT]
devices = $BASE/node
mount_check = false
bind_ip = 127.0.0.1
bind_port = $p
swift_dir = $BASE/etc
user = $(id -un)
workers = 1
[pipeline:main]
pipeline = $n-server
[app:$n-server]
use = egg:swift#$n
C
      [ $n = object ] && printf '[object-replicator]\n[object-updater]\n[object-auditor]\n' >> $n-server.conf
    done
    cat > proxy-server.conf <<C
[DEFAULT]
bind_ip = $BIND
bind_port = $PORT
swift_dir = $BASE/etc
user = $(id -un)
workers = 1
[pipeline:main]
pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats s3api tempauth copy slo dlo proxy-logging proxy-server
[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true
[filter:s3api]
use = egg:swift#s3api
location = us-east-1
[filter:tempauth]
use = egg:swift#tempauth
user_${S3_USER%%:*}_${S3_USER#*:} = $S3_KEY .admin
[filter:healthcheck]
use = egg:swift#healthcheck
[filter:cache]
use = egg:swift#memcache
[filter:catch_errors]
use = egg:swift#catch_errors
[filter:gatekeeper]
use = egg:swift#gatekeeper
[filter:proxy-logging]
use = egg:swift#proxy_logging
[filter:listing_formats]
use = egg:swift#listing_formats
[filter:copy]
use = egg:swift#copy
[filter:slo]
use = egg:swift#slo
[filter:dlo]
use = egg:swift#dlo
C
    for n in object container account proxy; do
      nohup swift-$n-server "$BASE/etc/$n-server.conf" > "$BASE/log/$n.log" 2>&1 < /dev/null &
      echo $! > "$BASE/run/$n.pid"
    done
    for _ in $(seq 1 60); do
      if curl -s -m 2 "http://127.0.0.1:$PORT/healthcheck" 2>/dev/null | grep -q OK; then break; fi
      sleep 0.5
    done
    curl -s -m 2 "http://127.0.0.1:$PORT/healthcheck" | grep -q OK || { echo "O Swift não respondeu; veja $BASE/log" >&2; exit 1; }
    if [ "$MODE" = run ]; then
      echo "Swift (S3 API) em http://$BIND:$PORT, conta $S3_USER" >&2
      trap stop_all TERM INT
      wait
      exit 0
    fi
    echo "export TEST_S3_ENDPOINT=http://127.0.0.1:$PORT"
    echo "export TEST_S3_ACCESS_KEY_ID=$S3_USER"
    echo "export TEST_S3_SECRET_ACCESS_KEY=$S3_KEY"
    ;;
  stop)
    stop_all
    ;;
esac
