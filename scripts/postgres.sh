#!/usr/bin/env bash
# A private PostgreSQL cluster for tests, ./run and CI.
#
#   scripts/postgres.sh start DIR   start (creating on first use) the cluster in DIR and print
#                                   DATABASE_URL=postgres://... (also written to DIR/database_url)
#   scripts/postgres.sh stop DIR    stop it
#   scripts/postgres.sh url DIR     print the DATABASE_URL line of a started cluster
#
# The server listens on a Unix socket in DIR/run and on 127.0.0.1 only, with trust
# authentication: it is meant for one machine's tests and development, never for a shared host.
# Environment:
#   POSTGRES_PORT   TCP port (default: the one chosen on first start, else the first free from 54329)
#   POSTGRES_DB     database to create (default: halma)
#   POSTGRES_FSYNC  on|off (default off: tests do not need crash safety and run faster without)
# When the server binaries are missing and we are root, Debian's `postgresql` package is installed.
# As root the cluster belongs to the `postgres` user (PostgreSQL refuses to run as root).
set -euo pipefail

die() { echo "postgres.sh: $*" >&2; exit 1; }

usage() { die "usage: $0 start|stop|url DIR"; }

[ $# -eq 2 ] || usage
cmd=$1
mkdir -p "$2"
dir=$(cd "$2" && pwd)
data=$dir/data
run=$dir/run
log=$dir/postgres.log
db=${POSTGRES_DB:-halma}

find_bindir() {
    local d
    d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
    if [ -n "$d" ] && [ -x "$d/initdb" ]; then echo "$d"; return; fi
    if command -v pg_config >/dev/null 2>&1; then
        d=$(pg_config --bindir)
        if [ -x "$d/initdb" ]; then echo "$d"; return; fi
    fi
    if command -v initdb >/dev/null 2>&1; then dirname "$(command -v initdb)"; return; fi
}

bindir=$(find_bindir)
if [ -z "$bindir" ]; then
    [ "$(id -u)" -eq 0 ] || die "PostgreSQL server binaries not found; install Debian's postgresql package (as root)"
    echo "postgres.sh: installing PostgreSQL with apt-get" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq postgresql >&2
    bindir=$(find_bindir)
    [ -n "$bindir" ] || die "apt-get installed postgresql but no initdb was found"
fi

# Run a server command as the cluster's owner: the postgres user when we are root.
if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --home-dir /var/lib/postgresql --shell /bin/sh postgres
    as_owner() {
        if command -v runuser >/dev/null 2>&1; then
            runuser -u postgres -- "$@"
        else
            su postgres -s /bin/sh -c '"$0" "$@"' -- "$@"
        fi
    }
else
    as_owner() { "$@"; }
fi

running() { [ -f "$data/PG_VERSION" ] && as_owner "$bindir/pg_ctl" -D "$data" status >/dev/null 2>&1; }

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# The port to start on: POSTGRES_PORT, else the one this cluster had, else the first free one
# from $1 (54329 by default).
pick_port() {
    if [ -n "${POSTGRES_PORT:-}" ]; then echo "$POSTGRES_PORT"; return; fi
    if [ -f "$dir/port" ]; then cat "$dir/port"; return; fi
    local p
    for p in $(seq "${1:-54329}" 54429); do
        if ! port_in_use "$p"; then echo "$p"; return; fi
    done
    die "no free TCP port in 54329-54429"
}

print_url() {
    local url="postgres://postgres@127.0.0.1:$(cat "$dir/port")/$db"
    echo "DATABASE_URL=$url" >"$dir/database_url"
    echo "DATABASE_URL=$url"
}

start() {
    if [ "$(id -u)" -eq 0 ]; then
        chown postgres "$dir"
        as_owner test -x "$dir" || die "the postgres user cannot reach $dir; choose a directory outside private homes"
    fi
    if [ ! -f "$data/PG_VERSION" ]; then
        echo "postgres.sh: creating a cluster in $data" >&2
        as_owner "$bindir/initdb" -D "$data" -U postgres --auth=trust --encoding=UTF8 --locale=C >"$dir/initdb.log" 2>&1 ||
            { cat "$dir/initdb.log" >&2; die "initdb failed"; }
    fi
    as_owner mkdir -p "$run"
    local port
    if running; then
        [ -f "$dir/port" ] || die "a server runs in $data but $dir/port is missing"
        port=$(cat "$dir/port")
    else
        port=$(pick_port)
        local fsync=${POSTGRES_FSYNC:-off} attempt seen
        for attempt in 1 2 3 4 5; do
            port_in_use "$port" && die "port $port is taken; set POSTGRES_PORT to another"
            seen=$( [ -f "$log" ] && wc -l <"$log" || echo 0)
            if as_owner "$bindir/pg_ctl" -D "$data" -l "$log" -w -t 60 \
                -o "-p $port -k $run -c listen_addresses=127.0.0.1 -c fsync=$fsync -c synchronous_commit=$fsync -c full_page_writes=$fsync -c max_connections=200" \
                start >/dev/null; then
                break
            fi
            # A port nobody listens on can still be held by a client's connection (its
            # ephemeral source port): a port we picked ourselves is then swapped for the next.
            if [ -z "${POSTGRES_PORT:-}" ] && [ ! -f "$dir/port" ] && [ "$attempt" -lt 5 ] &&
                tail -n +"$((seen + 1))" "$log" | grep -q "Address already in use"; then
                echo "postgres.sh: port $port is held by a connection; trying the next" >&2
                port=$(pick_port "$((port + 1))")
                continue
            fi
            tail -n 20 "$log" >&2
            die "the server did not start"
        done
        echo "$port" >"$dir/port"
    fi
    local tries=0
    until "$bindir/pg_isready" -q -h 127.0.0.1 -p "$port"; do
        tries=$((tries + 1))
        [ "$tries" -lt 60 ] || die "the server on port $port is not ready after 30 s"
        sleep 0.5
    done
    local psql=("$bindir/psql" -q -h 127.0.0.1 -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1)
    if [ -z "$("${psql[@]}" -tAc "SELECT 1 FROM pg_database WHERE datname = '$db'")" ]; then
        "${psql[@]}" -c "CREATE DATABASE \"$db\"" >/dev/null
    fi
    print_url
}

stop() {
    if running; then
        as_owner "$bindir/pg_ctl" -D "$data" -m fast -w stop >/dev/null
        echo "postgres.sh: stopped the server in $data" >&2
    else
        echo "postgres.sh: no server runs in $data" >&2
    fi
}

case $cmd in
    start) start ;;
    stop) stop ;;
    url) running || die "no server runs in $data"; print_url ;;
    *) usage ;;
esac
