#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the store suite (the CTest fixture store_pg):
#   pg_cluster.sh start STATE   initdb + pg_ctl start in a new temp dir, unix socket only (no TCP
#                               port is opened), then writes the socket dir to STATE
#   pg_cluster.sh stop STATE    stops that cluster and removes its dir
#   pg_cluster.sh restart STATE stops that cluster (fast: sessions are cut) and starts it again
# As root the server runs as the postgres user (initdb refuses root). Durability is off
# (fsync, synchronous_commit): the data lives only for the length of the test.
# XQ_PG_BIN overrides where the server binaries are (default: Debian's PostgreSQL 15).
set -euo pipefail
cmd=${1:?usage: pg_cluster.sh start|stop|restart STATE}
state=${2:?usage: pg_cluster.sh start|stop|restart STATE}
bin=${XQ_PG_BIN:-/usr/lib/postgresql/15/bin}

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

stop_cluster() {
  [ -f "$state" ] || return 0
  local dir
  dir=$(cat "$state")
  if [ -d "$dir/data" ]; then
    as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  case "$dir" in /tmp/xqzero-pgtest.*) rm -rf "$dir" ;; esac
  rm -f "$state"
}

case "$cmd" in
  start)
    if [ ! -x "$bin/initdb" ] || [ ! -x "$bin/pg_ctl" ]; then
      echo "error: no PostgreSQL server binaries in $bin: the PostgreSQL store tests cannot run." >&2
      echo "Install postgresql-15 (./test.sh does), or set XQ_PG_BIN." >&2
      exit 1
    fi
    stop_cluster  # a leftover of an interrupted run
    dir=$(mktemp -d /tmp/xqzero-pgtest.XXXXXX)
    if [ "$(id -u)" -eq 0 ]; then chown postgres: "$dir"; fi
    if ! as_owner "$bin/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 --locale=C \
         --no-sync >"$dir/initdb.log" 2>&1; then
      cat "$dir/initdb.log" >&2; rm -rf "$dir"; exit 1
    fi
    opts="-c listen_addresses='' -c unix_socket_directories='$dir' -c fsync=off"
    opts+=" -c synchronous_commit=off -c full_page_writes=off -c max_connections=100"
    if ! as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 -o "$opts" \
         start >/dev/null; then
      cat "$dir/server.log" >&2; rm -rf "$dir"; exit 1
    fi
    echo "$dir" >"$state"
    echo "PostgreSQL test cluster: socket in $dir"
    ;;
  stop) stop_cluster ;;
  restart)
    dir=$(cat "$state")
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -m fast -w -t 60 restart >/dev/null
    ;;
  *) echo "usage: pg_cluster.sh start|stop|restart STATE" >&2; exit 2 ;;
esac
