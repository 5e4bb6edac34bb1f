"""Runs compared treatment by treatment (the first the baseline): what ``bancada compare``, the
window's Compare view and the report share."""

from __future__ import annotations

from typing import Any

from bancada.analysis import compare_inputs
from bancada.stats import bootstrap
from bancada.stats import run_comparison as compare_mod
from bancada.stats import side as side_mod
from bancada.stats.options import OptionMessage
from bancada.stats.prepare import InputError
from bancada.stats.frame_analysis import jsonable

#: The ``schema`` of a comparison's JSON.
SCHEMA = "bancada.compare/1"


def compare(
    specs: list[str],
    *,
    alpha: float = 0.05,
    confidence: float = 0.95,
    resamples: int = bootstrap.RESAMPLES,
    seed: int = bootstrap.SEED,
    noise_floor: str = "auto",
    network_share: str = "auto",
    keep_measure_ok: bool = True,
    unit: str = "sample",
) -> dict[str, Any]:
    """Load the inputs and compare them; the JSON-shaped result (NaN as None).

    Raises :class:`InputError` (one line) for fewer than two inputs, bad
    options, an input that cannot be read, or no treatment in common.
    """
    if len(specs) < 2:
        raise InputError("compare needs at least two runs (run ids, run files or tidy sample CSVs)")
    if not 0 < alpha < 1 or not 0 < confidence < 1:
        raise InputError(
            OptionMessage("{alpha} and {confidence} must lie strictly between 0 and 1", ("alpha", "confidence"))
        )
    if resamples < 100:
        raise InputError(
            OptionMessage("{resamples} must be at least 100, got {value}", ("resamples",), {"value": resamples})
        )
    loaded = [compare_inputs.load_side(s, keep_measure_ok) for s in specs]
    compare_inputs.unique_labels(loaded)
    options = [compare_inputs.pair_options(loaded[0], other, noise_floor, network_share) for other in loaded[1:]]
    try:
        result = compare_mod.compare_runs(
            [x.side for x in loaded],
            options,
            alpha=alpha,
            confidence=confidence,
            resamples=resamples,
            seed=seed,
            unit=unit,
        )
    except ValueError as exc:
        raise InputError(str(exc)) from None
    comparison: dict[str, Any] = jsonable(
        {
            "schema": SCHEMA,
            "response": side_mod.RESPONSE,
            "treatment_columns": list(side_mod.TREATMENT_COLUMNS),
            "runs": [x.describe() for x in loaded],
            **result,
        }
    )
    return comparison
