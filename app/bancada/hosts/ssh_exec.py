"""Running POSIX shell scripts on an SSH host, and the scripts Bancada runs there.

Every remote command is ``sh -c <script>`` where the script is a constant
and every value (paths, run ids, argv) is inserted with ``shlex.quote``.
"""

from __future__ import annotations

from bancada.core.i18n import translate

import shlex
import socket
from typing import TYPE_CHECKING

from bancada.hosts.host_error import HostError as HostError  # re-exported: callers import it from here

if TYPE_CHECKING:
    import paramiko


class HostDisconnected(HostError):
    """The SSH connection to the host dropped; workers there are left for the next connect's clean-up."""


def active_transport(client: paramiko.SSHClient, host: str) -> paramiko.Transport:
    """The client's SSH transport.

    Raises:
        HostDisconnected: the connection to ``host`` is closed (paramiko has no transport, or it is inactive).
    """
    transport = client.get_transport()
    if transport is None or not transport.is_active():
        raise HostDisconnected(translate("Hosts", "the SSH connection to {host} is closed").format(host=host))
    return transport


def q(value: object) -> str:
    return shlex.quote(str(value))


def run_script(
    client: paramiko.SSHClient, script: str, timeout_s: float = 30.0, host: str = "", stdin: bytes | None = None
) -> tuple[int, str, str]:
    """Run ``script`` with ``sh -c`` on the host (``stdin``, when given, on its standard input, then closed);
    return (exit status, stdout, stderr).

    Raises:
        HostDisconnected: the connection is gone.
        HostError: no answer within ``timeout_s``.
    """
    import paramiko  # here, not at the top: the local host imports this module's quoting (q) without SSH

    transport = active_transport(client, host)
    try:
        chan = transport.open_session(timeout=timeout_s)
        chan.settimeout(timeout_s)
        chan.exec_command("sh -c " + q(script))
        if stdin is not None:
            chan.sendall(stdin)
            chan.shutdown_write()
        out = chan.makefile("rb").read().decode("utf-8", "replace")
        err = chan.makefile_stderr("rb").read().decode("utf-8", "replace")
        code = chan.recv_exit_status()
        chan.close()
        return code, out, err
    except (socket.timeout, TimeoutError):
        raise HostError(
            translate("Hosts", "{host}: a remote command got no answer within {timeout_s:g} s").format(
                host=host, timeout_s=timeout_s
            )
        ) from None
    except (paramiko.SSHException, EOFError, OSError) as exc:
        if not transport.is_active():
            raise HostDisconnected(
                translate("Hosts", "the SSH connection to {host} dropped").format(host=host)
            ) from None
        raise HostError(translate("Hosts", "{host}: remote command failed: {exc}").format(host=host, exc=exc)) from None


# Shell helpers shared by the scripts below. $W is the absolute work directory.
HELPERS = r"""
alive() { [ -r "/proc/$1/status" ] && ! grep -q '^State:[[:space:]]*Z' "/proc/$1/status" 2>/dev/null; }
ours() { tr '\0' ' ' < "/proc/$1/cmdline" 2>/dev/null | grep -qF -e "$W/artifacts/" -e "$W/bundles/"; }
stop_group() {
  pid=$1; tenths=$2
  alive "$pid" && ours "$pid" || { echo "gone $pid"; return 0; }
  kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null
  i=0
  while alive "$pid" && [ "$i" -lt "$tenths" ]; do sleep 0.1; i=$((i+1)); done
  if alive "$pid"; then
    kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null; echo "killed $pid"
  else
    echo "terminated $pid"
  fi
}
sshd_of_me() {
  p=$$
  while [ "${p:-1}" -gt 1 ]; do
    case "$(cat "/proc/$p/comm" 2>/dev/null)" in sshd*) echo "$p"; return;; esac
    p=$(sed -n 's/^PPid:[[:space:]]*//p' "/proc/$p/status" 2>/dev/null)
  done
  echo 0
}
"""

# A private PostgreSQL's folder (bancada.hosts.ssh_postgres): pg_stop D TENTHS asks for a fast shutdown,
# SIGKILLs every process still working in D/data, removes D and prints "LEFT <pids still there>".
PG_HELPERS = r"""
pg_left() {  # one ls for every process (a readlink each would fork hundreds of times)
  ls -l /proc/[0-9]*/cwd 2>/dev/null | awk -v d="$1/data" '{
    i = index($0, " -> "); if (i == 0) next
    t = substr($0, i + 4); if (t != d && t != d " (deleted)") next
    n = split(substr($0, 1, i - 1), f, " "); split(f[n], p, "/"); print p[3] }'
}
pg_stop() {
  case "$1" in */bancada-pg-*) ;; *) echo "LEFT"; return 2;; esac
  pid=$(head -n1 "$1/data/postmaster.pid" 2>/dev/null)
  if [ -n "$pid" ] && kill -INT "$pid" 2>/dev/null; then
    i=0  # until it exits (a zombie counts as gone: its new parent may not reap it at once)
    while [ -r "/proc/$pid/status" ] && ! grep -q '^State:[[:space:]]*Z' "/proc/$pid/status" 2>/dev/null \
      && [ "$i" -lt "$2" ]; do sleep 0.1; i=$((i+1)); done
  fi
  for p in $(pg_left "$1"); do kill -KILL "$p" 2>/dev/null; done
  i=0; while [ -n "$(pg_left "$1")" ] && [ "$i" -lt 50 ]; do sleep 0.1; i=$((i+1)); done
  rm -rf -- "$1"
  echo "LEFT $(pg_left "$1" | tr '\n' ' ')"
}
"""

