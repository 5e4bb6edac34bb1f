"""The report's figures draw each level in the window's style (issue 44 item 8, issue 45)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from bancada.core import colours
from bancada.report import plots


def _samples(rows: list[tuple[str, str, str]], n: int = 40) -> pd.DataFrame:
    """Tidy samples: ``rows`` of (implementation, language, protocol), ``n`` measured latencies each."""
    rng = np.random.default_rng(7)
    frames = [
        pd.DataFrame(
            {
                "implementation": impl,
                "language": lang,
                "protocol": proto,
                "payload": "small",
                "phase": "measure",
                "ok": True,
                "latency_ms": rng.gamma(4.0, 0.5 + k, n),
            }
        )
        for k, (impl, lang, proto) in enumerate(rows)
    ]
    return pd.concat(frames, ignore_index=True)


def test_own_service_runs_draw_rest_and_grpc_as_seed_000_does() -> None:
    seed = plots.treatment_styles(
        _samples(
            [("go-rest", "go", "rest"), ("go-grpc", "go", "grpc"), ("py-rest", "py", "rest"), ("py-grpc", "py", "grpc")]
        )
    )
    own = plots.treatment_styles(_samples([("mine-rest", "", "rest"), ("mine-grpc", "", "grpc")]))
    assert seed["go-grpc"].colour == seed["py-grpc"].colour == own["mine-grpc"].colour == colours.style(0).colour
    assert seed["go-rest"].colour == seed["py-rest"].colour == own["mine-rest"].colour == colours.style(1).colour
    assert seed["go-rest"].hatch == own["mine-rest"].hatch != own["mine-grpc"].hatch
    assert seed["go-rest"].marker != seed["py-rest"].marker  # languages told apart in the trace by marker


def test_svg_carries_colour_hatch_and_markers() -> None:
    df = _samples([("mine-rest", "", "rest"), ("mine-grpc", "", "grpc")])
    box = plots.box_plots_svg(df, log_y=False).lower()
    assert colours.style(0).colour.lower() in box and colours.style(1).colour.lower() in box
    assert 'id="hatch' in box or "<pattern" in box  # REST's box is hatched
    trace = plots.trace_svg(df, log_y=False)
    assert trace.count("<use ") >= 2 * 16  # markers along both curves
