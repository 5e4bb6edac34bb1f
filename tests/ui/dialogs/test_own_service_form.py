"""“Meu próprio serviço” walked in pt-BR: the guide's card opens the form; two servers written for the
test (tests/own_service: a REST server and a gRPC server with reflection, not Bancada's workers) and one
request to each are declared through the form only, a wrong port and a wrong method are said in
Portuguese, the profile is written, run in the window, and the box plots, the statistics and the
exported profile are there. Screenshots of each step at 1024×768 go to tests/artifacts/."""

from __future__ import annotations

import socket
import tomllib

import pytest
from PySide6.QtCore import Qt

from tests.own_service.servers import OwnServer
from tests.ui.conftest import screenshot

pytestmark = pytest.mark.ui


@pytest.fixture
def servers():
    rest, grpc = OwnServer("rest"), OwnServer("grpc")
    yield rest, grpc
    rest.stop()
    grpc.stop()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def type_into(qtbot, field, text: str) -> None:
    field.clear()
    qtbot.keyClicks(field, text)


def check(qtbot, box) -> str:
    with qtbot.waitSignal(box.checked, timeout=30_000):
        qtbot.mouseClick(box.check_button, Qt.MouseButton.LeftButton)
    return box.status.toolTip()


def shot(dialog, name: str) -> None:
    dialog.resize(1024, 768)
    screenshot(dialog, name)


