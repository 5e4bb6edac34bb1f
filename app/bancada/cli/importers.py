"""Column mapping of external CSVs into the tidy sample CSV.

``bancada import soares2024 IN.csv --out OUT.csv`` converts the published raw
data of seed 000 (``experimento6.csv``: id, c, value, experiment_id,
app_name, request_size) into the tidy sample CSV of the guide.  See
docs/analyze.md for the mapping.
"""

from __future__ import annotations

import argparse
import sys

import numpy as np
import pandas as pd

from bancada.store.tidy_csv import COLUMNS as TIDY_COLUMNS

# app_name -> (implementation, language, protocol); the study's REST servers are "http"
_SOARES_APPS = {
    "gogrpc": ("go-grpc", "go", "grpc"),
    "gohttp": ("go-rest", "go", "rest"),
    "javagrpc": ("java-grpc", "java", "grpc"),
    "javahttp": ("java-rest", "java", "rest"),
}
# request_size -> (payload, payload_count): StdSize = 200 ints, LargeSize = 204800 ints (seed 000, §2.3.4)
_SOARES_SIZES = {"small": ("StdSize", 200), "big": ("LargeSize", 204800)}


def soares2024(raw: pd.DataFrame) -> pd.DataFrame:
    """Tidy samples from the columns of ``experimento6.csv``.

    ``value`` (seconds) -> ``latency_s``; ``experiment_id`` -> ``repetition``;
    ``c`` -> ``seq``; ``app_name`` -> implementation, language, protocol;
    ``request_size`` -> payload (StdSize/LargeSize) and payload_count.
    Rows are ordered payload StdSize first, then go before java and grpc
    before rest, so the first level seen is the study's -1 level
    (language: go = -1, protocol: grpc = -1).  Every row is a measured,
    successful request (the study discarded its warm-up before publishing).
    Raises ``ValueError`` naming a missing column or an unknown app/size.
    """
    need = ["c", "value", "experiment_id", "app_name", "request_size"]
    missing = [c for c in need if c not in raw.columns]
    if missing:
        raise ValueError(f"not a soares2024 CSV: missing column(s) {', '.join(missing)}")
    unknown = sorted(set(raw["app_name"]) - set(_SOARES_APPS)) + sorted(set(raw["request_size"]) - set(_SOARES_SIZES))
    if unknown:
        raise ValueError(f"not a soares2024 CSV: unknown app_name/request_size {', '.join(map(str, unknown))}")
    apps = raw["app_name"].map(_SOARES_APPS)
    sizes = raw["request_size"].map(_SOARES_SIZES)
    out = pd.DataFrame(
        {
            "run_id": "soares2024-experimento6",
            "implementation": apps.str[0],
            "language": apps.str[1],
            "protocol": apps.str[2],
            "operation": "select",
            "payload": sizes.str[0],
            "payload_count": sizes.str[1].astype(int),
            "payload_bytes": "",
            "repetition": raw["experiment_id"].astype(int),
            "seq": raw["c"].astype(int),
            "phase": "measure",
            "latency_s": raw["value"].astype(float),
            "server_s": "",
            "ok": "true",
            "error": "",
        }
    )
    order = np.lexsort(
        (out["seq"], out["repetition"], out["protocol"] != "grpc", out["language"] != "go", out["payload"] != "StdSize")
    )
    return out.iloc[order][TIDY_COLUMNS].reset_index(drop=True)


FORMATS = {"soares2024": soares2024}


def configure_parser(p: argparse.ArgumentParser) -> None:
    """Arguments of ``bancada import FORMAT IN.csv --out OUT.csv``."""
    p.add_argument("format", choices=sorted(FORMATS), help="layout of the input CSV")
    p.add_argument("input", help="CSV to convert")
    p.add_argument("--out", required=True, help="tidy sample CSV to write")


def run(args: argparse.Namespace) -> int:
    """Convert; 0 on success, 2 with one line on stderr on bad input."""
    try:
        raw = pd.read_csv(args.input)
    except (OSError, pd.errors.ParserError, pd.errors.EmptyDataError, UnicodeDecodeError) as exc:
        print(f"bancada import: cannot read {args.input}: {exc}".splitlines()[0], file=sys.stderr)
        return 2
    try:
        tidy = FORMATS[args.format](raw)
    except ValueError as exc:
        print(f"bancada import: {exc}", file=sys.stderr)
        return 2
    try:
        tidy.to_csv(args.out, index=False)
    except OSError as exc:
        print(f"bancada import: cannot write {args.out}: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {len(tidy)} rows to {args.out}")
    return 0
