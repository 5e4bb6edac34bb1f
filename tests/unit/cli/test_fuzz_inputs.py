"""Property-based tests: any input gives a result or one clear error, never a traceback,
and the input file is left as it was (Hypothesis; seeded by its database-less default
derandomization in CI so a run is repeatable)."""

from __future__ import annotations

import argparse
import hashlib
import sqlite3
import string
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bancada.cli import analyze as analyze_cmd

from bancada.cli import importers
from bancada.experiment.profile import Profile, ProfileError, load_profile, parse_profile
from bancada.experiment.overrides import apply_overrides
from bancada.store.runstore import RunStore, RunStoreError
from tests.conftest import ROOT

QUICK = ROOT / "profiles" / "quick.toml"
FUZZ = settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(allow_nan=True), st.text(max_size=20)
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=12), inner, max_size=4)),
    max_leaves=12,
)
FIELDS = [
    "name",
    "implementations",
    "repetitions",
    "requests",
    "warmup",
    "schedule",
    "seed",
    "timeout_s",
    "operation",
    "kind",
    "count",
    "min",
    "max",
    "k",
    "model",
    "concurrency",
    "rate_per_s",
    "worker_cpus",
    "worker_nice",
    "id",
    "protocol",
    "address",
    "method",
    "path",
    "body",
    "grpc_method",
]


def _one_line(message: str) -> bool:
    return bool(message) and "\n" not in message.strip() and "Traceback" not in message


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@FUZZ
@given(
    st.dictionaries(
        st.sampled_from(["experiment", "workloads", "load", "placement", "external", "extra"]),
        st.one_of(
            values,
            st.dictionaries(st.sampled_from(FIELDS), values, max_size=6),
            st.lists(st.dictionaries(st.sampled_from(FIELDS), values, max_size=6), max_size=3),
        ),
        max_size=5,
    )
)
def test_any_profile_data_is_a_profile_or_one_line(data):
    try:
        assert isinstance(parse_profile(data, "fuzz.toml"), Profile)
    except ProfileError as exc:
        assert _one_line(str(exc)) and str(exc).startswith("fuzz.toml"), str(exc)


@FUZZ
@given(st.text(alphabet=string.printable + "çãé[]=\"'{}", max_size=400))
def test_any_profile_text_is_a_profile_or_one_line_and_the_file_is_untouched(text):
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "p.toml"
        path.write_text(text, encoding="utf-8")
        before = _digest(path)
        try:
            load_profile(path)
        except ProfileError as exc:
            assert str(exc).startswith(str(path))
            assert "Traceback" not in str(exc)
        assert _digest(path) == before


@FUZZ
@given(
    requests=st.one_of(st.none(), st.integers(-5, 2**40)),
    repetitions=st.one_of(st.none(), st.integers(-5, 20000)),
    payloads=st.one_of(
        st.none(), st.lists(st.text(alphabet=string.ascii_letters + string.digits, min_size=1, max_size=9), max_size=3)
    ),
    schedule=st.one_of(st.none(), st.sampled_from(["randomized", "sequential", "alternating", "interleaved", "x"])),
    load=st.one_of(st.none(), st.sampled_from(["sequential", "closed", "open", "vus"])),
    concurrency=st.one_of(st.none(), st.integers(-3, 200_000)),
    rate=st.one_of(st.none(), st.floats(-1, 1e9)),
    seed=st.one_of(st.none(), st.integers(-3, 2**65)),
    implementations=st.one_of(st.none(), st.lists(st.sampled_from(["go-rest", "go-rest:b", "x", ""]), max_size=3)),
)
def test_any_overrides_give_a_profile_or_one_line(
    requests, repetitions, payloads, schedule, load, concurrency, rate, seed, implementations
):
    base = load_profile(QUICK)
    try:
        apply_overrides(
            base,
            "quick.toml",
            requests=requests,
            repetitions=repetitions,
            payloads=payloads,
            schedule=schedule,
            load=load,
            concurrency=concurrency,
            rate_per_s=rate,
            seed=seed,
            implementations=implementations,
        )
    except ProfileError as exc:
        assert _one_line(str(exc)), str(exc)


@FUZZ
@given(st.binary(max_size=600))
def test_any_file_opened_as_a_run_is_a_run_or_one_line_and_untouched(blob):
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "r.sqlite"
        path.write_bytes(blob)
        before = _digest(path)
        try:
            with RunStore.open(path) as store:
                store.meta()
        except RunStoreError as exc:
            assert _one_line(str(exc)), str(exc)
        except sqlite3.DatabaseError as exc:  # a table that exists but is not ours
            pytest.fail(f"a library error escaped: {exc}")
        assert _digest(path) == before


def _csv_cells():
    cell = st.one_of(
        st.integers(-10, 10).map(str),
        st.floats(-1, 1, allow_nan=False).map(lambda f: f"{f:.4f}"),
        st.sampled_from(["", "go", "java", "grpc", "rest", "StdSize", "true", "false", "measure", "x,y"]),
    )
    return cell


@FUZZ
@given(
    header=st.lists(
        st.sampled_from(
            [
                "id",
                "c",
                "value",
                "experiment_id",
                "app_name",
                "request_size",
                "latency_s",
                "language",
                "protocol",
                "payload",
                "repetition",
                "phase",
                "ok",
                "junk",
            ]
        ),
        max_size=8,
        unique=True,
    ),
    rows=st.lists(st.lists(_csv_cells(), min_size=0, max_size=8), max_size=12),
)
def test_any_csv_imported_or_analysed_gives_a_result_or_one_line(header, rows, capsys):
    text = ",".join(header) + "\n" + "".join(",".join(r) + "\n" for r in rows) if header else ""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "in.csv"
        src.write_text(text)
        before = _digest(src)
        p = argparse.ArgumentParser()
        importers.configure_parser(p)
        code = importers.run(p.parse_args(["soares2024", str(src), "--out", str(Path(tmp) / "out.csv")]))
        err = capsys.readouterr().err
        assert code in (0, 2) and (code == 0 or _one_line(err)), err
        p = argparse.ArgumentParser()
        analyze_cmd.configure_parser(p)
        code = analyze_cmd.run(p.parse_args([str(src), "--quiet"]))
        err = capsys.readouterr().err
        assert code in (0, 2) and (code == 0 or _one_line(err)), err
        assert _digest(src) == before
