"""Choosing the Python worker's wheels for another computer's Python (bancada.hosts.wheelhouse)."""

from __future__ import annotations

import pytest

from bancada.hosts.host_error import HostError
from bancada.hosts.wheelhouse import Locked, TargetPython, _best_file, host_lock, parse_lock
from tests.conftest import ROOT

LAB = TargetPython((3, 11), "3.11.2", "x86_64", (2, 36))  # Debian 12's python3 on an x86-64 lab host


def test_the_workers_lock_is_read_whole():
    packages = parse_lock((ROOT / "workers" / "python" / "requirements.lock").read_text())
    names = {p.name for p in packages}
    assert {"grpcio", "uvicorn", "msgspec", "jsonrpcserver", "exceptiongroup"} <= names
    assert all(p.hashes and all(len(h) == 64 for h in p.hashes) for p in packages)
    marked = {p.name: p.marker for p in packages if p.marker}
    assert marked["exceptiongroup"] == "python_full_version < '3.11'"


def test_a_line_it_does_not_understand_is_named():
    with pytest.raises(HostError, match="cannot read the lock file's line 'grpcio>=1.60'"):
        parse_lock("grpcio>=1.60\n")


def test_manylinux_platforms_reach_back_with_their_old_names():
    platforms = LAB.platforms()
    assert platforms[0] == "manylinux_2_36_x86_64" and platforms[-1] == "manylinux1_x86_64"
    assert "manylinux2014_x86_64" in platforms and "manylinux_2_17_x86_64" in platforms
    assert "manylinux_2_37_x86_64" not in platforms  # newer than the host's glibc


def _file(name: str, sha: str) -> dict:
    return {"filename": name, "url": f"https://files.example/{name}", "hashes": {"sha256": sha}}


def test_the_most_specific_locked_wheel_the_host_accepts_is_chosen():
    pkg = Locked("grpcio", "1.85.1", "", frozenset({"a" * 64, "b" * 64, "c" * 64, "d" * 64}))
    files = [
        _file("grpcio-1.85.1.tar.gz", "a" * 64),
        _file("grpcio-1.85.1-cp312-cp312-manylinux_2_17_x86_64.whl", "b" * 64),  # another Python
        _file("grpcio-1.85.1-cp311-cp311-manylinux_2_39_x86_64.whl", "c" * 64),  # glibc newer than the host's
        _file("grpcio-1.85.1-cp311-cp311-manylinux_2_17_x86_64.whl", "d" * 64),
        _file("grpcio-1.85.1-cp311-cp311-manylinux_2_28_x86_64.whl", "e" * 64),  # not in the lock
        _file("grpcio-1.85.1-cp311-cp311-manylinux_2_17_aarch64.whl", "d" * 64),
    ]
    assert _best_file(pkg, files, LAB)["hashes"]["sha256"] == "d" * 64
    arm = TargetPython((3, 11), "3.11.2", "aarch64", (2, 36))
    assert _best_file(pkg, files, arm)["filename"].endswith("aarch64.whl")
    assert _best_file(pkg, files[:3], LAB) is None  # only the sdist and wheels it cannot take


def test_markers_are_judged_for_the_host_not_for_this_computer():
    from packaging.markers import Marker

    old = Marker("python_full_version < '3.11'")
    assert not old.evaluate(LAB.environment())
    assert old.evaluate(TargetPython((3, 10), "3.10.12", "x86_64", (2, 35)).environment())


def test_the_host_lock_pins_each_file_sent(tmp_path):
    wheel = tmp_path / "h11-0.16.0-py3-none-any.whl"
    wheel.write_bytes(b"not really a wheel")
    text = host_lock([(Locked("h11", "0.16.0", "", frozenset()), wheel)])
    import hashlib

    assert f"h11==0.16.0 --hash=sha256:{hashlib.sha256(b'not really a wheel').hexdigest()}\n" in text