# Prints: uname -s, the absolute work dir, the SSH_CONNECTION server address.
PREPARE = r"""
set -e
mkdir -p -- "$W" && cd -- "$W" && mkdir -p artifacts run logs
echo "uname=$(uname -s)"
echo "workdir=$(pwd -P)"
set -- $SSH_CONNECTION
echo "server_ip=${3:-}"
"""

# Stops workers whose pidfile names an SSH connection that no longer exists, and the private
# PostgreSQL servers whose ``run/*.pgdir`` file does (their folder and the SSH connection's sshd).
CLEAN_STALE = (
    HELPERS
    + PG_HELPERS
    + r"""
cd -- "$W/run" 2>/dev/null || exit 0
is_sshd() { case "$(cat "/proc/$1/comm" 2>/dev/null)" in sshd*) return 0;; esac; return 1; }
for f in *.pid; do
  [ -f "$f" ] || continue
  read -r pid sshd run impl < "$f" || true
  if [ -n "$sshd" ] && [ "$sshd" != 0 ] && alive "$sshd" && is_sshd "$sshd"; then
    echo "kept $pid $run $impl"; continue
  fi
  [ -n "$pid" ] && echo "stale $run $impl: $(stop_group "$pid" 50)"
  rm -f -- "$f"
done
for f in *.pgdir; do
  [ -f "$f" ] || continue
  read -r dir sshd < "$f" || true
  if [ -n "$sshd" ] && [ "$sshd" != 0 ] && alive "$sshd" && is_sshd "$sshd"; then continue; fi
  [ -n "$dir" ] && echo "stale database $dir: $(pg_stop "$dir" 100)"
  rm -f -- "$f"
done
"""
)

# Starts one worker detached and waits for its READY line.
# Needs: W, LOG, PIDF, RUN, IMPL, TENTHS (ready timeout in 0.1 s); @CMD@ is replaced by the quoted argv
# (with nice/taskset). No eval and no builtin in between: the background child execs setsid directly, so
# $! is the worker's pid and its process group, and no copy of the channel's stdout leaks to the worker.
START = (
    HELPERS
    + r"""
cd -- "$W" || exit 90
: > "$LOG"
setsid @CMD@ < /dev/null >> "$LOG" 2>&1 &
pid=$!
echo "$pid $(sshd_of_me) $RUN $IMPL" > "$PIDF"
echo "PID $pid"
i=0
while [ "$i" -lt "$TENTHS" ]; do
  line=$(grep -m1 '^READY ' "$LOG" 2>/dev/null || true)
  if [ -n "$line" ]; then echo "$line"; exit 0; fi
  if ! alive "$pid"; then echo "EXITED"; exit 3; fi
  sleep 0.1; i=$((i+1))
done
echo "TIMEOUT"; exit 4
"""
)

STOP = (
    HELPERS
    + r"""
stop_group "$PID" "$TENTHS"
rm -f -- "$PIDF"
"""
)

ALIVE = (
    HELPERS
    + r"""
for p in $PIDS; do alive "$p" && echo "$p"; done
true
"""
)


def with_env(script: str, **values: object) -> str:
    """Prefix ``script`` with shell assignments of quoted values."""
    return "".join(f"{k}={q(v)}\n" for k, v in values.items()) + script


#: Prefixed to a script whose environment comes on stdin (``NAME=value`` lines): values that must not
#: appear in the host's process list (a database URL with its password).
EXPORT_STDIN = r"""
while IFS= read -r kv; do case "$kv" in [A-Za-z_]*=*) export "$kv";; esac; done
"""


def env_lines(env: dict[str, str]) -> bytes:
    """``env`` as the ``NAME=value`` lines :data:`EXPORT_STDIN` reads (a value holds no newline).

    Raises:
        ValueError: a name that is not a shell name, or a value with a newline.
    """
    out = []
    for name, value in env.items():
        if not name.replace("_", "a").isalnum() or name[0].isdigit() or "\n" in value:
            raise ValueError(
                translate("Hosts", "cannot pass {name!r} to a remote worker's environment").format(name=name)
            )
        out.append(f"{name}={value}\n")
    return "".join(out).encode()
