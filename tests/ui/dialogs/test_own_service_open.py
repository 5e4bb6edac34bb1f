"""Profiles with ``[[external]]`` servers open in the window (the guide's card and File > Open profile)
and run there against a REST and a gRPC server the test starts (tests/own_service: not Bancada's workers)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QLabel, QLineEdit, QMessageBox

from bancada.store.runstore import RunStore
from tests.conftest import ROOT
from tests.own_service.servers import OwnServer

pytestmark = pytest.mark.ui

MY_SERVICE = ROOT / "profiles" / "my-service.toml"


def answer_file_dialog(path: Path | None, seen: dict) -> None:
    """When Qt's file dialog is up: note its folder and labels in ``seen``, then choose ``path`` (None: cancel)."""

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QFileDialog):
            QTimer.singleShot(20, answer)
            return
        seen["folder"] = dialog.directory().absolutePath()
        seen["labels"] = [label.text().replace("&", "") for label in dialog.findChildren(QLabel) if label.text()]
        if path is None:
            dialog.reject()
        else:
            dialog.findChild(QLineEdit, "fileNameEdit").setText(str(path))  # typed, as a user may
            dialog.done(QFileDialog.DialogCode.Accepted)  # as Open does, without waiting for the folder's listing

    QTimer.singleShot(20, answer)


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


def test_open_profile_with_external_servers_and_workers(window, qtbot, tmp_path):
    w = window
    for path in (MY_SERVICE, mixed_profile(tmp_path)):
        answer_file_dialog(path, {})
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


def test_file_dialogs_remember_the_folder_and_speak_portuguese(qapp, qtbot, tmp_path):
    from bancada.core import paths
    from bancada.ui import language, tasks
    from bancada.ui.app import make_window

    assert language.install("pt_BR") == "pt_BR"
    w = make_window(str(MY_SERVICE))
    qtbot.addWidget(w)
    try:
        seen: dict = {}
        answer_file_dialog(None, seen)  # the first time: the user's profiles folder
        w.menus.act_open_profile.trigger()
        assert Path(seen["folder"]) == paths.user_profiles_dir()
        assert "Procurar em:" in seen["labels"] and "Arquivos do tipo:" in seen["labels"], seen["labels"]
        other = tmp_path / "assignment"
        other.mkdir()
        mine = mixed_profile(other)
        answer_file_dialog(mine, {})
        w.menus.act_open_profile.trigger()
        assert w.profile_path == str(mine), errors_shown(w)
        answer_file_dialog(None, seen)  # then the folder last used, for opening and for saving
        w.menus.act_open_profile.trigger()
        assert Path(seen["folder"]) == other
        answer_file_dialog(None, seen)
        w.menus.act_save_profile.trigger()
        assert Path(seen["folder"]) == other
    finally:
        w.close()
        qtbot.waitUntil(lambda: not tasks.running_threads(), timeout=30_000)
        language.install("en")


def test_external_servers_come_first_and_long_names_are_elided(qtbot, tmp_path):
    from bancada.experiment.profile import load_profile
    from bancada.ui.window.panel import NAME_WIDTH_PX, ExperimentPanel

    long_id = "student-rest-server-of-the-second-distributed-systems-lab"
    path = mixed_profile(tmp_path)
    path.write_text(path.read_text().replace("student-rest", long_id))
    caps = {
        i: {"language": "go", "protocol": i.split("-")[1], "ok": True, "reason": ""} for i in ("go-grpc", "go-rest")
    }
    p = ExperimentPanel()
    qtbot.addWidget(p)
    p.set_profile(load_profile(path))
    p.set_capabilities(caps)
    assert list(p._impl_boxes) == [long_id, "student-grpc", "go-grpc", "go-rest"]
    box = p._impl_boxes[long_id]
    first = box.text().split("\n")[0]
    assert first.endswith("…") and box.fontMetrics().horizontalAdvance(first) <= NAME_WIDTH_PX
    assert box.toolTip().startswith(f"{long_id}   (Python · REST/JSON)\n127.0.0.1:8081: external"), box.toolTip()
