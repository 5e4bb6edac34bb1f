"""The inputs of ``analyze_speed.py``: one 2^3 run as a run file and as its tidy CSV (deterministic).

Factors language (go, java) x protocol (grpc, rest) x operation (select, echo),
payload StdSize; ``n`` measured samples per treatment in 10 repetitions, plus
100 warm-up samples per repetition and one failed sample in 10,000. Latencies are
lognormal, in integer nanoseconds, drawn with ``numpy.random.default_rng(0)``.
The run file is written through :class:`bancada.store.runstore.RunStore` (as
a real run stores its samples) and the CSV as ``bancada export`` writes it
(in slices of a million rows), so both hold the same samples.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "app"))
from bancada.drivers.sample_block import SAMPLE_DTYPE, SampleBlock  # noqa: E402
from bancada.store.runstore import RunStore, TreatmentRow  # noqa: E402
from bancada.store.tidy_csv import COLUMNS, tidy_frame  # noqa: E402

REPS, WARMUP_PER_REP = 10, 100
LANGUAGES, PROTOCOLS, OPERATIONS = ("go", "java"), ("grpc", "rest"), ("select", "echo")
FACTORS = ("language", "protocol", "operation")
#: The profile stored with the run: a closed load of 8 clients (siege's and ab's tables apply).
PROFILE = {
    "experiment": {"factors": list(FACTORS), "connection": "reuse"},
    "load": {"model": "closed", "concurrency": 8},
}


def treatments() -> list[TreatmentRow]:
    """The 8 treatments in the profile's order (language, then protocol, then operation)."""
    rows = []
    for lang in LANGUAGES:
        for proto in PROTOCOLS:
            for op in OPERATIONS:
                impl = f"{lang}-{proto}"
                rows.append(TreatmentRow(len(rows) + 1, impl, lang, proto, impl, op, "StdSize", "std", 200, 800))
    return rows


def _block(rng: np.random.Generator, t: TreatmentRow, rep: int, n_measure: int, origin_ns: int) -> np.ndarray:
    li, pi, oi = LANGUAGES.index(t.language), PROTOCOLS.index(t.protocol), OPERATIONS.index(t.operation)
    n = WARMUP_PER_REP + n_measure
    rows = np.zeros(n, dtype=SAMPLE_DTYPE)
    rows["treatment"] = t.id
    rows["repetition"] = rep
    rows["seq"] = np.arange(n)
    rows["phase"][WARMUP_PER_REP:] = 1
    scale_ns = 700_000 * (1 + li * 0.6 + pi * 3 + oi * 0.2)
    lat = np.rint(scale_ns * rng.lognormal(0, 0.15, n)).astype(np.int64)
    rows["latency_ns"] = lat
    rows["ok"] = rng.random(n) >= 1e-4
    rows["server_ns"] = -1
    rows["start_ns"] = origin_ns + np.cumsum(lat)
    return rows


def write_run(folder: Path, n_per_treatment: int) -> Path:
    """Write the run file ``folder/bigrun.sqlite``; return its path."""
    rng = np.random.default_rng(0)
    store = RunStore.create("bigrun", folder)
    # a closed load's run (its load tables: siege's and ab's, which the window and bancada run compute)
    store.set_meta(profile_name="bigrun", host_name="local", profile_json=json.dumps(PROFILE))
    rows = treatments()
    store.add_treatments(rows)
    per_rep = n_per_treatment // REPS
    block = 0
    for rep in range(1, REPS + 1):  # the schedule: repetition k of every treatment before k + 1
        for t in rows:
            b = _block(rng, t, rep, per_rep, block * 10**12)
            errors = {int(i): "deadline exceeded" for i in np.flatnonzero(b["ok"] == 0)}
            store.add_block(block, rep, 0)
            store.add_samples(SampleBlock(b, errors), block)
            block += 1
    store.finish("complete")
    store.close()
    return store.path


def write_tidy_csv(run: Path, csv: Path) -> int:
    """Write the run's tidy CSV (``bancada export``'s columns and texts) in slices; return the number of rows.

    Written by Arrow's CSV writer (pandas' takes minutes for 8 million rows): the
    times are the shortest decimal that reads back as the same float, where
    ``bancada export`` writes ``%.9g``; both read back as the run file's values.
    """
    import pyarrow.csv as pacsv

    with RunStore.open(run) as store:
        df = tidy_frame(store, COLUMNS)  # the guide's columns (bancada export adds start_s, queue_s)
    options = pacsv.WriteOptions(quoting_style="none")
    with pacsv.CSVWriter(csv, _arrow_slice(df.iloc[:1]).schema, write_options=options) as out:
        for start in range(0, len(df), 1_000_000):
            out.write_table(_arrow_slice(df.iloc[start : start + 1_000_000]))
    return len(df)


def _arrow_slice(df):
    import pyarrow as pa

    columns = {c: (df[c].astype(str) if str(df[c].dtype) == "category" else df[c]) for c in df.columns}
    return pa.Table.from_pandas(pd.DataFrame(columns), preserve_index=False)


def make_inputs(folder: Path, n_per_treatment: int) -> tuple[Path, Path]:
    """The run file and the tidy CSV in ``folder`` (made once; reused when both are there)."""
    folder.mkdir(parents=True, exist_ok=True)
    run, csv = folder / "bigrun.sqlite", folder / "bigrun.csv"
    stamp = folder / f"n={n_per_treatment}"
    if not (run.exists() and csv.exists() and stamp.exists()):
        for p in (run, csv, *folder.glob("n=*")):
            p.unlink(missing_ok=True)
        write_run(folder, n_per_treatment)
        write_tidy_csv(run, csv)
        stamp.touch()
    return run, csv


__all__ = ["FACTORS", "make_inputs"]
