"""“Meu próprio serviço” speaks the reader's language and names each server one way.

The form suggests saving in the user's profiles folder (not the program's ``profiles/``, read-only when
installed) with names in the reader's language that are valid ids; a server of one's own is called by the
name the student typed in the panel, the plot's title, axis and legend alike (not "External", not
"Lab6-rest" on the axis while the legend says "lab6-rest", not "soma · custom")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bancada.core import paths
from bancada.experiment.external import ExternalSpec
from bancada.report.build import _worker
from tests.conftest import ROOT
from tests.own_service.servers import OwnServer
from tests.ui.conftest import screenshot

pytestmark = pytest.mark.ui


def test_the_form_suggests_the_users_folder_and_names_in_portuguese(pt_window, qtbot):
    w = pt_window
    g = w.show_guide()
    g.study_page.buttons["my-service"].click()  # the shipped example, to be made one's own
    f = w.profiles.own_service
    assert f is not None and f.isVisible()
    names = [s.name.text() for s in f.servers]
    assert names == ["meu-servidor-rest", "meu-servidor-grpc"], names
    for name in names:  # valid as the ids of [[external]]
        ExternalSpec(id=name, protocol="rest", address="127.0.0.1:8080")
    assert f.title.text() == "Meu próprio serviço, via REST e gRPC", f.title.text()
    suggested = Path(f.path.text())
    assert suggested == paths.user_profiles_dir() / "meu-proprio-servico.toml", suggested
    assert not suggested.is_relative_to(ROOT / "profiles") and not suggested.is_relative_to(paths.home())
    f.close()

    # File > Meu próprio serviço with no profile of one's own shown: the form's own defaults
    w.open_profile(str(ROOT / "profiles" / "quick.toml"))
    f = w.show_own_service()
    assert [s.name.text() for s in f.servers] == ["meu-servidor-rest", "meu-servidor-grpc"]
    assert [r.name.text() for r in f.requests] == ["Requisição1"]
    f.add_request_button.click()
    assert [r.name.text() for r in f.requests] == ["Requisição1", "Requisição2"]
    assert Path(f.path.text()).parent == paths.user_profiles_dir()
    f.close()


def profile(folder: Path, rest: str, grpc: str) -> Path:
    path = folder / "lab6.toml"
    path.write_text(f"""
[experiment]
name = "lab6"
title = "Lab 6"
implementations = ["lab6-rest", "lab6-grpc"]
repetitions = 2
requests = 20
warmup = 2
factors = ["implementation"]  # as the form writes it

[[external]]
id = "lab6-rest"
protocol = "rest"
address = "http://{rest}"

[[external]]
id = "lab6-grpc"
protocol = "grpc"
address = "{grpc}"

[[workloads]]
name = "soma"
operation = "custom"
method = "POST"
path = "/v1/sum"
body = '{{"values":{{{{int64s 10 0 100}}}}}}'
grpc_method = "calc.v1.Calculator/Add"
request = '{{"values":{{{{int64s 10 0 100}}}},"label":"x"}}'
""")
    return path


def plain(html_text: str) -> str:
    return re.sub(r"<[^>]+>", "", html_text).replace("&nbsp;", " ").strip()


def test_one_label_per_server_in_the_panel_and_the_plots(pt_window, qtbot, tmp_path):
    w = pt_window
    rest, grpc = OwnServer("rest"), OwnServer("grpc")
    try:
        assert w.open_profile(str(profile(tmp_path, rest.address, grpc.address)))
        qtbot.waitUntil(lambda: "lab6-rest" in w.panel._impl_boxes, timeout=10_000)
        box_text = w.panel._impl_boxes["lab6-rest"].text()
        first_line = box_text.splitlines()[0]
        assert first_line.split()[0] == "lab6-rest" and "External" not in box_text, box_text
        assert "REST" in first_line, box_text
        with qtbot.waitSignal(w.runFinished, timeout=120_000) as finished:
            assert w.start_run(), w.state_label.text()
        assert finished.args == ["complete"], w.state_label.text()
        (plot,) = w.live.box_plots.values()
        assert plain(plot.titleLabel.text) == "soma", plot.titleLabel.text  # not "soma · custom"
        ticks = [label for _x, label in plot.getAxis("bottom")._tickLevels[0]]
        assert ticks == ["lab6-rest", "lab6-grpc"], ticks  # as typed, not "Lab6-rest"
        (legend,) = w.live.legends.values()
        legend_names = [label.text for _sample, label in legend.items]
        assert set(legend_names) <= {"lab6-rest", "lab6-grpc"} and legend_names, legend_names
        qtbot.waitUntil(lambda: w.stats_view.result is not None and not w.tasks.busy("stats"), timeout=60_000)
        w.tabs.setCurrentIndex(0)
        qtbot.wait(300)
        screenshot(w, "own-service-pt_BR-labels.png")
    finally:
        rest.stop()
        grpc.stop()


def test_the_reports_worker_table_says_external_in_the_readers_language():
    from bancada.core import i18n

    i18n.set_language("pt_BR")
    try:
        row = _worker("lab6-rest", {"language": "external", "protocol": "rest"})
    finally:
        i18n.set_language("en")
    assert row["implementation"] == "lab6-rest" and row["language"] == "externo (não iniciado pelo Bancada)", row
