"""The per-second request rate and iteration rate of a ``vus`` run (k6's virtual users), from the stored samples.

Under the vus model each iteration is one request (docs/driver-protocol.md, "Load models"), so:

- the request rate of second *s* is the number of requests sent in it (``start_ns`` in [s, s+1) s), as
  k6's ``http_reqs`` counter ("how many total HTTP requests k6 generated");
- the iteration rate of second *s* is the number of iterations completed in it (``start_ns +
  latency_ns``), as k6's ``iterations`` counter ("the aggregate number of times the VUs execute the
  JS script"), https://grafana.com/docs/k6/latest/using-k6/metrics/reference/.

Seconds count from the first request of the series (second 0).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import pandas as pd

from bancada.stats.load_tables import normalize


class RunSamples(Protocol):
    """What :func:`from_store` reads of a run (:class:`bancada.store.runstore.RunStore` has both)."""

    def meta(self) -> dict[str, str]: ...
    def samples_frame(self) -> pd.DataFrame: ...


@dataclass(frozen=True)
class VusRates:
    """Per-second counts: ``requests_per_s[i]`` and ``iterations_per_s[i]`` of second ``i`` (1/s)."""

    requests_per_s: tuple[int, ...]
    iterations_per_s: tuple[int, ...]


def vus_rates(start_ns: Sequence[int], latency_ns: Sequence[int]) -> VusRates:
    """Count requests by their send second and iterations by their completion second.

    Args:
        start_ns: each sample's send time (ns, any common origin).
        latency_ns: each sample's latency (ns), same length.

    Raises:
        ValueError: the sequences differ in length.
    """
    if len(start_ns) != len(latency_ns):
        raise ValueError(f"start_ns has {len(start_ns)} values but latency_ns {len(latency_ns)}")
    if not start_ns:
        return VusRates((), ())
    origin = min(start_ns)
    sent = [(s - origin) // 1_000_000_000 for s in start_ns]
    done = [(s + lat - origin) // 1_000_000_000 for s, lat in zip(start_ns, latency_ns)]
    requests = [0] * (max(sent) + 1)
    iterations = [0] * (max(done) + 1)
    for second in sent:
        requests[second] += 1
    for second in done:
        iterations[second] += 1
    return VusRates(tuple(requests), tuple(iterations))


@dataclass(frozen=True)
class VusSeries:
    """The per-second rates of one treatment in one repetition (one block) of a vus run."""

    treatment: str
    implementation: str
    workload: str
    repetition: int
    rates: VusRates


def vus_series(samples: pd.DataFrame) -> list[VusSeries]:
    """The rates of every treatment and repetition of a run's measured samples.

    Args:
        samples: :meth:`RunStore.samples_frame` or the tidy sample CSV (the columns
            :func:`bancada.stats.load_tables.normalize` reads).

    Raises:
        ValueError: a needed column is missing.
    """
    measured = normalize(samples)
    out = []
    for key, group in measured.groupby(["treatment", "implementation", "workload", "repetition"], sort=False):
        treatment, impl, workload, rep = (str(k) for k in key)
        start = (group["start_s"].to_numpy(dtype=float) * 1e9).round().astype("int64").tolist()
        latency = (group["latency_s"].to_numpy(dtype=float) * 1e9).round().astype("int64").tolist()
        out.append(VusSeries(treatment, impl, workload, int(rep), vus_rates(start, latency)))
    return out


def is_vus_run(meta: dict[str, str]) -> bool:
    """Whether a stored run's profile (``profile_json`` meta) used the vus model."""
    try:
        load = json.loads(meta.get("profile_json") or "{}").get("load") or {}
    except ValueError:
        return False
    return bool(load.get("model") == "vus")


def from_store(store: RunSamples) -> list[VusSeries] | None:
    """The rates of a stored vus run (:class:`bancada.store.runstore.RunStore`), or None for
    another load model."""
    if not is_vus_run(store.meta()):
        return None
    return vus_series(store.samples_frame())
