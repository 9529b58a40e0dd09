#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on 127.0.0.1 (installing Debian's package when missing) and
# prints its admin URL on the last line. Usage: .ci/postgres.sh DATA_DIR [PORT]
set -euo pipefail
dir=${1:?data directory}
port=${2:-55432}
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq postgresql >&2
fi
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
rm -rf "$dir"
mkdir -p "$dir"
[ "$(id -u)" = 0 ] && chown postgres "$dir"
as_postgres "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --no-instructions >&2
as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir -c max_connections=300 -c fsync=off" start >&2
echo "postgres://postgres@127.0.0.1:$port/postgres"
