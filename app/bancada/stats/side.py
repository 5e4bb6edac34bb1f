"""One side of a comparison of runs: a run's (or tidy CSV's) label and its samples, split by treatment.

Below :mod:`bancada.stats.run_comparison`, :mod:`bancada.stats.noisefloor` and :mod:`bancada.stats.servertime`,
which all read it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

import numpy as np
import pandas as pd

TREATMENT_COLUMNS = ("implementation", "payload")
UNITS = ("sample", "repetition")
RESPONSE = "latency_s"


@dataclass
class Side:
    """One run (or tidy CSV) in a comparison: its label and its measured samples.

    ``samples``: one row per measured, successful request with columns
    ``implementation``, ``payload``, ``latency_s`` (s) and optionally
    ``repetition`` and ``server_s`` (s).
    """

    label: str
    samples: pd.DataFrame
    treatments: dict[str, pd.DataFrame] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.treatments = split_treatments(self.samples)


def treatment_key(implementation: str, payload: str) -> str:
    """``"go-rest/StdSize"``: the treatment's name in tables and JSON."""
    return f"{implementation}/{payload}"


def split_treatments(df: pd.DataFrame) -> dict[str, pd.DataFrame]:
    """Rows of each treatment, keyed by :func:`treatment_key`, in order of first appearance."""
    out: dict[str, pd.DataFrame] = {}
    for group, idx in df.groupby(list(TREATMENT_COLUMNS), sort=False).indices.items():
        impl, payload = cast(tuple[str, str], group)  # pandas types a group key as Hashable; here a 2-tuple
        out[treatment_key(impl, payload)] = df.iloc[np.sort(idx)]
    return out


def repetition_medians(df: pd.DataFrame) -> np.ndarray:
    """The median latency (s) of each repetition of one treatment, in repetition
    order; empty when the frame has no ``repetition`` column."""
    if "repetition" not in df.columns:
        return np.empty(0)
    return df.groupby("repetition", sort=True)[RESPONSE].median().to_numpy(dtype=float)
