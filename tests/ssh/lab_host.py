"""A lab host on this computer: another machine as far as Bancada can tell.

:class:`LabHost` makes a network namespace joined to this one by a veth pair (a private /24,
``10.233.X.0/24``: this computer is ``.1``, the lab host ``.2``; no default route, so nothing
in it reaches a package registry or any other address), and starts in it, inside private mount
and UTS namespaces (``unshare --mount --uts``: its own host name, ``bancada-lab-<flavour>``), an
sshd of its own on ``10.233.X.2:22``. The kernel and the CPUs stay this computer's. In that mount
namespace a lab machine's gaps are real: root's home and ``/tmp`` are empty tmpfs, Go is
hidden, and in the ``bare`` flavour also Java (``/usr/lib/jvm``), Node.js (``/usr/bin/node``,
``/usr/lib/node_modules``) and python3-venv (the ``ensurepip`` module and the wheels it
installs, ``/usr/share/python-wheels``) and seed 003's servers: PHP, Slim, PHP-FPM and Apache
httpd, Ruby, Sinatra and Thin, Flask and gevent, both as files and in dpkg's status (a copy
without their entries is mounted over ``/var/lib/dpkg/status``, so ``dpkg-query`` there says
they are not installed). The ``equipped`` flavour keeps Java 17, Node.js, python3-venv and seed
003's packages, as a typical lab machine whose admin installed them has them (they are this
computer's, which scripts/setup.sh installed), and still has no route to the internet.

:meth:`LabHost.stop` ends every process of the namespace (sshd, its sessions, detached
workers), deletes the veth pair and the namespace; the mount namespace ends with its last
process. :meth:`LabHost.leftovers` lists anything of it still on this computer.

Needs root, ``ip`` (iproute2), ``unshare`` (util-linux) and OpenSSH's ``sshd``; :func:`why_not`
says which is missing. ``sudo env PYTHONPATH=app .venv/bin/python -m tests.ssh.lab_host bare``
starts one by hand (docs/hosts.md).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
import time
import uuid
from pathlib import Path

from tests.ssh.sshd import SSHD, Sshd, keygen

NET_PREFIX = "10.233"
FLAVOURS = ("bare", "equipped")

# What a lab machine lacks, hidden by an empty tmpfs over the folder (or an empty, non-executable
# file over a program). Java's /usr/bin/java and npm's /usr/bin/npm are symbolic links into these
# folders: hidden folders leave them dangling, as on a machine without the package.
HIDDEN_ALWAYS = ("/usr/local/go",)
HIDDEN_BARE = (
    "/usr/lib/jvm",
    "/usr/lib/node_modules",
    "/usr/share/python-wheels",
    *sorted(str(p) for p in Path("/usr/lib").glob("python3.*/ensurepip")),
)
HIDDEN_FILES_BARE = ("/usr/bin/node", "/usr/bin/nodejs")
# Seed 003's servers (workers/{php,sinatra,flask}/worker.toml's debian_packages): their files, and
# their entries in dpkg's status.
HIDDEN_SEED_003 = (
    "/usr/share/php",
    "/usr/lib/apache2",
    "/usr/lib/python3/dist-packages/flask",
    "/usr/lib/python3/dist-packages/gevent",
    *sorted(str(p) for p in Path("/usr/share/rubygems-integration/all/gems").glob("sinatra-*")),
)
HIDDEN_FILES_SEED_003 = (
    "/usr/bin/php8.2",
    "/usr/sbin/php-fpm8.2",
    "/usr/sbin/apache2",
    "/usr/bin/ruby3.1",
    "/usr/bin/thin",
)
PACKAGES_SEED_003 = (
    *("php-cli", "php-fpm", "php-gmp", "php-slim", "apache2"),
    *("ruby", "ruby-sinatra", "thin"),
    *("python3-flask", "python3-gevent"),
)
DPKG_STATUS = "/var/lib/dpkg/status"


def status_without(status: str, packages: tuple[str, ...]) -> str:
    """dpkg's status file (stanzas separated by blank lines) without the stanzas of ``packages``."""
    stanzas = status.strip("\n").split("\n\n")
    kept = [s for s in stanzas if not any(line == f"Package: {p}" for p in packages for line in s.splitlines()[:1])]
    return "\n\n".join(kept) + "\n"


# Runs as root inside the namespaces, then becomes sshd. sshd's own folder lives under /tmp:
# it is set aside on /mnt before /tmp is emptied and moved back to the same path after.
LAB_SCRIPT = r"""
set -e
hostname "$LAB_NAME"
hide_dir() { if [ -d "$1" ]; then mount -t tmpfs -o mode=755,size=1m bancada-lab "$1"; fi; }
hide_file() { if [ -f "$1" ]; then mount --bind "$EMPTY" "$1"; fi; }
mount --bind "$FOLDER" /mnt
mount -t tmpfs -o mode=1777 bancada-lab /tmp
mkdir -p "$FOLDER"
mount --move /mnt "$FOLDER"
mount -t tmpfs -o mode=700 bancada-lab /root
for d in $HIDE_DIRS; do hide_dir "$d"; done
for f in $HIDE_FILES; do hide_file "$f"; done
if [ -n "$DPKG_STATUS_COPY" ]; then mount --bind "$DPKG_STATUS_COPY" /var/lib/dpkg/status; fi
exec "$@"
"""


