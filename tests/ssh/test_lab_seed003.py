"""Seed 003's REST workers on lab hosts (tests/ssh/lab_host.py): deployed over SSH, run across
the lab's link, or refused before the run with the ``apt install`` line that fixes the host.

CI runs the reduced set on the bare host (the check's lines, cpp-rest's static binary run there,
a missing server refused before anything starts); ``BANCADA_FULL=1`` adds the equipped host,
where every implementation of ``profiles/rest-7-languages-2015.toml`` runs a short run.
"""

from __future__ import annotations

import csv
import os
from pathlib import Path

import pytest

from bancada.cli.main import main
from bancada.hosts.check import check_report
from bancada.hosts.ssh_host import connect_saved_host
from tests.conftest import ROOT, artifact_missing
from tests.ssh.conftest import lab_fingerprint, save_lab

pytestmark = pytest.mark.ssh

PROFILE = ROOT / "profiles" / "rest-7-languages-2015.toml"
SEED_003 = ("java-gson-rest", "php-rest", "cpp-rest", "restify-rest", "sinatra-rest", "flask-rest", "go-rest")
# a reduced run: 20 requests after a warm-up of 5 (counted, not timed), 4 clients, one repetition
REQUESTS, WARMUP = 20, 5
SHORT = ["--duration", "0", "--requests", str(REQUESTS), "--warmup", str(WARMUP), "--concurrency", "4"]
SHORT += ["--repetitions", "1"]

PHP_LINE = "apt install php-cli php-fpm php-gmp php-slim apache2"
RUBY_LINE = "apt install ruby ruby-sinatra thin"
FLASK_LINE = "apt install python3-flask python3-gevent"


def _need_built(*impl_ids: str) -> None:
    for impl in impl_ids:
        reason = artifact_missing(impl)
        if reason:
            pytest.fail(f"{impl}: {reason} (run make -C workers)")


def _run(host: str, impls: tuple[str, ...], out: Path, capsys) -> tuple[int, list[dict[str, str]], str]:
    argv = ["run", str(PROFILE), "--host", host, "--implementations", ",".join(impls), "--out", str(out)]
    code = main([*argv, "--quiet", *SHORT])
    err = capsys.readouterr().err
    rows = list(csv.DictReader(open(out / "samples.csv"))) if (out / "samples.csv").exists() else []
    return code, rows, err


def _check_rows(rows: list[dict[str, str]], impls: tuple[str, ...], address: str) -> None:
    """Every implementation answered every request (the warm-up's too), each at the lab's address."""
    by_impl: dict[str, list[dict[str, str]]] = {}
    for r in rows:
        by_impl.setdefault(r["implementation"], []).append(r)
    assert sorted(by_impl) == sorted(impls)
    for impl, got in by_impl.items():
        assert len(got) == REQUESTS + WARMUP, (impl, len(got))
        assert all(r["ok"] == "true" for r in got), (impl, [r["error"] for r in got if r["ok"] != "true"][:3])
    runs = sorted((Path(os.environ["BANCADA_DATA_DIR"]) / "runs").glob("*.sqlite"))
    import sqlite3

    con = sqlite3.connect(runs[-1])
    try:
        targets = {t for (t,) in con.execute("SELECT target FROM treatment")}
    finally:
        con.close()
    assert targets and all(t.startswith(address + ":") for t in targets), targets


def _rows_of_check(name: str) -> dict[str, tuple[bool, str]]:
    with connect_saved_host(name) as host:
        return {impl: (ok, why) for impl, ok, why in check_report(host)[1]}


def test_the_check_names_each_seed_003_gap_and_its_apt_line_on_a_bare_lab_host(lab_bare, ssh_keys, capsys):
    """The servers the study took from Debian are missing there (files and dpkg's status): each
    implementation says which packages and the apt line; the static C++ binary needs nothing."""
    save_lab(lab_bare, "bare-003", ssh_keys)
    assert main(["hosts", "check", "bare-003", "--accept-host-key", lab_fingerprint(lab_bare)]) == 0
    out = capsys.readouterr().out
    rows = _rows_of_check("bare-003")
    assert rows["cpp-rest"] == (True, "")
    assert rows["php-rest"] == (
        False,
        f"needs the Debian package(s) php-cli php-fpm php-gmp php-slim apache2 (Debian, Ubuntu: {PHP_LINE})",
    )
    assert rows["sinatra-rest"] == (
        False,
        f"needs the Debian package(s) ruby ruby-sinatra thin (Debian, Ubuntu: {RUBY_LINE})",
    )
    assert rows["flask-rest"] == (
        False,
        f"needs the Debian package(s) python3-flask python3-gevent (Debian, Ubuntu: {FLASK_LINE})",
    )
    assert rows["restify-rest"][0] is False and "apt install nodejs" in rows["restify-rest"][1]
    for impl, line in (("php-rest", PHP_LINE), ("sinatra-rest", RUBY_LINE), ("flask-rest", FLASK_LINE)):
        assert f"  {impl}: {rows[impl][1]}" in out.splitlines(), (impl, out)
        assert line in rows[impl][1]
    assert not [impl for impl in SEED_003 if "not deployed to SSH hosts" in rows[impl][1]]


def test_cpp_rest_runs_on_a_bare_lab_host_and_a_missing_server_is_refused_before_the_run(
    lab_bare, ssh_keys, tmp_path, capsys
):
    """The C++ worker is one static binary: it runs on a host with nothing installed. sinatra-rest
    beside it is refused before any treatment starts, its apt line in the message."""
    _need_built("cpp-rest")
    save_lab(lab_bare, "bare-cpp", ssh_keys)
    connect_saved_host("bare-cpp", accept_fingerprint=lab_fingerprint(lab_bare)).close()
    code, rows, err = _run("bare-cpp", ("cpp-rest", "sinatra-rest"), tmp_path / "refused", capsys)
    assert code == 2 and "Traceback" not in err
    assert "sinatra-rest cannot run on host bare-cpp: needs the Debian package(s) ruby ruby-sinatra thin" in err
    assert RUBY_LINE in err and rows == []
    assert lab_bare.worker_processes() == []  # not even cpp-rest was started
    code, rows, err = _run("bare-cpp", ("cpp-rest",), tmp_path / "out", capsys)
    assert code == 0, err
    _check_rows(rows, ("cpp-rest",), lab_bare.address)
    assert lab_bare.worker_processes() == []


# -- the equipped lab host (BANCADA_FULL=1) ------------------------------------------------------


@pytest.mark.lab_full
def test_every_seed_003_implementation_runs_on_an_equipped_lab_host(lab_equipped, ssh_keys, tmp_path, capsys):
    """Seed 003's seven implementations deployed (sources, node_modules or the static binary sent
    from here; the servers are the host's Debian packages) and run across the lab's link, without
    any route to a package registry."""
    _need_built(*SEED_003)
    save_lab(lab_equipped, "equipped-003", ssh_keys)
    connect_saved_host("equipped-003", accept_fingerprint=lab_fingerprint(lab_equipped)).close()
    rows = _rows_of_check("equipped-003")
    assert {impl: rows[impl] for impl in SEED_003} == {impl: (True, "") for impl in SEED_003}
    code, samples, err = _run("equipped-003", SEED_003, tmp_path / "out", capsys)
    assert code == 0, err
    _check_rows(samples, SEED_003, lab_equipped.address)
    assert lab_equipped.worker_processes() == []