def test_my_own_service_through_the_form_in_portuguese(pt_window, servers, qtbot, tmp_path):
    w = pt_window
    rest, grpc = servers

    # the guide's card opens the form, in Portuguese, filled with the shipped example
    g = w.show_guide()
    g.study_page.buttons["my-service"].click()
    f = w.profiles.own_service
    assert f is not None and f.isVisible() and f.windowTitle() == "Meu próprio serviço"
    assert f.save_button.text() == "Salvar e abrir" and f.servers[0].check_button.text() == "Verificar"
    assert [s.name.text() for s in f.servers] == ["meu-servidor-rest", "meu-servidor-grpc"]  # in her language
    shot(f, "own-service-pt_BR-01-card.png")

    # the student's own: two servers, one request to each (the example's requests removed)
    type_into(qtbot, f.title, "Lab 6: minha calculadora")
    rest_box, grpc_box = f.servers
    type_into(qtbot, rest_box.name, "lab6-rest")
    type_into(qtbot, grpc_box.name, "lab6-grpc")
    for box in list(f.requests):
        qtbot.mouseClick(box.remove_button, Qt.MouseButton.LeftButton)
    assert not f.requests

    # a wrong port: said in Portuguese under the server
    port = free_port()
    type_into(qtbot, rest_box.address, f"127.0.0.1:{port}")
    text = check(qtbot, rest_box)
    assert text == f"não é possível alcançar lab6-rest em 127.0.0.1:{port}: conexão recusada", text
    assert not rest_box.checked_ok
    shot(f, "own-service-pt_BR-02-wrong-port.png")
    type_into(qtbot, rest_box.address, f"http://{rest.address}")
    assert check(qtbot, rest_box).startswith("Responde"), rest_box.status.toolTip()

    # gRPC: Check lists the methods through server reflection
    type_into(qtbot, grpc_box.address, grpc.address)
    text = check(qtbot, grpc_box)
    assert grpc_box.checked_ok and "calc.v1.Calculator/Add" in text and "calc.v1.Calculator/Multiply" in text, text
    assert "ServerReflection" not in text

    # one request: REST POST /v1/sum, and the gRPC method chosen from the list, its JSON filled in
    qtbot.mouseClick(f.add_request_button, Qt.MouseButton.LeftButton)
    (req,) = f.requests
    type_into(qtbot, req.name, "Soma")
    req.method.setCurrentText("POST")
    type_into(qtbot, req.path, "/v1/sum")
    req.body.setPlainText('{"values": {{int64s 10 0 100}}}')
    assert [req.grpc_method.itemText(i) for i in range(req.grpc_method.count())] == [
        "calc.v1.Calculator/Add",
        "calc.v1.Calculator/Multiply",
    ]
    req.choose_method("calc.v1.Calculator/Multiply")
    assert req.request.toPlainText() == (
        '{"x": 1.5, "y": 1.5, "rounded": true, "extra": {"values": [1], "label": "text"}}'
    )

    # a wrong method: said in Portuguese when the server is checked
    req.grpc_method.setCurrentText("calc.v1.Calculator/Somar")
    check(qtbot, grpc_box)
    assert "Soma: o servidor em" in f.problem.text() and (
        "o serviço calc.v1.Calculator não tem o método Somar (métodos: Add, Multiply)" in f.problem.text()
    ), f.problem.text()
    shot(f, "own-service-pt_BR-03-wrong-method.png")
    req.choose_method("calc.v1.Calculator/Add")
    assert req.request.toPlainText() == '{"values": [1], "label": "text"}'
    req.request.setPlainText('{"values": {{int64s 10 0 100}}, "label": "lab6"}')
    check(qtbot, grpc_box)
    assert not f.problem.text()
    shot(f, "own-service-pt_BR-04-declared.png")

    # save: a normal profile file, opened in the window; the guide's study is chosen
    path = tmp_path / "lab6.toml"
    type_into(qtbot, f.path, str(path))
    qtbot.mouseClick(f.save_button, Qt.MouseButton.LeftButton)
    assert not f.isVisible(), f.problem.text()
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert [e["id"] for e in data["external"]] == ["lab6-rest", "lab6-grpc"]
    assert data["external"][0]["address"] == f"http://{rest.address}"
    (wl,) = data["workloads"]
    assert (wl["method"], wl["path"], wl["grpc_method"]) == ("POST", "/v1/sum", "calc.v1.Calculator/Add")
    assert w.profile_path == str(path) and g.state.study == "my-service" and not g.state.study_error
    assert w.panel.selected_implementations() == ["lab6-rest", "lab6-grpc"]

    # the study goes on as any study: a small run in the window
    w.panel.requests.setValue(30)
    w.panel.repetitions.setValue(2)
    w.panel.warmup.setValue(3)
    with qtbot.waitSignal(w.runFinished, timeout=120_000) as finished:
        assert w.start_run(), w.state_label.text()
    assert finished.args == ["complete"], w.state_label.text()
    labels = {b.label for item in w.live.box_items.values() for b in item.boxes()}
    assert labels == {"lab6-rest (Soma)", "lab6-grpc (Soma)"}, labels
    qtbot.waitUntil(lambda: w.stats_view.result is not None and not w.tasks.busy("stats"), timeout=60_000)
    w.tabs.setCurrentIndex(0)
    qtbot.wait(300)  # the layout settles before the picture
    screenshot(w, "own-service-pt_BR-05-boxes.png")
    w.tabs.setCurrentWidget(w.stats_view)
    assert w.stats_view.sections, "no statistics shown"
    screenshot(w, "own-service-pt_BR-06-statistics.png")

    # export: the profile as run, with the servers and the request
    out = tmp_path / "export"
    with qtbot.waitSignal(w.exportDone, timeout=60_000):
        w.exports.export_all(str(out))
    exported = tomllib.loads((out / "profile.toml").read_text(encoding="utf-8"))
    assert [e["id"] for e in exported["external"]] == ["lab6-rest", "lab6-grpc"]
    assert exported["workloads"][0]["grpc_method"] == "calc.v1.Calculator/Add"
    assert (out / "samples.csv").stat().st_size > 0 and (out / "plot.png").stat().st_size > 0

    # the saved file opens again in the same form
    again = w.show_own_service(str(path))
    assert [s.address.text() for s in again.servers] == [f"http://{rest.address}", grpc.address]
    assert again.requests[0].grpc_method.currentText() == "calc.v1.Calculator/Add"
    again.close()


def test_a_check_does_not_move_the_next_server_under_the_pointer(pt_window, servers, qtbot):
    """After Verificar the result line pushed the next server's row down 14 px: the line has its room
    from the start, for a failed check and for a gRPC server's list of methods alike."""
    w = pt_window
    f = w.show_own_service()
    qtbot.waitUntil(f.isVisible, timeout=5_000)
    qtbot.wait(300)  # fitted to the screen once shown
    first, second = f.servers[0], f.servers[1]
    rest, grpc = servers

    def y() -> int:
        return second.name.mapTo(f, second.name.rect().topLeft()).y()

    before = y()
    type_into(qtbot, first.address, f"127.0.0.1:{free_port()}")  # nothing listens there
    assert "✘" not in first.status.text()
    check(qtbot, first)
    assert "✘" in first.status.text()
    assert y() == before, (before, y())
    first.protocol.setCurrentIndex(first.protocol.findData("grpc"))
    type_into(qtbot, first.address, grpc.address)
    check(qtbot, first)
    assert "✔" in first.status.text(), first.status.toolTip()
    assert y() == before, (before, y())
