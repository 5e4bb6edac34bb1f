"""Seed 004 in the window: a real serial run's split as stacked bars and the seed's tables in Statistics."""

from __future__ import annotations

import numpy as np
import pytest

from bancada.experiment.profile import parse_profile
from bancada.run.runner import RunFinished, Runner, RunStarted
from bancada.stats.serialization import PARTS
from bancada.ui.plots.split_bars import SplitBarsView
from bancada.session.stats_job import compute_statistics
from bancada.ui.tables.stats_view import StatisticsView
from tests.conftest import artifact_missing
from tests.ui.conftest import screenshot

pytestmark = pytest.mark.ui


@pytest.fixture(scope="module")
def serial_run(tmp_path_factory):
    """A stored run: go-rest, int64 and struct arrays of 10 in the four formats, 2 repetitions × 3 requests."""
    reason = artifact_missing("go-rest")
    if reason:
        pytest.fail(f"go-rest: {reason}")
    data = {
        "experiment": {
            "name": "split-ui",
            "implementations": ["go-rest"],
            "repetitions": 2,
            "requests": 3,
            "warmup": 1,
            "factors": ["format"],
            "driver": "native",
        },
        "workloads": [
            {
                "name": f"{k}-10",
                "operation": "serial",
                "kind": k,
                "count": 10,
                "formats": ["json", "protobuf", "avro", "msgpack"],
            }
            for k in ("int64s", "structs")
        ],
    }
    events = list(Runner(parse_profile(data), store_folder=tmp_path_factory.mktemp("runs")).events())
    assert isinstance(events[-1], RunFinished) and events[-1].status == "complete", events[-1].message
    return next(e for e in events if isinstance(e, RunStarted)).path


def test_the_statistics_show_the_seed_tables_and_the_bars_stack_the_split(qtbot, serial_run):
    res = compute_statistics(serial_run, ["format"], 1)
    for title in ("Serialized size (bytes)", "Serialization + deserialization (ms)", "Total (ms)", "Time split (ms)"):
        assert title in res.tables, sorted(res.tables)
    view = StatisticsView()
    qtbot.addWidget(view)
    view.show_result(res, final=True)
    size = view.sections["Serialized size (bytes)"]
    assert size.isVisibleTo(view) and size.model.cell(3, "int64") == "91"  # msgpack, 10 int64s: 1 + 10 × 9 bytes
    split = res.tables["Time split (ms)"]
    bars = SplitBarsView()
    qtbot.addWidget(bars)
    bars.resize(1000, 500)
    bars.set_table(split)
    drawn = bars.bar_totals("")
    parts = split[[p.removesuffix("_s") for p in PARTS]].to_numpy().sum(axis=1)
    assert len(drawn) == 8 and np.allclose(drawn, parts)  # one bar per format × type × size, as tall as its parts
    # a screen reader hears the bars: a name and, per bar, its label and total (issue 45)
    from PySide6.QtGui import QAccessible

    from bancada.core import i18n
    from bancada.ui.plots.split_bars import bar_label

    iface = QAccessible.queryAccessibleInterface(bars.graphics)
    said = iface.text(QAccessible.Text.Description)
    assert iface.text(QAccessible.Text.Name) == "Time split bars"
    first = next(split.itertuples(index=False))
    assert said.startswith(f"{bar_label(first)}: {i18n.number(float(parts[0]), 3)} ms, most in "), said
    assert said.count(";") == 7, said
    bars.shares.setChecked(True)
    assert np.allclose(bars.bar_totals(""), 100)
    screenshot(bars, "split-bars.png")


def test_the_window_shows_the_time_split_tab_only_for_a_serial_run(window, serial_run):
    tab = window.tabs.indexOf(window.split_bars)
    assert not window.tabs.isTabVisible(tab)
    res = compute_statistics(serial_run, ["format"], window.stats.generation)
    window.stats.show_result(True, res)
    assert window.tabs.isTabVisible(tab) and window.split_bars.has_data()
    window.run.clear()
    assert not window.tabs.isTabVisible(tab)


def test_the_panel_keeps_a_classroom_profiles_formats_and_links(window):
    from bancada.experiment.profile import load_profile
    from tests.conftest import ROOT

    profile = load_profile(ROOT / "profiles" / "serialization-formats-classroom.toml")
    window.panel.set_profile(profile)
    window.panel.set_implementations(["go-rest"])
    assert window.panel.problem() == ""
    built = window.panel.build_profile()
    assert [w.name for w in built.workloads] == [w.name for w in profile.workloads]
    assert built.workloads[0].formats == ["json", "protobuf", "avro", "msgpack"]
    assert built.experiment.links == ["loopback", "cross-region"] and built.experiment.factors == ["format", "link"]


def test_the_classroom_profile_runs_in_the_window_with_its_split_and_tables(window, qtbot):
    """The user's path: the classroom profile (two payloads, fewer requests), Run, then the three tabs."""
    from bancada.experiment.profile import load_profile
    from bancada.experiment.overrides import apply_overrides
    from tests.conftest import ROOT
    from tests.ui.window.test_window_run import all_boxes

    w = window
    profile = apply_overrides(
        load_profile(ROOT / "profiles" / "serialization-formats-classroom.toml"),
        "classroom",
        requests=4,
        repetitions=2,
        payloads=["int64-10", "struct-1e3"],
    )
    w.panel.set_profile(profile)
    w.panel.set_implementations(["go-rest"])
    with qtbot.waitSignal(w.runFinished, timeout=300_000) as finished:
        assert w.start_run()
    assert finished.args == ["complete"], w.state_label.text()
    assert "go-rest / avro / cross-region (struct-1e3)" in set(all_boxes(w))
    qtbot.waitUntil(lambda: w.split_bars.has_data() and not w.tasks.busy("stats"), timeout=60_000)
    assert w.tabs.isTabVisible(w.tabs.indexOf(w.split_bars))
    assert set(w.split_bars.plots) == {"loopback", "cross-region"}
    far, near = w.split_bars.bar_totals("cross-region"), w.split_bars.bar_totals("loopback")
    assert len(far) == len(near) == 8 and (far > 85).all() and (far > near).all()
    size = w.stats_view.sections["Serialized size (bytes)"]
    assert size.isVisibleTo(w.stats_view) and size.model.cell(3, "int64") == "91"  # msgpack, 10 int64s
    assert size.model.cell(0, "struct") == "–"  # no struct array of 10 in this run
    w.tabs.setCurrentWidget(w.split_bars)
    screenshot(w, "split-bars-window.png")
