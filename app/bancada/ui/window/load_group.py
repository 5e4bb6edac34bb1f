"""The panel's Load group: the load model and its numbers (a profile's ``[load]``).

- sequential: one request at a time, the paper-style default;
- closed: c concurrent clients, each back to back, for the requests n or for a
  duration per treatment and repetition;
- open: a constant arrival rate λ (latency from each request's intended send
  time, as wrk2), with up to c requests in flight;
- vus: k6's virtual users for a duration, each starting an iteration every
  pacing (or looping at once); the profile's ramp-up, think time and graceful
  stop are kept as written (:mod:`bancada.experiment.load_vus`).

The closed, open and vus models need the native driver (docs/driver-protocol.md).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFormLayout, QGroupBox, QWidget

from bancada.experiment.load_vus import MAX_VUS
from bancada.experiment.profile import Load
from bancada.ui.window.fields import IntField, choice_box

MAX_DURATION_S = 7 * 86_400  # the native driver's bound on load.duration_s
MAX_RATE_PER_S = 200_000  # the native driver's MaxRatePerS
MAX_PACING_MS = 86_400_000  # a profile's bound on pacing_s (one day)
#: The ``[load]`` keys of the vus model (load_vus.VusFields): kept from the profile under vus, dropped otherwise.
VUS_KEYS = ("vus", "pacing_s", "think_time_s", "ramp_up_s", "graceful_stop_s")


class LoadGroup(QGroupBox):
    """Model, concurrency c, duration (s), rate (requests/s), virtual users and pacing (ms); ``changed``
    on every edit."""

    changed = Signal()
    problemChanged = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Load"), parent)
        form = QFormLayout(self)
        self.model = choice_box(
            [
                (self.tr("Sequential (one at a time)"), "sequential"),
                (self.tr("Closed (c clients)"), "closed"),
                (self.tr("Open (constant rate)"), "open"),
                (self.tr("Virtual users (k6)"), "vus"),
            ],
            self.tr(
                "Sequential: one request at a time (the seed studies). Closed: c clients, each sending its next "
                "request when the last one returns. Open: requests arrive at a fixed rate whatever the server does; "
                "latency counts from each request's due time. Virtual users: k6's VUs, each starting a request "
                "every pacing for the duration. Closed, open and virtual users need the native driver."
            ),
        )
        form.addRow(self.tr("Model"), self.model)
        self.concurrency = IntField(self.tr("Concurrency c"), 1, 100_000, 16)
        form.addRow(self.tr("Concurrency c"), self.concurrency)
        self.duration = IntField(self.tr("Duration (s)"), 0, MAX_DURATION_S, 0)
        self.duration.setToolTip(
            self.tr("Seconds of measured load per treatment and repetition; 0 sends the Requests n instead")
        )
        form.addRow(self.tr("Duration (s)"), self.duration)
        self.rate = IntField(self.tr("Rate (requests/s)"), 1, MAX_RATE_PER_S, 100)
        form.addRow(self.tr("Rate (req/s)"), self.rate)
        self.vus = IntField(self.tr("Virtual users"), 1, MAX_VUS, 10)
        form.addRow(self.tr("Virtual users"), self.vus)
        self.pacing = IntField(self.tr("Pacing (ms)"), 0, MAX_PACING_MS, 1000)
        self.pacing.setToolTip(
            self.tr(
                "Each virtual user starts an iteration every this many milliseconds (k6's sleep(pacing - "
                "elapsed)); 0 loops at once, or waits the profile's think time"
            )
        )
        form.addRow(self.tr("Pacing (ms)"), self.pacing)
        for f in (self.concurrency, self.duration, self.rate, self.vus, self.pacing):
            f.problemChanged.connect(self.problemChanged)
            f.textChanged.connect(self._emit_changed)
        self.model.currentIndexChanged.connect(self._emit_changed)
        self._sync_enabled()

    def current_model(self) -> str:
        return self.model.currentData()

    def set_load(self, load: Load) -> None:
        """Show a profile's ``[load]``."""
        self.model.setCurrentIndex(max(0, self.model.findData(load.model)))
        if load.model != "sequential":
            self.concurrency.setValue(load.concurrency)
        self.duration.setValue(int(round(load.duration_s)) if load.duration_s else 0)
        if load.rate_per_s:
            self.rate.setValue(int(round(load.rate_per_s)))
        if load.model == "vus":
            self.vus.setValue(load.vus or 1)
            self.pacing.setValue(int(round(load.pacing_s * 1000)) if load.pacing_s else 0)
        self._sync_enabled()

    def problem(self) -> str:
        """What is wrong with the fields in use, or ""."""
        model = self.current_model()
        fields = {
            "sequential": [],
            "closed": [self.concurrency, self.duration],
            "open": [self.concurrency, self.duration, self.rate],
            "vus": [self.vus, self.duration, self.pacing],
        }[model]
        problem = next((f.problem() for f in fields if f.problem()), "")
        if not problem and model == "vus" and not self.duration.value():
            return self.tr("The virtual users model runs for a duration: give Duration (s) of 1 or more")
        return problem

    def load_data(self, base: dict[str, Any]) -> dict[str, Any]:
        """The ``[load]`` table: ``base`` (the profile's, which keeps keys this group does not show,
        such as ``max_records``) with the model and its numbers from the fields."""
        model = self.current_model()
        shown = ("model", "concurrency", "duration_s", "rate_per_s")
        data = {k: v for k, v in base.items() if k not in shown and (model == "vus" or k not in VUS_KEYS)}
        data["model"] = model
        if model in ("closed", "open"):
            data["concurrency"] = self.concurrency.value() or 1
        if model != "sequential":
            duration_s = self.duration.value()
            if duration_s:
                data["duration_s"] = float(duration_s)
        if model == "open":
            data["rate_per_s"] = float(self.rate.value() or 1)
        if model == "vus":
            data["vus"] = self.vus.value() or 1
            pacing_ms = self.pacing.value()
            if pacing_ms:
                data["pacing_s"] = pacing_ms / 1000
                data.pop("think_time_s", None)  # pacing or think time, not both
            else:
                data.pop("pacing_s", None)
        return data

    def _sync_enabled(self) -> None:
        model = self.current_model()
        self.concurrency.setEnabled(model in ("closed", "open"))
        self.duration.setEnabled(model != "sequential")
        self.rate.setEnabled(model == "open")
        for f in (self.vus, self.pacing):
            f.setEnabled(model == "vus")

    def _emit_changed(self, *_args) -> None:
        self._sync_enabled()
        self.changed.emit()


__all__ = ["LoadGroup"]