class LabUnavailable(RuntimeError):
    """This computer cannot make network namespaces (a container without CAP_SYS_ADMIN, ...)."""


def why_not() -> str:
    """Why a lab host cannot be made here ('' when it can)."""
    if os.geteuid() != 0:
        return "a lab host needs root (ip netns add, mount); CI runs as root"
    for program in ("ip", "unshare", "ssh-keygen"):
        if not shutil.which(program):
            return f"{program} is not installed (iproute2, util-linux, openssh-client)"
    if not Path(SSHD).exists():
        return f"OpenSSH server ({SSHD}) is not installed"
    return ""


def _ip(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["ip", *args], check=check, capture_output=True, text=True)


def _net_ns_of(pid: int) -> str:
    try:
        return os.readlink(f"/proc/{pid}/ns/net")
    except OSError:
        return ""


def _pids_in(ns_link: str) -> list[int]:
    """Pids of the processes whose network namespace is ``ns_link`` (``net:[inode]``)."""
    return [int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit() and _net_ns_of(int(p.name)) == ns_link]


class LabHost:
    """A lab machine behind its own network link (see the module's docstring).

    Attributes:
        flavour: ``bare`` or ``equipped``.
        address: the lab host's address (``10.233.X.2``), where its sshd listens on port 22.
        netns: the network namespace's name; ``outer``: the veth end on this computer.
        sshd: the :class:`tests.ssh.sshd.Sshd` (its ``host_key``, ``log``).

    Raises:
        RuntimeError: the namespace, link or sshd cannot be made (what was made is removed).
    """

    def __init__(self, folder: Path, user_pub: Path, flavour: str = "bare") -> None:
        if flavour not in FLAVOURS:
            raise ValueError(f"unknown lab host flavour {flavour!r}; expected one of {', '.join(FLAVOURS)}")
        self.flavour = flavour
        tag = uuid.uuid4().hex[:6]
        self.netns, self.outer, inner = f"bancada-lab-{tag}", f"bcl{tag}a", f"bcl{tag}b"
        self.inner = inner
        net = f"{NET_PREFIX}.{int(tag, 16) % 250 + 1}"
        self.address, self.gateway = f"{net}.2", f"{net}.1"
        self.folder = folder.resolve()
        self.folder.mkdir(parents=True, exist_ok=True)
        self._ns_link = ""
        self._mnt_link = ""
        self.sshd: Sshd | None = None
        try:
            _ip("netns", "add", self.netns)
        except subprocess.CalledProcessError as exc:
            raise LabUnavailable(f"cannot create a network namespace here: {exc.stderr.strip()}") from None
        try:
            self._ns_link = f"net:[{os.stat(f'/run/netns/{self.netns}').st_ino}]"
            _ip("link", "add", self.outer, "type", "veth", "peer", "name", inner)
            _ip("link", "set", inner, "netns", self.netns)
            _ip("addr", "add", f"{self.gateway}/24", "dev", self.outer)
            _ip("link", "set", self.outer, "up")
            _ip("netns", "exec", self.netns, "ip", "addr", "add", f"{self.address}/24", "dev", inner)
            _ip("netns", "exec", self.netns, "ip", "link", "set", inner, "up")
            _ip("netns", "exec", self.netns, "ip", "link", "set", "lo", "up")
            self.sshd = Sshd(
                self.folder / "sshd",
                user_pub,
                address=self.address,
                port=22,
                host_key=keygen(self.folder / "ssh_host_ed25519_key"),
                launch=self._launch,
            )
            self._mnt_link = os.readlink(f"/proc/{self.sshd.proc.pid}/ns/mnt")
        except (subprocess.CalledProcessError, RuntimeError, OSError) as exc:
            detail = exc.stderr.strip() if isinstance(exc, subprocess.CalledProcessError) else str(exc)
            self.stop()
            raise RuntimeError(f"cannot make the {flavour} lab host: {detail}") from None

    def _launch(self, sshd_argv: list[str]) -> tuple[list[str], dict[str, str]]:
        """The command starting ``sshd_argv`` inside the lab's namespaces, and its environment."""
        empty = self.folder / "empty"
        empty.write_bytes(b"")
        empty.chmod(0o644)
        bare = self.flavour == "bare"
        hide_dirs = HIDDEN_ALWAYS + (HIDDEN_BARE + HIDDEN_SEED_003 if bare else ())
        hide_files = HIDDEN_FILES_BARE + HIDDEN_FILES_SEED_003 if bare else ()
        status_copy = ""
        if bare and Path(DPKG_STATUS).exists():
            copy = self.folder / "dpkg-status"
            copy.write_text(status_without(Path(DPKG_STATUS).read_text(), PACKAGES_SEED_003))
            copy.chmod(0o644)
            status_copy = str(copy)
        env = {
            "PATH": "/usr/sbin:/usr/bin:/sbin:/bin",
            "FOLDER": str(self.folder),
            "EMPTY": str(empty),
            "HIDE_DIRS": " ".join(hide_dirs),
            "HIDE_FILES": " ".join(f for f in hide_files if Path(f).exists()),
            "DPKG_STATUS_COPY": status_copy,
            "LAB_NAME": f"bancada-lab-{self.flavour}",
        }
        argv = ["ip", "netns", "exec", self.netns, "unshare", "--mount", "--uts", "--propagation", "private"]
        return [*argv, "sh", "-c", LAB_SCRIPT, "lab-host", *sshd_argv], env

    @property
    def port(self) -> int:
        return 22

    def run_inside(self, command: str, timeout_s: float = 30.0) -> subprocess.CompletedProcess[str]:
        """Run ``sh -c command`` as root inside the lab's network and mount namespaces (as its admin would)."""
        assert self.sshd is not None
        argv = ["nsenter", "-t", str(self.sshd.proc.pid), "--net", "--mount", "sh", "-c", command]
        return subprocess.run(argv, capture_output=True, text=True, timeout=timeout_s)

    def cut_link(self) -> None:
        """A network partition: the lab's end of the veth pair set down inside its namespace. This
        computer's end loses its carrier and drops every packet to the lab host silently (no reset, no
        "unreachable"): open TCP connections see nothing, new ones time out."""
        _ip("-n", self.netns, "link", "set", self.inner, "down")

    def restore_link(self) -> None:
        """End the partition of :meth:`cut_link` (the address and route come back with the link)."""
        _ip("-n", self.netns, "link", "set", self.inner, "up")

    def worker_processes(self) -> list[tuple[int, str]]:
        """(pid, command line) of the live processes in the lab that run a deployed artifact or bundle."""
        found = []
        for pid in _pids_in(self._ns_link):
            try:
                cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
                state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
            except OSError:
                continue
            if ("/artifacts/" in cmd or "/bundles/" in cmd) and state != "Z":
                found.append((pid, cmd.strip()))
        return found

    def stop(self) -> None:
        """End every process of the lab, delete its link and namespace (safe to call twice)."""
        if self.sshd is not None:
            self.sshd.stop()
        if self._ns_link:
            deadline = time.monotonic() + 10
            while (pids := _pids_in(self._ns_link)) and time.monotonic() < deadline:
                for pid in pids:
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
                time.sleep(0.05)
        _ip("link", "del", self.outer, check=False)
        _ip("netns", "del", self.netns, check=False)

    def leftovers(self) -> list[str]:
        """What of this lab host is still on this computer, one line each ([] after :meth:`stop`)."""
        found = []
        if self.netns in _ip("netns", "list", check=False).stdout.split():
            found.append(f"network namespace {self.netns}")
        if Path("/sys/class/net", self.outer).exists():
            found.append(f"veth {self.outer}")
        for link, what in ((self._ns_link, "network"), (self._mnt_link, "mount")):
            if not link:
                continue
            kind = "net" if what == "network" else "mnt"
            for p in Path("/proc").iterdir():
                try:
                    if p.name.isdigit() and os.readlink(p / "ns" / kind) == link:
                        found.append(f"process {p.name} in the lab's {what} namespace")
                except OSError:
                    continue
        mounts = Path("/proc/self/mountinfo").read_text()
        if self.netns in mounts or f" {self.folder}" in mounts:
            found.append("a mount of the lab host on this computer")
        return found

    def __enter__(self) -> LabHost:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def main(argv: list[str] | None = None) -> int:
    """Start a lab host by hand, print how to reach it, stop it on Ctrl-C (docs/hosts.md)."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m tests.ssh.lab_host", description=__doc__.split("\n\n")[0])
    parser.add_argument("flavour", choices=FLAVOURS)
    args = parser.parse_args(argv)
    reason = why_not()
    if reason:
        parser.error(reason)
    folder = Path(tempfile.mkdtemp(prefix="bancada-lab-"))
    key = keygen(folder / "user_key")
    with LabHost(folder / "lab", key.with_suffix(".pub"), args.flavour) as lab:
        print(f"{args.flavour} lab host at {lab.address} (sshd on port 22), key {key}")
        print(f"  bancada hosts add lab --address {lab.address} --user root --key {key}")
        print("Ctrl-C stops it and removes its namespace, link and processes.")
        try:
            signal.pause()
        except KeyboardInterrupt:
            pass
    shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
