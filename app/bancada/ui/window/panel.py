"""The experiment panel: host, implementations, workload, design, schedule, driver, load.

It shows a :class:`~bancada.experiment.profile.Profile` and builds a new one
from what the user set (:meth:`ExperimentPanel.build_profile`). What the host
can run arrives later (:meth:`set_capabilities`), from a background task:
asking the host runs a subprocess, never on the GUI thread.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QLocale, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from bancada.core.i18n import proper_name
from bancada.experiment.profile import LARGE_SIZE, STD_SIZE, Profile, ProfileError, Workload, parse_profile
from bancada.experiment.steady import warmup_choice, with_choice
from bancada.ui import scheme
from bancada.ui.window.design_group import DesignGroup
from bancada.ui.window.fields import ChoiceBox, IntField, choice_box
from bancada.ui.window.load_group import LoadGroup
from bancada.wire import protocols

LOCAL_HOST = "local"
PRESETS = {"StdSize": STD_SIZE, "LargeSize": LARGE_SIZE}
#: How wide an implementation's "cannot run" reason may be in the panel (the panel stays narrow at 1024 x 768).
REASON_WIDTH_PX = 170
#: How wide an implementation's name (and an external server's address) may be in the panel.
NAME_WIDTH_PX = 190
#: The operations the panel's widgets edit; a profile's workloads of other operations are run as written.
PANEL_OPERATIONS = ("select", "echo", "ping", "info", "custom", "serial")
#: The operation entry that runs the profile's own workloads (seed 001's database methods, seed 002's methods).
PROFILE_WORKLOADS = "profile"
#: The language an [[external]] server has when its profile names none (experiment/external.py).
EXTERNAL_LANGUAGE = "external"


def pretty(word: str) -> str:
    """A language or protocol as the panel names it (``rest`` -> ``REST/JSON``, ``cpp`` -> ``C++``): a
    protocol's label is its registry entry's (:mod:`bancada.wire.protocols`)."""
    return protocols.label(word) or proper_name(word)


def kind(language: str, protocol: str) -> str:
    """What an implementation is, after its name: ``Go · REST/JSON``; for a server of one's own whose
    profile names no language (``external``), its protocol alone (``REST/JSON``): the name the
    student typed is its one label, and "External" is not a language."""
    if language in ("", EXTERNAL_LANGUAGE):
        return pretty(protocol)
    return f"{pretty(language)} · {pretty(protocol)}"


class ExperimentPanel(QWidget):
    """Everything that defines an experiment; emits ``changed`` on every edit."""

    changed = Signal()
    manageHostsRequested = Signal()
    capabilitiesChanged = Signal()  # the host check answered (set_capabilities or set_capabilities_error)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._base: Profile | None = None
        self._impl_boxes: dict[str, QCheckBox] = {}
        self._impl_ok: dict[str, tuple[bool, str]] = {}
        self._caps: dict[str, dict] | None = None  # the host's implementations, as last probed
        self.caps_error = ""  # why the last host check failed ("" when it answered)
        self._workload_boxes: dict[str, QCheckBox] = {}
        self._workloads: dict[str, dict[str, Any]] = {}
        # the profile's workloads of other operations (seed 001's database methods, seed 002's six
        # methods): run as the profile writes them, the user choosing which
        self._own_boxes: dict[str, QCheckBox] = {}
        self._own: dict[str, dict[str, Any]] = {}

        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 6, 6, 6)

        # host
        host_box = QGroupBox(self.tr("Host"))
        hl = QHBoxLayout(host_box)
        self.host_combo = ChoiceBox()
        self.host_combo.addItem(self.tr("This computer"), LOCAL_HOST)
        self.host_combo.setToolTip(self.tr("Where the implementations under test run"))
        hl.addWidget(self.host_combo, 1)
        self.hosts_button = QPushButton(self.tr("Hosts…"))
        self.hosts_button.setToolTip(self.tr("Add or edit SSH target hosts"))
        self.hosts_button.clicked.connect(self.manageHostsRequested)
        self.hosts_button.setVisible(False)
        hl.addWidget(self.hosts_button)
        outer.addWidget(host_box)

        # implementations
        self.impl_group = QGroupBox(self.tr("Implementations"))
        self.impl_layout = QVBoxLayout(self.impl_group)
        self.impl_status = QLabel(self.tr("Checking what this host can run…"))
        self.impl_status.setWordWrap(True)
        self.impl_layout.addWidget(self.impl_status)
        outer.addWidget(self.impl_group)

        # workload
        wl_box = QGroupBox(self.tr("Workload"))
        wf = QFormLayout(wl_box)
        self.operation = choice_box(
            [
                (self.tr("Select: N ints in, 3 out"), "select"),
                (self.tr("Echo: payload in, count out"), "echo"),
                (self.tr("Ping: empty (overhead floor)"), "ping"),
            ]
        )
        wf.addRow(self.tr("Operation"), self.operation)
        self.payload_widget = QWidget()
        self.payload_layout = QVBoxLayout(self.payload_widget)
        self.payload_layout.setContentsMargins(0, 0, 0, 0)
        wf.addRow(self.tr("Payload"), self.payload_widget)
        self.own_widget = QWidget()
        self.own_layout = QVBoxLayout(self.own_widget)
        self.own_layout.setContentsMargins(0, 0, 0, 0)
        wf.addRow(self.tr("Workloads"), self.own_widget)
        self._workload_form = wf
        custom = QHBoxLayout()
        self.custom_check = QCheckBox(self.tr("Custom count"))
        self.custom_count = IntField(self.tr("Custom count"), 1, 16_777_216, 1000)
        custom.addWidget(self.custom_check)
        custom.addWidget(self.custom_count, 1)
        wf.addRow("", custom)
        self._custom_row = custom
        self.kind = choice_box(
            [(k, k) for k in ("int64s", "doubles", "strings", "records")],
            self.tr("Element type of the payload (Select always sends int64s)"),
        )
        wf.addRow(self.tr("Data kind"), self.kind)
        outer.addWidget(wl_box)

        # design
        self.design = DesignGroup()
        d = self.design  # its fields, named as the panel always named them
        self.repetitions, self.requests, self.warmup = d.repetitions, d.requests, d.warmup
        self.warmup_until, self.schedule, self.schedule_hint = d.warmup_until, d.schedule, d.schedule_hint
        self.connection, self.driver, self.on_death = d.connection, d.driver, d.on_death
        self.on_disconnect, self.profile_cpu = d.on_disconnect, d.profile_cpu
        outer.addWidget(self.design)
        self.load = LoadGroup()
        outer.addWidget(self.load)

        for combo in self.findChildren(QComboBox):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(8)
        # why Run is disabled: the window shows this label beside Run (see MainWindow)
        self.problem_label = QLabel()
        self.problem_label.setObjectName("runProblem")
        scheme.set_tone(self.problem_label, "error", "color: {tone}; font-weight: 600;")
        outer.addStretch(1)

        for f in (self.repetitions, self.requests, self.warmup, self.custom_count):
            f.problemChanged.connect(self._on_entry_problem)
        self.load.problemChanged.connect(self._on_entry_problem)
        self.load.changed.connect(self._emit_changed)
        self.load.changed.connect(self._sync_enabled)
        for combo in (
            self.operation,
            self.kind,
            self.schedule,
            self.connection,
            self.driver,
            self.on_death,
            self.on_disconnect,
            self.host_combo,
        ):
            combo.currentIndexChanged.connect(self._emit_changed)
        self.custom_check.toggled.connect(self._emit_changed)
        self.profile_cpu.toggled.connect(self._emit_changed)
        self.operation.currentIndexChanged.connect(self._sync_enabled)
        self._sync_enabled()

    # -- profile <-> widgets ------------------------------------------------------
    def set_profile(self, profile: Profile) -> None:
        """Show ``profile`` (its implementations and workloads are kept as the base)."""
        self._base = profile
        exp = profile.experiment
        self.repetitions.setValue(exp.repetitions)
        self.requests.setValue(exp.requests)
        self.warmup.setValue(exp.warmup)
        self.warmup_until.setCurrentIndex(max(0, self.warmup_until.findData(warmup_choice(exp.warmup_until))))
        self._show_profiling(profile)
        for combo, value in (
            (self.schedule, exp.schedule),
            (self.connection, exp.connection),
            (self.driver, exp.driver),
        ):
            combo.setCurrentIndex(max(0, combo.findData(value)))
        self._set_own_workloads([w for w in profile.workloads if w.operation not in PANEL_OPERATIONS])
        ops = {w.operation for w in profile.workloads if w.operation not in ("custom", "serial")}
        op = PROFILE_WORKLOADS if self._own else ops.pop() if len(ops) == 1 else "select"
        self.operation.setCurrentIndex(max(0, self.operation.findData(op if op != "info" else "ping")))
        self.kind.setCurrentIndex(max(0, self.kind.findData(profile.workloads[0].kind)))
        self._show_payloads(profile)
        self.custom_check.setChecked(False)
        self.load.set_load(profile.load)
        if self._caps is not None:  # show this profile's external implementations too
            self.set_capabilities(self._caps)
        self.set_implementations(exp.implementations)
        self._sync_enabled()
        self._emit_changed()

    def _show_payloads(self, profile: Profile) -> None:
        """The payload check boxes: the presets (copying the profile's first select or echo workload),
        then the profile's own select and echo workloads; those of the profile checked."""
        for box in self._workload_boxes.values():
            box.setParent(None)
        self._workload_boxes.clear()
        self._workloads = {}
        # the presets copy the profile's first select or echo workload (its ranges and seed), else the defaults
        first = next((w for w in profile.workloads if w.operation in ("select", "echo")), None)
        template = first.model_dump() if first is not None else Workload(name="StdSize").model_dump()
        template.update(operation="select", kind="int64s")
        for name, count in PRESETS.items():
            self._workloads[name] = {**template, "name": name, "count": count}
        for w in profile.workloads:
            if w.operation in ("select", "echo"):
                self._workloads[w.name] = w.model_dump()
        chosen = {w.name for w in profile.workloads}
        for name, fields in self._workloads.items():
            box = QCheckBox(
                self.tr("{name} ({n} elements)").format(name=name, n=QLocale().toString(int(fields["count"])))
            )
            box.setChecked(name in chosen)
            box.toggled.connect(self._emit_changed)
            self.payload_layout.addWidget(box)
            self._workload_boxes[name] = box

    def _set_own_workloads(self, workloads: list[Any]) -> None:
        """Offer ``workloads`` (the profile's of operations the panel does not edit) as check boxes, all
        checked, and the operation entry that runs them; without any, that entry is gone."""
        for box in self._own_boxes.values():
            box.setParent(None)
        self._own_boxes.clear()
        self._own = {w.name: w.model_dump(exclude_none=True) for w in workloads}
        for w in workloads:
            box = QCheckBox(self._own_label(w.name, w.operation, w.limit))
            box.setChecked(True)
            box.toggled.connect(self._emit_changed)
            self.own_layout.addWidget(box)
            self._own_boxes[w.name] = box
        at = self.operation.findData(PROFILE_WORKLOADS)
        if self._own and at < 0:
            self.operation.addItem(self.tr("As the profile: its own workloads"), PROFILE_WORKLOADS)
        elif not self._own and at >= 0:
            self.operation.removeItem(at)

    def _own_label(self, name: str, operation: str, limit: int | None) -> str:
        """A workload's check box: its name, its operation and, for a list, how many rows it asks."""
        if limit is not None:
            return self.tr("{name} ({operation}, {n} rows)").format(
                name=name, operation=operation, n=QLocale().toString(limit)
            )
        return self.tr("{name} ({operation})").format(name=name, operation=operation)

    def _runnable(self, impl_id: str) -> bool:
        return self._impl_ok.get(impl_id, (True, ""))[0]

    def set_capabilities(self, caps: dict[str, dict]) -> None:
        """Show the implementations found: ``{impl_id: {language, protocol, ok, reason}}``,
        then the profile's external ones (not started by Bancada, so not the host's to run)."""
        self._caps = caps
        self.caps_error = ""
        for box in self._impl_boxes.values():
            box.setParent(None)
        self._impl_boxes.clear()
        caps = {  # the profile's external servers first: in a study of one's own service they are the point
            **{
                e.id: {"language": e.language, "protocol": e.protocol, "ok": True, "reason": "", "external": e.target}
                for e in (self._base.external if self._base else [])
            },
            **caps,
        }
        self._impl_ok = {i: (c["ok"], c["reason"]) for i, c in caps.items()}
        for impl_id, c in caps.items():
            name = f"{impl_id}   ({kind(c['language'], c['protocol'])})"
            box = QCheckBox()
            # a long name is cut with "…" (the panel stays narrow at 1024 x 768); the whole of it is in the tooltip
            shown = box.fontMetrics().elidedText(name, Qt.TextElideMode.ElideRight, NAME_WIDTH_PX)
            box.setText(shown)
            box.setEnabled(c["ok"])
            if not c["ok"]:
                tip = c["reason"]
            elif c.get("external"):
                tip = self.tr("{target}: external, not started by Bancada").format(target=c["external"])
            else:
                tip = self.tr("{lang} worker serving {proto}").format(
                    lang=pretty(c["language"]), proto=pretty(c["protocol"])
                )
            box.setToolTip(tip if shown == name else name + "\n" + tip)
            if not c["ok"]:  # the reason's start (it may name a long path): the whole of it is the tooltip
                why = box.fontMetrics().elidedText(c["reason"], Qt.TextElideMode.ElideRight, REASON_WIDTH_PX)
                box.setText(box.text() + "\n   " + self.tr("cannot run: {why}").format(why=why))
            if c.get("external"):
                where = self.tr("{target}: external, not started by Bancada").format(target=c["external"])
                box.setText(
                    box.text()
                    + "\n   "
                    + box.fontMetrics().elidedText(where, Qt.TextElideMode.ElideRight, NAME_WIDTH_PX)
                )
                if where not in box.toolTip():
                    box.setToolTip(box.toolTip() + "\n" + where)
            box.toggled.connect(self._emit_changed)
            self.impl_layout.addWidget(box)
            self._impl_boxes[impl_id] = box
        self.impl_status.setVisible(not caps)
        if not caps:
            self.impl_status.setText(self.tr("No implementations found (workers/*/worker.toml)"))
        if self._base is not None:
            self.set_implementations(self._base.experiment.implementations)
        self._emit_changed()
        self.capabilitiesChanged.emit()

    def set_capabilities_error(self, message: str) -> None:
        self.caps_error = message
        self.impl_status.setText(self.tr("Cannot ask the host what it runs: {m}").format(m=message))
        self.impl_status.setVisible(True)
        self.capabilitiesChanged.emit()

    def capabilities(self) -> dict[str, dict] | None:
        """What the host check found, ``{impl_id: {language, protocol, ok, reason}}`` (None: no answer yet)."""
        return self._caps

    def selected_implementations(self) -> list[str]:
        return [i for i, b in self._impl_boxes.items() if b.isChecked() and self._runnable(i)]

    def set_implementations(self, ids: list[str]) -> None:
        """Check the implementations in ``ids`` that this host can run; uncheck the others."""
        for impl_id, box in self._impl_boxes.items():
            box.setChecked(impl_id in ids and self._runnable(impl_id))

    def payload_names(self) -> list[str]:
        """The payloads the panel offers (the presets, then the profile's own), or the profile's own
        workloads when the operation runs them."""
        return list(self._shown_boxes())

    def selected_payloads(self) -> list[str]:
        return [n for n, b in self._shown_boxes().items() if b.isChecked()]

    def set_payloads(self, names: list[str]) -> None:
        for name, box in self._shown_boxes().items():
            box.setChecked(name in names)

    def _shown_boxes(self) -> dict[str, QCheckBox]:
        return self._own_boxes if self.operation.currentData() == PROFILE_WORKLOADS else self._workload_boxes

    def host(self) -> str:
        return self.host_combo.currentData()

    def set_hosts(self, names: list[str]) -> None:
        """Offer saved SSH hosts after "This computer"."""
        current = self.host()
        while self.host_combo.count() > 1:
            self.host_combo.removeItem(1)
        for n in names:
            self.host_combo.addItem(n, n)
        self.host_combo.setCurrentIndex(max(0, self.host_combo.findData(current)))

    def on_worker_death(self) -> str:
        return self.on_death.currentData()

    def on_host_disconnect(self) -> str:
        return self.on_disconnect.currentData()

    # -- validation ----------------------------------------------------------------
    def problem(self) -> str:
        """Why the experiment cannot start, or ""."""
        if not self._impl_boxes:
            return self.tr("Waiting for the list of implementations…")
        if not self.selected_implementations():
            return self.tr("Choose at least one implementation")
        for f in (self.repetitions, self.requests, self.warmup):
            if f.problem() and f.isEnabled():
                return f.problem()
        if self.load.problem():
            return self.load.problem()
        if self.driver.currentData() == "python" and self.load.current_model() != "sequential":
            return self.tr(
                "The Python driver sends one request at a time: choose Driver Auto or Native (Go) "
                "for the {m} load model"
            ).format(m=self.load.current_model())
        workload_problem = self._workload_problem()
        if workload_problem:
            return workload_problem
        try:
            self.build_profile()
        except ProfileError as exc:
            return str(exc)
        return ""

    def _workload_problem(self) -> str:
        """Why the chosen workloads or payloads cannot run (none chosen, a bad custom count), or ""."""
        if self.operation.currentData() == PROFILE_WORKLOADS:
            if not self.selected_payloads():
                return self.tr("Choose at least one workload")
        elif self.operation.currentData() != "ping":
            if (
                not [n for n, b in self._workload_boxes.items() if b.isChecked()]
                and not self.custom_check.isChecked()
                and not self._custom_workloads()
            ):
                return self.tr("Choose at least one payload")
            if self.custom_check.isChecked() and self.custom_count.problem():
                return self.custom_count.problem()
        return ""

    def build_profile(self) -> Profile:
        """A validated profile from the widgets.

        Raises:
            ProfileError: one line saying what is wrong.
        """
        if self._base is None:
            raise ProfileError("no profile loaded")
        data = self._base.model_dump(exclude_none=True)
        exp = data["experiment"]
        exp["implementations"] = self.selected_implementations()
        for key, field in (("repetitions", self.repetitions), ("requests", self.requests), ("warmup", self.warmup)):
            if not field.isEnabled():
                continue  # the requests n of a timed load: the profile's own value stays
            if field.problem():
                raise ProfileError(field.problem())
            exp[key] = field.value()
        if self.load.problem():
            raise ProfileError(self.load.problem())
        data["load"] = self.load.load_data(data.get("load", {}))
        exp["warmup_until"] = with_choice(self.warmup_until.currentData(), self._base.experiment.warmup_until)
        exp["schedule"] = self.schedule.currentData()
        exp["connection"] = self.connection.currentData()
        exp["driver"] = self.driver.currentData()
        data["profiling"] = self._profiling_data()
        data["workloads"] = self._workloads_data()
        factors = [f for f in exp.get("factors", []) if f != "payload" or len(data["workloads"]) > 1]
        exp["factors"] = factors or ["implementation"]
        return parse_profile(data, self.tr("the experiment panel"))

    def _workloads_data(self) -> list[dict]:
        """The profile's workloads from the widgets: the operation's (the profile's own, ping, or the
        checked payloads and the custom count), then the custom and serialization ones kept as they are.

        Raises:
            ProfileError: the custom count is not valid.
        """
        op = self.operation.currentData()
        if op == PROFILE_WORKLOADS:
            return [dict(self._own[n]) for n in self.selected_payloads()] + self._custom_workloads()
        if op == "ping":
            return [{"name": "Ping", "operation": "ping", "count": 0}] + self._custom_workloads()
        kind = "int64s" if op == "select" else self.kind.currentData()
        chosen = [dict(self._workloads[n]) for n, b in self._workload_boxes.items() if b.isChecked()]
        if self.custom_check.isChecked():
            count = self.custom_count.value()
            if count is None:
                raise ProfileError(self.custom_count.problem())
            template = dict(next(iter(self._workloads.values())))
            chosen.append({**template, "name": f"N{count}", "count": count})
        for w in chosen:
            w["operation"], w["kind"] = op, kind
        return chosen + self._custom_workloads()

    def _show_profiling(self, profile: Profile) -> None:
        self.profile_cpu.setChecked(bool(profile.profiling and profile.profiling.cpu))

    def _profiling_data(self) -> dict | None:
        """The profile's ``[profiling]`` table from the check box (None: the table left out, profiling off)."""
        return {"cpu": True} if self.profile_cpu.isChecked() else None

    def _custom_workloads(self) -> list[dict]:
        """The profile's custom-request and serialization-format (seed 004) workloads: kept as they are
        (no widget edits them)."""
        return [
            w.model_dump(exclude_none=True)
            for w in (self._base.workloads if self._base else [])
            if w.operation in ("custom", "serial")
        ]

    # -- internals -----------------------------------------------------------------
    def _sync_enabled(self, *_args) -> None:
        timed = self.load.current_model() != "sequential" and bool(self.load.duration.value())
        self.requests.setEnabled(not timed)
        self.requests.setToolTip(
            self.tr("Ignored: the Load duration sets the measured phase") if timed else self.design.requests_tip
        )
        op = self.operation.currentData()
        own = op == PROFILE_WORKLOADS
        self.kind.setEnabled(op == "echo")
        self.payload_widget.setEnabled(op != "ping")
        self.custom_check.setEnabled(op not in ("ping", PROFILE_WORKLOADS))
        self.custom_count.setEnabled(op not in ("ping", PROFILE_WORKLOADS))
        form = self._workload_form
        form.setRowVisible(self.own_widget, own)
        for widget in (self.payload_widget, self.kind):
            form.setRowVisible(widget, not own)
        form.setRowVisible(self._custom_row, not own)

    def _on_entry_problem(self, _reason: str) -> None:
        # a refused keystroke leaves the field as it was: the field says why at the cursor
        # (IntField); the label beside Run says only what keeps the experiment from starting now
        self._emit_changed()

    def _emit_changed(self, *_args) -> None:
        problem = self.problem()
        self.problem_label.setText(problem)
        self.problem_label.setToolTip(problem)
        self.changed.emit()

    def setRunning(self, running: bool) -> None:
        """Lock the panel while a run is going on."""
        for w in self.findChildren(QGroupBox):
            w.setEnabled(not running)


__all__ = ["ExperimentPanel", "LOCAL_HOST", "PROFILE_WORKLOADS", "pretty"]
