"""A real run file in the test's own run store (``BANCADA_DATA_DIR``), as ``bancada run`` leaves one."""

from __future__ import annotations

import pytest

from bancada.core.samples import PHASE_MEASURE, PHASE_WARMUP, Sample
from bancada.store.runstore import RunStore, TreatmentRow

#: Per treatment and repetition: warm-up and measured requests (a steady warm-up runs many more).
WARMUP, MEASURED, REPETITIONS = 30, 12, 2
#: A long shipped profile name: the columns beside the run id must give way at 80 columns.
PROFILE = "soares-2024-as-published-classroom"


@pytest.fixture
def stored_run() -> str:
    """The id of a finished run of two treatments, r = 2, n = 12 and 30 warm-up requests each."""
    store = RunStore.create()
    store.add_treatments(
        [
            TreatmentRow(0, "go-grpc", "go", "grpc", "go", "select", "StdSize", "int64s", 200, 613),
            TreatmentRow(1, "go-rest", "go", "rest", "go", "select", "StdSize", "int64s", 200, 980),
        ]
    )
    samples = []
    for treatment in (0, 1):
        for rep in range(1, REPETITIONS + 1):
            for seq in range(WARMUP + MEASURED):
                phase = PHASE_WARMUP if seq < WARMUP else PHASE_MEASURE
                latency_ns = 1_000_000 * (1 + treatment) + 7_919 * ((seq * 31 + rep * 17) % 101)
                samples.append(Sample(treatment, rep, seq, phase, True, latency_ns, 100_000, seq * 2_000_000))
    store.add_samples(samples)
    store.set_meta(profile_name=PROFILE)
    store.finish("complete")
    run_id = str(store.meta()["run_id"])
    store.close()
    return run_id
