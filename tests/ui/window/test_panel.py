"""The experiment panel: bad input refused at entry with a reason; profiles in and out."""

from __future__ import annotations

import pytest

from bancada.experiment.profile import load_profile
from tests.ui.conftest import QUICK

pytestmark = pytest.mark.ui

CAPS = {
    i: {"language": i.split("-")[0], "protocol": i.split("-")[1], "ok": True, "reason": ""}
    for i in ("go-grpc", "go-rest", "java-grpc", "java-rest")
}


@pytest.fixture
def panel(qtbot):
    from bancada.ui.window.panel import ExperimentPanel

    p = ExperimentPanel()
    qtbot.addWidget(p)
    p.set_profile(load_profile(QUICK))
    p.set_capabilities(CAPS)
    return p


def test_quick_profile_is_shown_and_valid(panel):
    assert panel.selected_implementations() == list(CAPS)
    assert panel.requests.value() == 20 and panel.repetitions.value() == 2 and panel.warmup.value() == 20
    assert panel.problem() == ""
    prof = panel.build_profile()
    assert [w.name for w in prof.workloads] == ["StdSize", "LargeSize"]


def test_letters_are_refused_at_entry_with_the_reason(panel, qtbot):
    panel.requests.clear()
    with qtbot.waitSignal(panel.requests.problemChanged) as sig:
        qtbot.keyClicks(panel.requests, "x")
    assert panel.requests.text() == ""  # the letter never got in
    assert "whole number" in sig.args[0]
    qtbot.keyClicks(panel.requests, "15")
    assert panel.requests.value() == 15 and panel.problem() == ""


def test_zero_count_cannot_start_and_says_why(panel, qtbot):
    panel.requests.setText("0")
    assert panel.requests.value() is None
    assert "Requests n must be from 1" in panel.problem()
    assert "Requests n must be from 1" in panel.problem_label.text()
    panel.requests.setText("10")
    panel.custom_check.setChecked(True)
    panel.custom_count.setText("0")
    assert "Custom count" in panel.problem()


def test_no_implementation_cannot_start(panel):
    panel.set_implementations([])
    assert panel.problem() == "Choose at least one implementation"


def test_an_implementation_the_host_cannot_run_is_disabled_with_the_reason(panel):
    caps = dict(
        CAPS, **{"java-rest": {"language": "java", "protocol": "rest", "ok": False, "reason": "java is missing"}}
    )
    panel.set_capabilities(caps)
    box = panel._impl_boxes["java-rest"]
    assert not box.isEnabled() and box.toolTip() == "java is missing" and "java is missing" in box.text()
    assert "java-rest" not in panel.selected_implementations()


def test_operation_and_payloads_build_the_workloads(panel):
    panel.set_payloads(["StdSize"])
    panel.custom_check.setChecked(True)
    panel.custom_count.setText("5000")
    prof = panel.build_profile()
    assert [(w.name, w.count) for w in prof.workloads] == [("StdSize", 200), ("N5000", 5000)]
    panel.operation.setCurrentIndex(panel.operation.findData("ping"))
    prof = panel.build_profile()
    assert [(w.name, w.operation) for w in prof.workloads] == [("Ping", "ping")]
    panel.operation.setCurrentIndex(panel.operation.findData("echo"))
    panel.kind.setCurrentIndex(panel.kind.findData("doubles"))
    assert {w.kind for w in panel.build_profile().workloads} == {"doubles"}


def test_profile_saved_to_toml_reads_back(window, tmp_path):
    w = window
    w.panel.requests.setValue(33)
    w.panel.schedule.setCurrentIndex(w.panel.schedule.findData("sequential"))
    path = tmp_path / "mine.toml"
    assert w.save_profile(str(path))
    back = load_profile(path)
    assert back.experiment.requests == 33 and back.experiment.schedule == "sequential"
    w.panel.requests.setValue(1)
    assert w.open_profile(str(path))
    assert w.panel.requests.value() == 33


def test_studies_menu_lists_the_seed_profiles_by_title(window, root):
    import tomllib

    menus = {m.title().replace("&", ""): m for m in window.menuBar().findChildren(type(window.menus.recent_menu))}
    studies = {a.data().rsplit("/", 1)[-1]: a.text() for a in menus["Studies"].actions()}
    assert {"quick.toml", "soares-2024.toml", "rest-7-languages-load.toml", "microservices-k6-load.toml"} <= set(
        studies
    )
    from bancada.guide.studies import title as card_title

    for name, text in studies.items():
        title = tomllib.loads((root / "profiles" / name).read_text())["experiment"]["title"]
        # the study's title as its card has it (the profile's own for a study without a card), not its file name
        assert text.replace("&&", "&") == card_title(name.removesuffix(".toml"), title)
        assert text != name


def test_shortcuts(window):
    assert window.menus.act_run.shortcut().toString() == "Ctrl+R"
    assert window.menus.act_export.shortcut().toString() == "Ctrl+E"
    assert window.menus.act_open_run.shortcut().toString() == "Ctrl+O"


