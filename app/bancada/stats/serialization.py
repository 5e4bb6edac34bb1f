"""Seed 004's tables: serialized size, serialization + deserialization time, and the total, per format × type × size.

Input: tidy rows (bancada.store.tidy_csv) of ``serial`` treatments, measured and ok,
with ``format``, ``payload_kind``, ``payload_count``, ``link`` and the split's
columns. Every figure is a mean over the rows of a cell, as the seed reports its
tables (its section 5: "the mean of the 100 iterations").

- ``Serialized size (bytes)``: the request body (``request_bytes``); it depends on the
  format and the data only (the seed's tables 5.1-5.3).
- ``Serialization + deserialization (ms)``: the request's way, the seed's producer →
  consumer: the driver's encoding (``client_ser_s``) + the worker's decoding
  (``server_deser_s``) (the seed's table 5.4). The answer's way (``server_ser_s`` +
  ``client_deser_s``) is in the split table.
- ``Total (ms)``: client encoding + latency + client decoding of the answer, per link
  (the seed's "latency + serialization + transport = total", its tables 5.5-5.6).
- ``Time split (ms)``: the mean of each part per format × type × size × link, the bars of
  the stacked view (bancada.ui.plots.split_bars): client_ser, server_deser, server_handle,
  server_ser, transfer, client_deser; the middle four add up to the latency.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pandas as pd

KINDS = ("int64s", "doubles", "strings", "structs")
#: The seed's names of the kinds, for the tables' columns.
KIND_NAMES = {"int64s": "int64", "doubles": "float64", "strings": "string", "structs": "struct"}
FORMAT_ORDER = ("json", "protobuf", "avro", "msgpack")
#: The parts of a request in the order they happen (seconds columns of the tidy CSV).
PARTS = ("client_ser_s", "server_deser_s", "server_handle_s", "server_ser_s", "transfer_s", "client_deser_s")
_NUMERIC = ("payload_count", "request_bytes", "latency_s", *PARTS)
#: The tidy columns the tables read.
COLUMNS = ("format", "payload_kind", "link", *_NUMERIC)

TABLE_TITLES = (
    "Serialized size (bytes)",
    "Serialization + deserialization (ms)",
    "Total (ms)",
    "Time split (ms)",
)


def serial_rows(df: pd.DataFrame) -> pd.DataFrame:
    """The measured, ok rows that carry a split (``request_bytes`` present), numbers parsed; empty if none."""
    needed = {"format", "payload_kind", "payload_count", "request_bytes", "latency_s", *PARTS}
    if not needed <= set(df.columns):
        return pd.DataFrame()
    rows = df
    if "phase" in rows:
        rows = rows[rows["phase"].astype(str) == "measure"]
    if "ok" in rows:
        rows = rows[rows["ok"].astype(str).str.lower() == "true"]
    rows = rows.assign(**{c: pd.to_numeric(rows[c], errors="coerce") for c in _NUMERIC})
    rows = rows[rows["request_bytes"].notna() & rows["format"].notna() & (rows["format"].astype(str) != "")]
    if "link" not in rows:
        rows = rows.assign(link="")
    return rows.assign(link=rows["link"].fillna("").astype(str), payload_count=rows["payload_count"].astype(int))


def _ordered(values: Iterable[str], order: Sequence[str]) -> list[str]:
    seen = list(dict.fromkeys(values))
    return [v for v in order if v in seen] + [v for v in seen if v not in order]


def _pivot(rows: pd.DataFrame, value: pd.Series, index: list[str]) -> pd.DataFrame:
    """Mean of ``value`` with ``index`` as rows and the kinds (the seed's names) as columns."""
    frame = rows[index + ["payload_kind"]].assign(value=value)
    table = frame.groupby(index + ["payload_kind"], sort=False)["value"].mean().unstack("payload_kind")
    kinds = _ordered(table.columns, KINDS)
    table = table[kinds].rename(columns=KIND_NAMES).reset_index()
    table["format"] = pd.Categorical(table["format"], _ordered(table["format"], FORMAT_ORDER), ordered=True)
    return table.sort_values([c for c in index if c != "format"] + ["format"]).reset_index(drop=True)


def seed_tables(df: pd.DataFrame) -> dict[str, pd.DataFrame]:
    """The seed's tables of the serial rows of ``df`` (see the module); {} when there are none."""
    rows = serial_rows(df)
    if rows.empty:
        return {}
    size = _pivot(rows, rows["request_bytes"], ["payload_count", "format"]).round(2)
    for kind in KIND_NAMES.values():  # a whole mean as an int (strings: every data set has one size), None if absent
        if kind in size:
            values = [None if pd.isna(v) else int(v) if float(v).is_integer() else float(v) for v in size[kind]]
            size[kind] = pd.Series(values, index=size.index, dtype=object)
    serdes = _pivot(rows, (rows["client_ser_s"] + rows["server_deser_s"]) * 1e3, ["payload_count", "format"])
    total = _pivot(
        rows,
        (rows["client_ser_s"] + rows["latency_s"] + rows["client_deser_s"]) * 1e3,
        ["link", "payload_count", "format"],
    )
    split = split_means(rows)
    for t in (size, serdes, total):
        t["format"] = t["format"].astype(str)
    return dict(zip(TABLE_TITLES, (size, serdes, total, split), strict=True))


def split_means(rows: pd.DataFrame) -> pd.DataFrame:
    """Mean of each part (ms) per format × kind × size × link: one row per bar of the stacked view.

    Columns: format, payload_kind, payload_count, link, n, then PARTS in ms (names without ``_s``).
    """
    keys = ["format", "payload_kind", "payload_count", "link"]
    means = rows.groupby(keys, sort=False)[list(PARTS)].mean() * 1e3
    means.columns = [c.removesuffix("_s") for c in means.columns]
    means.insert(0, "n", rows.groupby(keys, sort=False).size())
    out = means.reset_index()
    out["fo"] = out["format"].map({f: i for i, f in enumerate(FORMAT_ORDER)}).fillna(len(FORMAT_ORDER))
    out["ko"] = out["payload_kind"].map({k: i for i, k in enumerate(KINDS)}).fillna(len(KINDS))
    out = out.sort_values(["link", "payload_count", "ko", "fo"]).drop(columns=["fo", "ko"]).reset_index(drop=True)
    out["payload_kind"] = out["payload_kind"].map(lambda k: KIND_NAMES.get(k, k))
    return out
