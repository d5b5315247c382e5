#!/usr/bin/env bash
# Throwaway PostgreSQL and Redis for the test suite, on loopback, on free ports, in a temporary
# directory that is removed afterwards.
#   scripts/test-services.sh start DIR   writes DIR/env (export lines) and starts both servers
#   scripts/test-services.sh stop DIR    stops them and removes DIR
set -euo pipefail

action=${1:?start or stop}
dir=${2:?a directory}

pg_bin() {
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  [ -n "$found" ] && echo "$found"
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# PostgreSQL refuses to run as root; run it as the postgres system user when we are root.
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start() {
  local bin pg_port redis_port
  bin=$(pg_bin) || { echo "PostgreSQL server binaries not found (Debian package: postgresql)" >&2; exit 1; }
  command -v redis-server >/dev/null || { echo "redis-server not found (Debian package: redis-server)" >&2; exit 1; }
  mkdir -p "$dir"
  chmod 755 "$dir"
  [ "$(id -u)" = 0 ] && chown postgres "$dir"
  pg_port=$(free_port)
  redis_port=$(free_port)

  as_pg "$bin/initdb" -D "$dir/pg" -U mcr --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }
  # Durability settings off: the data is thrown away, and tests run faster without fsync.
  as_pg "$bin/pg_ctl" -D "$dir/pg" -l "$dir/pg.log" -w -t 60 start \
    -o "-p $pg_port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    >/dev/null || { cat "$dir/pg.log" >&2; exit 1; }
  "$bin/createdb" -h 127.0.0.1 -p "$pg_port" -U mcr mcr

  redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes \
    --dir "$dir" --pidfile "$dir/redis.pid" --logfile "$dir/redis.log"
  for _ in $(seq 50); do
    redis-cli -p "$redis_port" ping >/dev/null 2>&1 && break
    sleep 0.1
  done
  redis-cli -p "$redis_port" ping >/dev/null || { cat "$dir/redis.log" >&2; exit 1; }

  cat >"$dir/env" <<ENV
export DATABASE_URL=postgres://mcr@127.0.0.1:$pg_port/mcr
export REDIS_URL=redis://127.0.0.1:$redis_port/1
export CELERY_BROKER_URL=redis://127.0.0.1:$redis_port/0
export MCR_TEST_PG_PORT=$pg_port
export MCR_TEST_REDIS_PORT=$redis_port
ENV
  echo "PostgreSQL on 127.0.0.1:$pg_port, Redis on 127.0.0.1:$redis_port (in $dir)"
}

stop() {
  local bin
  [ -d "$dir" ] || return 0
  bin=$(pg_bin || true)
  if [ -n "$bin" ] && [ -f "$dir/pg/postmaster.pid" ]; then
    as_pg "$bin/pg_ctl" -D "$dir/pg" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  if [ -f "$dir/redis.pid" ]; then
    kill "$(cat "$dir/redis.pid")" 2>/dev/null || true
  fi
  rm -rf "$dir"
}

"$action"
