#!/usr/bin/env bash
# A private PostgreSQL cluster for one test run, as `make test` uses it:
#   Scripts/postgres-cluster.sh start DIR   initdb in DIR, the server on a unix socket in DIR (no
#                                           TCP), and prints the URL the conformance suite reads
#                                           from TERMFIT_TEST_POSTGRES_URL
#   Scripts/postgres-cluster.sh start DIR TLSDIR PORT
#                                           the same, and TLS on loopback TCP too (127.0.0.1 and
#                                           127.0.0.2, port PORT; the socket's name has that port):
#                                           TLSDIR holds server.crt and server.key; over TCP only
#                                           TLS is let in (hostssl), as the role termfit
#   Scripts/postgres-cluster.sh pause DIR   stops the server, keeping its data (a server that is away)
#   Scripts/postgres-cluster.sh resume DIR  starts it again
#   Scripts/postgres-cluster.sh stop DIR    stops that server and removes DIR
# PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` account (which
# Debian's postgresql package makes). The role `termfit` may connect without a password, over the
# socket only; members of the role `termfit_boxes` need their password (scram), for the tests of
# password files.
set -euo pipefail

bin=""
for candidate in "$(dirname "$(command -v initdb 2>/dev/null || echo /nonexistent/x)")" \
	$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
	if [ -x "$candidate/initdb" ] && [ -x "$candidate/pg_ctl" ]; then bin="$candidate"; break; fi
done
if [ -z "$bin" ]; then
	echo "postgres-cluster: no initdb and pg_ctl (install Debian's postgresql)" >&2
	exit 2
fi

as_owner() {
	# From /, which the owner can enter: the run's own directory may be closed to it.
	if [ "$(id -u)" = 0 ]; then (cd / && runuser -u postgres -- "$@"); else "$@"; fi
}

# The server on a socket in $dir, no TCP. The socket is made by the cluster's owner; the run's
# processes (root) reach it as any file.
start_server() {
	local listen="" port=5432
	if [ -f "$dir/tcp" ]; then read -r listen port <"$dir/tcp"; fi
	as_owner "$bin/pg_ctl" --pgdata="$dir/data" --log="$dir/server.log" --wait --silent \
		-o "-c listen_addresses='$listen' -p $port -c unix_socket_directories='$dir' -c unix_socket_permissions=0777 \
			-c fsync=off -c max_connections=200" start ||
		{ cat "$dir/server.log" >&2; exit 1; }
}

command="${1:-}"
dir="${2:-}"
[ -n "$dir" ] || { echo "usage: $0 start|pause|resume|stop DIR" >&2; exit 2; }
case "$command" in start) ;; *) dir="$(cd "$dir" 2>/dev/null && pwd || echo "$dir")" ;; esac

case "$command" in
start)
	mkdir -p "$dir"
	dir="$(cd "$dir" && pwd)"
	if [ "$(id -u)" = 0 ]; then chown postgres: "$dir"; chmod 0755 "$dir"; fi
	as_owner "$bin/initdb" --pgdata="$dir/data" --username=termfit --auth-local=trust --auth-host=reject \
		--encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
		{ cat "$dir/initdb.log" >&2; exit 1; }
	cat >"$dir/data/pg_hba.conf" <<HBA
local all +termfit_boxes scram-sha-256
local all all trust
HBA
	tls="${3:-}"
	if [ -n "$tls" ]; then
		port="${4:?usage: $0 start DIR TLSDIR PORT}"
		install -m 0644 "$tls/server.crt" "$dir/data/server.crt"
		install -m 0600 "$tls/server.key" "$dir/data/server.key"
		if [ "$(id -u)" = 0 ]; then chown postgres: "$dir/data/server.crt" "$dir/data/server.key"; fi
		printf 'ssl = on\n' >>"$dir/data/postgresql.conf"
		printf 'hostssl all termfit 127.0.0.1/32 trust\nhostssl all termfit 127.0.0.2/32 trust\n' \
			>>"$dir/data/pg_hba.conf"
		echo "127.0.0.1,127.0.0.2 $port" >"$dir/tcp"
		start_server
		echo "postgresql://termfit@/postgres?host=$dir&port=$port"
	else
		start_server
		echo "postgresql://termfit@/postgres?host=$dir"
	fi
	;;
pause)
	as_owner "$bin/pg_ctl" --pgdata="$dir/data" --wait --silent --mode=fast stop
	;;
resume)
	start_server
	;;
stop)
	if [ -d "$dir/data" ]; then
		as_owner "$bin/pg_ctl" --pgdata="$dir/data" --wait --silent --mode=immediate stop || true
	fi
	rm -rf "$dir"
	;;
*)
	echo "usage: $0 start|pause|resume|stop DIR" >&2
	exit 2
	;;
esac
