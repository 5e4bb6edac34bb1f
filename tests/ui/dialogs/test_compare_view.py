"""The Compare view (File > Compare runs…) on two runs stored by the real Go workers, and the
"Copy as" menu of the statistics tables."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from tests.conftest import ROOT, artifact_missing
from tests.ui.conftest import QUICK, screenshot

pytestmark = [pytest.mark.ui, pytest.mark.integration]


def _run(folder: Path, implementations: list[str]) -> str:
    from bancada.experiment.profile import load_profile
    from bancada.experiment.overrides import apply_overrides
    from bancada.run.runner import RunFinished, Runner, RunStarted

    profile = apply_overrides(
        load_profile(QUICK),
        "quick",
        implementations=implementations,
        payloads=["StdSize"],
        requests=20,
        repetitions=2,
        warmup=2,
    )
    events = list(Runner(profile, None, driver="native", store_folder=folder).events())
    started = next(e for e in events if isinstance(e, RunStarted))
    assert isinstance(events[-1], RunFinished) and events[-1].status == "complete", events[-1]
    return str(started.path)


@pytest.fixture(scope="module")
def stored_runs(tmp_path_factory):
    for impl in ("go-grpc", "go-rest"):
        reason = artifact_missing(impl)
        if reason:
            pytest.fail(f"{impl} cannot run: {reason} (run make -C workers)")
    folder = tmp_path_factory.mktemp("compare-view-runs")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BANCADA_HOME", str(ROOT))
        return {
            "a": _run(folder, ["go-grpc", "go-rest"]),
            "b": _run(folder, ["go-grpc", "go-rest"]),
            "grpc_only": _run(folder, ["go-grpc"]),
        }


@pytest.fixture
def tasks(qtbot):
    from bancada.ui.tasks import TaskRunner, running_threads

    runner = TaskRunner()
    yield runner
    runner.shutdown()
    qtbot.waitUntil(lambda: not running_threads(), timeout=30_000)


def test_compare_view_shows_the_change_table_of_two_stored_runs(qtbot, tasks, stored_runs):
    from PySide6.QtWidgets import QApplication

    from bancada.cli.compare import compare
    from bancada.core.i18n import significant
    from bancada.ui.dialogs.compare_view import CompareView

    view = CompareView(tasks, [stored_runs["b"], stored_runs["grpc_only"]], current=stored_runs["a"])
    qtbot.addWidget(view)
    view.show()
    view.recent.setCurrentIndex(0)
    view.add_recent_button.click()
    view.add_recent_button.click()  # a run is listed once
    assert view.specs() == [stored_runs["a"], stored_runs["b"]]
    with qtbot.waitSignal(view.compared, timeout=120_000) as blocker:
        view.compare_button.click()
        assert not view.compare_button.isEnabled()  # computing in the background, the dialog stays live
    tables = blocker.args[0]
    a, b = Path(stored_runs["a"]).stem, Path(stored_runs["b"]).stem
    change = f"Change {b} vs {a}"
    assert change in tables
    want = compare([stored_runs["a"], stored_runs["b"]])["comparisons"][0]
    rows = {r["treatment"]: r for r in want["rows"]}
    df = tables[change]
    i = list(df["treatment"]).index("go-grpc/StdSize")
    cell = view.cell(change, i, f"{b} median ms [95% CI]")
    # 4 significant digits as the table writes them (0.1990, where Python's .4g writes 0.199)
    assert cell.startswith(f"{significant(rows['go-grpc/StdSize']['median_other_s'] * 1e3, 4)} [")
    verdict = view.cell(change, i, "verdict")
    # ~, slower, faster, or "no clear difference" when a significant test's change interval includes 0
    from bancada.analysis.words.compare_tables import _verdict_text

    assert verdict == _verdict_text(rows["go-grpc/StdSize"])
    assert view.cell(change, len(df) - 1, "treatment") == "geomean"
    qtbot.waitUntil(lambda: view.compare_button.isEnabled(), timeout=10_000)
    screenshot(view, "compare-view.png")

    # Copy as Markdown / CSV from the table's context menu
    menu = view.views[change].copy_menu
    actions = {a.data(): a for a in menu.actions()}
    actions["md"].trigger()
    md = QApplication.clipboard().text()
    assert md.startswith("| Treatment | n |") and "go-grpc/StdSize" in md
    actions["csv"].trigger()
    rows_back = list(csv.reader(io.StringIO(QApplication.clipboard().text())))
    assert rows_back[i + 1][0] == "go-grpc/StdSize" and rows_back[i + 1][2] == view.cell(
        change, i, f"{a} median ms [95% CI]"
    )
    actions["tex"].trigger()
    tex = QApplication.clipboard().text()
    assert "\\toprule" in tex and "\\caption{Change" in tex and "\\label{tab:bancada-change-" in tex


def test_compare_view_lists_a_treatment_in_one_run_only_and_says_why_it_cannot_compare(qtbot, tasks, stored_runs):
    from bancada.ui.dialogs.compare_view import CompareView

    view = CompareView(tasks, [], current=stored_runs["a"])
    qtbot.addWidget(view)
    view.compare_button.click()
    assert "at least two runs" in view.status.text()
    view.add_run(stored_runs["grpc_only"])
    with qtbot.waitSignal(view.compared, timeout=120_000) as blocker:
        view.start_compare()
    only = [name for name in blocker.args[0] if name.startswith("Only in one run")]
    assert only and list(blocker.args[0][only[0]]["treatment"]) == ["go-rest/StdSize"]
    qtbot.waitUntil(lambda: view.compare_button.isEnabled(), timeout=10_000)

    bad = Path(stored_runs["a"]).parent / "not-a-tidy.csv"
    bad.write_text("x,y\n1,2\n")
    view.add_run(str(bad))
    view.start_compare()
    qtbot.waitUntil(lambda: view.status.text().startswith("Cannot compare: "), timeout=60_000)
    assert "missing columns implementation, payload, latency_s" in view.status.text()
    assert "\n" not in view.status.text()
    qtbot.waitUntil(lambda: view.compare_button.isEnabled(), timeout=10_000)


def test_statistics_tables_copy_as_markdown_latex_csv(qtbot):
    import pandas as pd
    from PySide6.QtWidgets import QApplication

    from bancada.ui.tables.stats_view import TableSection

    sec = TableSection("Summary", "")
    qtbot.addWidget(sec)
    df = pd.DataFrame(
        {
            "payload": ["StdSize", "StdSize"],
            "treatment": ["go/grpc", "go/rest"],
            "n": [40, 40],
            "median": [0.2313, 0.1044],
        }
    )
    sec.set_frame(df, "")
    actions = {a.data(): a for a in sec.copy_menu.actions()}
    assert set(actions) == {"md", "tex", "csv"}
    actions["md"].trigger()
    assert QApplication.clipboard().text().splitlines()[2] == "| StdSize | go/grpc | 40 | 0.231 |"
    actions["csv"].trigger()
    assert QApplication.clipboard().text().splitlines()[1] == "StdSize,go/grpc,40,0.2313"
    actions["tex"].trigger()
    assert "\\caption{Summary}" in QApplication.clipboard().text()


def test_window_opens_the_compare_view_from_the_file_menu(window, qtbot):
    assert window.menus.act_compare.shortcut().toString() == "Ctrl+Shift+K"
    window.menus.act_compare.trigger()
    view = window.compare_view
    assert view.isVisible() and view.windowTitle() == "Compare runs"
    view.close()


@pytest.fixture
def pt_br(qapp):
    """The window's language is pt-BR for the test (Qt's translators and bancada.core.i18n), English after."""
    from bancada.core import i18n
    from bancada.ui import language

    ts = ROOT / "app" / "bancada" / "translations" / "bancada_pt_BR.ts"
    qm = ts.with_suffix(".qm")
    if not qm.exists() or qm.stat().st_mtime < ts.stat().st_mtime:
        pytest.fail(f"{qm.name} is missing or older than {ts.name}: run scripts/setup.sh (pyside6-lrelease)")
    assert language.install("pt_BR") == "pt_BR"
    yield
    language.install("en")
    i18n.set_language("en")


def test_compare_view_in_portuguese_names_runs_counts_tables_and_reads_the_interval(qtbot, tasks, stored_runs, pt_br):
    """Runs are listed by study, start, size and note (not by id); "1 tabela"; p as "< 0,001" or three
    decimals; a change whose interval includes 0 is no clear difference, whatever the rank test says."""
    import re

    from bancada.session.run_caption import set_note
    from bancada.ui.dialogs.compare_view import CompareView

    set_note(stored_runs["a"], "pilot")
    view = CompareView(tasks, [stored_runs["b"]], current=stored_runs["a"])
    qtbot.addWidget(view)
    listed = view.runs.item(0).text()
    offered = view.recent.itemText(0)
    for text in (listed, offered):
        assert text.startswith("Demonstração rápida: Go x Java, gRPC x REST · "), text
        assert re.search(r" · \d\d/\d\d/\d{4} \d\d:\d\d · n = 20, r = 2", text), text
    assert listed.endswith(" · piloto") and Path(stored_runs["a"]).stem not in listed
    view.add_recent_button.click()
    with qtbot.waitSignal(view.compared, timeout=120_000) as blocker:
        view.start_compare()
    tables = blocker.args[0]
    assert len(tables) == 1 and "; 1 tabela." in view.status.text(), view.status.text()
    df = next(iter(tables.values()))
    p_column = next(c for c in df.columns if c.startswith("p_holm"))
    change = next(c for c in df.columns if c.startswith("mudança"))
    for row in df.iloc[:-1].itertuples(index=False):  # the last row is the geometric mean
        cells = dict(zip(df.columns, row))
        assert re.fullmatch(r"< 0,001|[01],\d{3}", cells[p_column]), cells[p_column]
        lo, hi = (float(x.replace(",", ".")) for x in re.search(r"\[(\S+); (\S+)\]", cells[change]).groups())
        if lo <= 0 <= hi:
            assert cells["veredito"].startswith(("~", "sem diferença clara")), cells
    qtbot.waitUntil(lambda: view.compare_button.isEnabled(), timeout=10_000)


def test_recent_runs_menu_names_runs_by_study_start_and_size(window, qtbot, stored_runs):
    from bancada.ui.settings import add_recent

    add_recent(stored_runs["b"])
    menu = window.menus.recent_menu
    window.window_settings.fill_recent(menu, window.open_run)
    texts = [a.text() for a in menu.actions()]
    assert texts and texts[0].startswith("Quick demo: Go x Java, gRPC x REST · "), texts
    assert "n = 20, r = 2" in texts[0] and Path(stored_runs["b"]).stem not in texts[0]
    assert menu.actions()[0].toolTip() == stored_runs["b"]