def test_settings_are_kept(qtbot, window):
    from bancada.ui.app import make_window

    window.panel.requests.setValue(44)
    window.menus.act_log.setChecked(True)
    window.close()
    again = make_window(None)
    qtbot.addWidget(again)
    try:
        assert again.panel.requests.value() == 44
        assert again.menus.act_log.isChecked()
    finally:
        qtbot.waitUntil(lambda: not again.tasks.busy("probe"), timeout=60_000)
        again.close()


def test_failure_policies_default_to_stopping_and_can_be_chosen(panel):
    assert panel.on_worker_death() == "stop" and panel.on_host_disconnect() == "incomplete"
    panel.on_death.setCurrentIndex(panel.on_death.findData("continue"))
    panel.on_disconnect.setCurrentIndex(panel.on_disconnect.findData("pause"))
    assert panel.on_worker_death() == "continue" and panel.on_host_disconnect() == "pause"


def test_load_group_builds_the_load_table(panel):
    assert panel.load.current_model() == "sequential"
    assert not panel.load.concurrency.isEnabled() and not panel.load.rate.isEnabled()
    assert panel.build_profile().load.model == "sequential"
    panel.load.model.setCurrentIndex(panel.load.model.findData("closed"))
    panel.load.concurrency.setText("64")
    panel.load.duration.setText("5")
    assert not panel.requests.isEnabled()  # a timed load ignores the requests n
    load = panel.build_profile().load
    assert (load.model, load.concurrency, load.duration_s, load.rate_per_s) == ("closed", 64, 5.0, None)
    panel.load.model.setCurrentIndex(panel.load.model.findData("open"))
    panel.load.rate.setText("250")
    load = panel.build_profile().load
    assert (load.model, load.rate_per_s) == ("open", 250.0)
    panel.load.duration.setText("0")
    assert panel.requests.isEnabled() and panel.build_profile().load.duration_s is None


def test_python_driver_with_a_concurrent_load_cannot_start_and_says_why(panel):
    panel.load.model.setCurrentIndex(panel.load.model.findData("closed"))
    assert panel.problem() == ""
    panel.driver.setCurrentIndex(panel.driver.findData("python"))
    assert "Python driver sends one request at a time" in panel.problem()
    panel.load.concurrency.setText("0")
    panel.driver.setCurrentIndex(panel.driver.findData("native"))
    assert "Concurrency c must be from 1" in panel.problem()


def test_the_load_study_profile_is_shown_and_kept(panel, root):
    profile = load_profile(root / "profiles" / "rest-7-languages-load.toml")
    panel.set_profile(profile)
    assert panel.load.current_model() == "closed" and panel.load.concurrency.value() == 100
    assert panel.load.duration.value() == 120 and not panel.requests.isEnabled()
    again = panel.build_profile()
    assert again.load == profile.load  # max_records and the rest kept


def test_the_virtual_users_profile_is_shown_kept_and_edited(panel, root):
    """Seed 001's k6 load (model vus): the panel shows its virtual users, pacing and duration, builds the
    same [load] back (ramp-up and graceful stop kept), edits it, asks for a duration, and another model
    drops the vus fields (a profile refuses them under another model)."""
    profile = load_profile(root / "profiles" / "microservices-2024.toml")
    panel.set_profile(profile)
    load = panel.load
    assert load.current_model() == "vus" and load.vus.value() == 10 and load.pacing.value() == 1000
    assert load.duration.value() == 60 and not load.concurrency.isEnabled() and not panel.requests.isEnabled()
    assert panel.build_profile().load == profile.load
    load.vus.setText("25")
    load.pacing.setText("0")
    built = panel.build_profile().load
    assert (built.model, built.vus, built.pacing_s, built.graceful_stop_s) == ("vus", 25, None, 30.0)
    load.duration.setText("0")
    assert "Duration (s) of 1 or more" in panel.problem()
    load.duration.setText("60")
    load.model.setCurrentIndex(load.model.findData("closed"))
    built = panel.build_profile().load
    assert (built.model, built.vus, built.pacing_s, built.ramp_up_s) == ("closed", None, None, None)


def test_schedule_choices_explain_themselves_and_an_old_name_opens_with_a_note(window, tmp_path):
    w = window
    sched = w.panel.schedule
    assert [sched.itemData(i) for i in range(sched.count())] == ["randomized", "sequential", "alternating"]
    assert sched.currentData() == "randomized"  # the quick profile's, and the default
    assert "shuffled order" in w.panel.schedule_hint.text()
    sched.setCurrentIndex(sched.findData("alternating"))
    assert "switching" in w.panel.schedule_hint.text()
    old = tmp_path / "old.toml"
    old.write_text(QUICK.read_text().replace('schedule = "randomized"', 'schedule = "interleaved"'))
    assert w.open_profile(str(old))
    assert sched.currentData() == "alternating"
    assert 'now called "alternating"' in w.state_label.text()
    assert w.open_profile(str(QUICK))
    assert "interleaved" not in w.state_label.text()


