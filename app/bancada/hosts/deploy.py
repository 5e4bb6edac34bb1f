"""Deploying worker artifacts to an SSH host by SFTP, once per content hash.

An artifact goes to ``<workdir>/artifacts/<sha256>/<file name>``: uploaded to
a ``.part`` file, its hash checked on the host, then renamed into place. An
artifact already there with the right hash is reused.
"""

from __future__ import annotations

from bancada.core.i18n import translate

import hashlib
import os
import posixpath
from pathlib import Path

import paramiko

from bancada.hosts.knownhosts import HostError
from bancada.hosts.ssh_exec import active_transport, q, run_script

_hash_cache: dict[tuple[str, int, int], str] = {}

REMOTE_SHA = (
    '(sha256sum -- "$F" 2>/dev/null || shasum -a 256 "$F" 2>/dev/null '
    '|| openssl dgst -sha256 -r "$F" 2>/dev/null) | cut -c1-64'
)


def sha256_file(path: Path) -> str:
    """Hex SHA-256 of a local file (cached by path, size and mtime)."""
    st = path.stat()
    key = (str(path), st.st_size, st.st_mtime_ns)
    if key not in _hash_cache:
        h = hashlib.sha256()
        with open(path, "rb") as f:
            for chunk in iter(lambda: f.read(1 << 20), b""):
                h.update(chunk)
        _hash_cache[key] = h.hexdigest()
    return _hash_cache[key]


def remote_sha256(client: paramiko.SSHClient, remote: str, host: str) -> str:
    code, out, _ = run_script(client, f'F={q(remote)}\n[ -f "$F" ] || exit 1\n{REMOTE_SHA}', 120, host)
    return out.strip() if code == 0 else ""


def _upload_by_cat(client: paramiko.SSHClient, local: Path, part: str, host: str) -> None:
    chan = active_transport(client, host).open_session(timeout=30)
    chan.settimeout(120)
    chan.exec_command("sh -c " + q(f"cat > {q(part)} && chmod 755 -- {q(part)}"))
    with open(local, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 16), b""):
            chan.sendall(chunk)
    chan.shutdown_write()
    if chan.recv_exit_status() != 0:
        raise OSError(translate("Hosts", "cat into {part} failed").format(part=part))
    chan.close()


def deploy(client: paramiko.SSHClient, local: Path, workdir: str, host: str) -> tuple[str, bool]:
    """Make ``local`` available on the host; return (remote path, uploaded?).

    Raises:
        HostError: upload failed or the uploaded file's hash does not match.
    """
    digest = sha256_file(local)
    folder = posixpath.join(workdir, "artifacts", digest)
    remote = posixpath.join(folder, local.name)
    if remote_sha256(client, remote, host) == digest:
        return remote, False
    part = remote + f".part{os.getpid()}"
    code, _, err = run_script(client, f"mkdir -p -- {q(folder)}", 30, host)
    if code != 0:
        raise HostError(
            translate("Hosts", "{host}: cannot create {folder}: {v}").format(host=host, folder=folder, v=err.strip())
        )
    try:
        try:
            sftp = client.open_sftp()
        except paramiko.SSHException:  # no SFTP subsystem on the host: stream through `cat`
            _upload_by_cat(client, local, part, host)
        else:
            with sftp:
                sftp.put(str(local), part)
                sftp.chmod(part, 0o755)
    except (OSError, paramiko.SSHException) as exc:
        raise HostError(
            translate("Hosts", "{host}: upload of {name} to {folder} failed: {exc}").format(
                host=host, name=local.name, folder=folder, exc=exc
            )
        ) from None
    got = remote_sha256(client, part, host)
    if got != digest:
        run_script(client, f"rm -f -- {q(part)}", 30, host)
        raise HostError(
            translate("Hosts", "{host}: {name} arrived corrupted (sha256 {v}, expected {digest})").format(
                host=host, name=local.name, v=got or "unreadable", digest=digest
            )
        )
    code, _, err = run_script(client, f"mv -f -- {q(part)} {q(remote)}", 30, host)
    if code != 0:
        raise HostError(
            translate("Hosts", "{host}: cannot move {part} into place: {v}").format(host=host, part=part, v=err.strip())
        )
    return remote, True
