"""Profiles with ``[[external]]`` servers open in the window (the guide's card and File > Open profile)
and run there against a REST and a gRPC server the test starts (tests/own_service: not Bancada's workers)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from bancada.store.runstore import RunStore
from tests.conftest import ROOT
from tests.own_service.servers import OwnServer

pytestmark = pytest.mark.ui

MY_SERVICE = ROOT / "profiles" / "my-service.toml"


def errors_shown(w) -> list[str]:
    return [b.text() for b in w._dialogs if isinstance(b, QMessageBox) and b.isVisible()]


def mixed_profile(folder: Path, rest: str = "127.0.0.1:8081", grpc: str = "127.0.0.1:50052") -> Path:
    """Two external servers of the student's and two of Bancada's workers, one custom request each way."""
    path = folder / "mixed.toml"
    path.write_text(f"""
[experiment]
name = "mine-and-go"
implementations = ["student-rest", "go-rest", "student-grpc", "go-grpc"]
repetitions = 2
requests = 20
warmup = 2
driver = "native"

[[external]]
id = "student-rest"
protocol = "rest"
address = "http://{rest}"
language = "python"

[[external]]
id = "student-grpc"
protocol = "grpc"
address = "{grpc}"
language = "python"

[[workloads]]
name = "Sum"
operation = "custom"
method = "POST"
path = "/v1/sum"
body = '{{"values":{{{{int64s 10 0 100}}}}}}'
grpc_method = "calc.v1.Calculator/Add"
request = '{{"values":{{{{int64s 10 0 100}}}},"label":"x"}}'
""")
    return path


def test_the_guide_card_my_service_opens_the_shipped_profile(window, qtbot):
    w = window
    g = w.show_guide()
    g.study_page.buttons["my-service"].click()
    assert not g.state.study_error, g.state.study_error
    assert w.profile_path == str(MY_SERVICE)
    assert g.next_button.isEnabled(), g.reason.text()
    boxes = w.panel._impl_boxes
    assert {"my-server-rest", "my-server-grpc"} <= set(boxes)
    assert boxes["my-server-rest"].isChecked() and boxes["my-server-grpc"].isChecked()
    assert not errors_shown(w)


def test_open_profile_with_external_servers_and_workers(window, qtbot, tmp_path, monkeypatch):
    w = window
    for path in (MY_SERVICE, mixed_profile(tmp_path)):
        monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, p=path, **k: (str(p), "Profiles (*.toml)"))
        w.menus.act_open_profile.trigger()
        assert not errors_shown(w), errors_shown(w)
        assert w.profile_path == str(path)
    chosen = w.panel.selected_implementations()
    assert set(chosen) == {"student-rest", "go-rest", "student-grpc", "go-grpc"}, chosen
    assert w.panel.build_profile().external[0].id == "student-rest"  # saved as it was opened


def test_an_external_profile_opened_in_the_window_runs_against_the_students_servers(window, qtbot, tmp_path):
    w = window
    rest, grpc = OwnServer("rest"), OwnServer("grpc")
    try:
        text = mixed_profile(tmp_path, rest.address, grpc.address).read_text()
        path = tmp_path / "mine.toml"
        path.write_text(text.replace(', "go-rest"', "").replace(', "go-grpc"', ""))
        assert w.open_profile(str(path)), errors_shown(w)
        with qtbot.waitSignal(w.runFinished, timeout=120_000) as finished:
            assert w.start_run(), w.state_label.text()
        assert finished.args == ["complete"], w.state_label.text()
        with RunStore.open(w.last_finished.path) as store:
            df = store.samples_frame()
        measured = df[df["phase"] == 1]
        assert set(measured["implementation"]) == {"student-rest", "student-grpc"}
        assert measured["ok"].all() and len(measured) == 2 * 2 * 20
        labels = {b.label for item in w.live.box_items.values() for b in item.boxes()}
        assert labels == {"student-rest (Sum)", "student-grpc (Sum)"}, labels
        qtbot.waitUntil(lambda: not w.tasks.busy("stats"), timeout=60_000)
    finally:
        rest.stop()
        grpc.stop()
