"""A fixed sample set of a virtual-user run and k6's numbers for it (shared by the k6-summary tests).

Two treatments (go-rest / ListPets10, python-graphql / CreatePerson), two repetitions, 10 virtual
users x 6 iterations at a 1 s pacing (``[load] model = "vus"``, ``duration_s = 6``); one slow
request per treatment and repetition; two failed python-graphql requests per repetition.

:data:`K6_REFERENCE` is what k6's end-of-test summary gives for these samples by k6's documented
definitions (the oracle :mod:`tests.k6_trend`, no k6 code): per treatment, over both repetitions,
a test duration of 12 s (two repetitions of the planned 6 s).
"""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd

from bancada.core.samples import PHASE_MEASURE, Sample
from bancada.store.runstore import RunStore, TreatmentRow
from tests import k6_trend

VUS, ITERATIONS, PACING_S, DURATION_S, REPETITIONS = 10, 6, 1.0, 6.0, 2
#: (implementation, language, protocol, workload, operation, base latency ms, step ms)
TREATMENTS = (
    ("go-rest", "go", "rest", "ListPets10", "list_pets", 2.0, 0.37),
    ("python-graphql", "python", "graphql", "CreatePerson", "create_person", 11.0, 1.9),
)


def vu_samples() -> pd.DataFrame:
    """The requests as rows: implementation, payload, repetition, phase, start_s, latency_ms, ok."""
    rows = []
    for impl, _lang, _proto, workload, _op, base_ms, step_ms in TREATMENTS:
        for repetition in range(1, REPETITIONS + 1):
            for vu in range(VUS):
                for it in range(ITERATIONS):
                    k = (vu * 7 + it * 3 + repetition * 5) % 17
                    slow_ms = 40.0 if (vu, it) == (3, 4) else 0.0
                    latency_ms = round(base_ms + step_ms * k + 0.011 * vu + 0.0007 * it * repetition + slow_ms, 4)
                    ok = not (impl == "python-graphql" and vu in (8, 9) and it == ITERATIONS - 1)
                    start_s = 100.0 * repetition + it * PACING_S + vu * 0.0125
                    rows.append((impl, workload, repetition, "measure", start_s, latency_ms, ok))
    columns = ["implementation", "payload", "repetition", "phase", "start_s", "latency_ms", "ok"]
    return pd.DataFrame(rows, columns=columns)


def write_vu_run(folder: Path, model: str = "vus") -> str:
    """A real run file holding :func:`vu_samples` (latencies in whole nanoseconds); returns its path."""
    load = {"model": model, "vus": VUS, "pacing_s": PACING_S, "duration_s": DURATION_S}
    if model != "vus":
        load = {"model": model, "concurrency": 1}
    treatments = [
        TreatmentRow(i, impl, lang, proto, lang, op, workload, "records", 0, 0)
        for i, (impl, lang, proto, workload, op, _b, _s) in enumerate(TREATMENTS)
    ]
    ids = {t.implementation: t.id for t in treatments}
    with RunStore.create(f"r-k6-{model}", folder) as store:
        store.set_meta(profile_json=json.dumps({"load": load}))
        store.add_treatments(treatments)
        samples = []
        for seq, r in enumerate(vu_samples().itertuples(index=False)):
            samples.append(
                Sample(
                    ids[r.implementation],
                    r.repetition,
                    seq,
                    PHASE_MEASURE,
                    bool(r.ok),
                    round(r.latency_ms * 1e6),
                    -1,
                    round(r.start_s * 1e9),
                    0,
                    "" if r.ok else "http_500: database gone",
                )
            )
        store.add_samples(samples)
        store.commit()
        return str(store.path)


def _k6_reference() -> dict[str, dict[str, float]]:
    """k6's row per treatment (``"implementation / workload"``) by :func:`tests.k6_trend.summary`;
    failed as k6's http_req_failed rate (0..1)."""
    df = vu_samples()
    return {
        f"{impl} / {workload}": k6_trend.summary(g["latency_ms"].tolist(), g["ok"].tolist(), DURATION_S * REPETITIONS)
        for (impl, workload), g in df.groupby(["implementation", "payload"], sort=True)
    }


#: k6's numbers for :func:`vu_samples`, by k6's documented definitions (tests/k6_trend.py).
K6_REFERENCE = _k6_reference()