def test_a_profile_with_external_implementations_and_custom_requests_keeps_them(qtbot, tmp_path):
    from bancada.ui.window.panel import ExperimentPanel

    (tmp_path / "body.json").write_text("{}")
    path = tmp_path / "mine.toml"
    path.write_text("""
[experiment]
name = "mine"
implementations = ["my-rest", "go-grpc"]

[[external]]
id = "my-rest"
protocol = "rest"
address = "127.0.0.1:8080"

[[workloads]]
name = "StdSize"

[[workloads]]
name = "Orders"
operation = "custom"
path = "/orders"
body_file = "body.json"
""")
    p = ExperimentPanel()
    qtbot.addWidget(p)
    p.set_capabilities(CAPS)  # the host's probe may come first...
    p.set_profile(load_profile(path))  # ...or after the profile: either way the external one is shown
    box = p._impl_boxes["my-rest"]
    assert box.isEnabled() and "127.0.0.1:8080: external, not started by Bancada" in box.toolTip()
    assert "127.0.0.1:8080: external" in box.text()  # its start; the whole of it in the tooltip
    assert p.selected_implementations() == ["my-rest", "go-grpc"] and p.problem() == ""  # external ones first
    prof = p.build_profile()
    assert [e.id for e in prof.external] == ["my-rest"]
    assert sorted(prof.experiment.implementations) == ["go-grpc", "my-rest"]
    assert [(w.name, w.operation) for w in prof.workloads] == [("StdSize", "select"), ("Orders", "custom")]
    p.operation.setCurrentIndex(p.operation.findData("ping"))
    assert [w.name for w in p.build_profile().workloads] == ["Ping", "Orders"]


@pytest.mark.parametrize(
    ("profile", "names"),
    [
        (
            "microservices-2024",
            ["ListPets10", "ListPets100", "ListPets1000", "ListPeople10", "ListPeople100", "ListPeople1000"]
            + ["CreatePet", "CreatePerson"],
        ),
        ("rpc-python-2023", ["Void", "Double", "Sum8", "PowerOfTwo", "Recolor", "MatMul"]),
    ],
)
def test_a_study_of_other_operations_runs_its_own_workloads(qtbot, root, profile, names):
    """Seed 001's database methods and seed 002's six methods are not select or echo: the panel opens
    them as the profile's own workloads (every one checked, a list's rows in its label), builds the
    profile with the checked ones as written, and switching to Select offers the payload presets."""
    from bancada.ui.window.panel import PROFILE_WORKLOADS, ExperimentPanel

    p = ExperimentPanel()
    qtbot.addWidget(p)
    prof = load_profile(root / "profiles" / f"{profile}.toml")
    p.set_profile(prof)
    p.set_capabilities({i: {"language": "go", "protocol": "grpc", "ok": True, "reason": ""} for i in ["go-grpc"]})
    p.set_implementations(["go-grpc"])
    assert p.operation.currentData() == PROFILE_WORKLOADS
    assert p.payload_names() == names == p.selected_payloads()
    assert p.problem() == ""
    assert [w.model_dump() for w in p.build_profile().workloads] == [w.model_dump() for w in prof.workloads]
    if profile == "microservices-2024":
        assert p._own_boxes["ListPets100"].text() == "ListPets100 (list_pets, 100 rows)"
    p.set_payloads(names[1:2])
    assert [w.name for w in p.build_profile().workloads] == names[1:2]
    p.set_payloads([])
    assert p.problem() == "Choose at least one workload"
    p.operation.setCurrentIndex(p.operation.findData("select"))
    assert p.payload_names()[:2] == ["StdSize", "LargeSize"] and not p.own_widget.isVisibleTo(p)
    p.set_payloads(["StdSize"])
    assert [(w.name, w.operation, w.count) for w in p.build_profile().workloads] == [("StdSize", "select", 200)]
    p.set_profile(load_profile(root / "profiles" / "quick.toml"))
    assert p.operation.findData(PROFILE_WORKLOADS) == -1 and p.operation.currentData() == "select"


def test_the_warm_up_row_says_how_it_ends_in_pt_br_and_reaches_the_profile(pt_window, qtbot):
    from PySide6.QtWidgets import QApplication

    from bancada.experiment.steady import SteadyState
    from tests.ui.conftest import screenshot

    p = pt_window.panel
    assert p.warmup_until.currentText() == "estável, todo bloco"  # quick.toml: steady, at most 1 s a block
    assert p.build_profile().experiment.warmup_until == SteadyState(max_s=1.0)
    pt_window.panel_scroll.ensureWidgetVisible(p.warmup_until)
    QApplication.processEvents()
    for i in range(p.warmup_until.count()):  # every choice readable whole in its box
        text = p.warmup_until.itemText(i)
        assert p.warmup_until.fontMetrics().horizontalAdvance(text) < p.warmup_until.width(), text
    screenshot(pt_window, "pt_BR-warm-up-row.png")
    p.warmup_until.setCurrentIndex(p.warmup_until.findData("count"))
    assert p.build_profile().experiment.warmup_until is None
    p.warmup_until.setCurrentIndex(p.warmup_until.findData("once"))
    assert p.build_profile().experiment.warmup_until == SteadyState(once=True, max_s=1.0)
