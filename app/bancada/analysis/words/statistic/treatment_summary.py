"""The Summary table: each treatment's n, mean, spread and median with its confidence interval."""

from __future__ import annotations

from bancada.core.i18n import number, significant, translate
from bancada.stats.results import Group
from bancada.analysis.words.statistic.base import QT_TRANSLATE_NOOP, Context, Row, Statistic, treatment_label

_COLUMNS = ("n", "mean", "sd", "median", "q1", "q3", "min", "max", "iqr")


def rows(g: Group) -> list[Row]:
    return [
        {
            "treatment": treatment_label(t.levels),
            **{k: getattr(t, k) for k in _COLUMNS},
            "median_ci_lo": t.median_ci[0],
            "median_ci_hi": t.median_ci[1],
        }
        for t in g.treatments
    ]


def reading(g: Group, ctx: Context) -> str | None:
    ts = sorted(g.treatments, key=lambda t: t.median)
    if not ts:
        return None
    fast, slow = ts[0], ts[-1]
    ratio = slow.median / fast.median if fast.median else float("nan")
    return translate("Readings", "fastest {fast} (median {m1} ms), slowest {slow} ({m2} ms, {ratio}×)").format(
        fast=treatment_label(fast.levels),
        m1=significant(fast.median),
        slow=treatment_label(slow.levels),
        m2=significant(slow.median),
        ratio=number(ratio, 1),
    )


STATISTIC = Statistic("Summary", QT_TRANSLATE_NOOP("StatsTable", "Summary"), rows, reading)
