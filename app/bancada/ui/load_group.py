"""The panel's Load group: the load model and its numbers (a profile's ``[load]``).

- sequential: one request at a time, the paper-style default;
- closed: c concurrent clients, each back to back, for the requests n or for a
  duration per treatment and repetition;
- open: a constant arrival rate λ (latency from each request's intended send
  time, as wrk2), with up to c requests in flight.

The closed and open models need the native driver (docs/driver-protocol.md).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFormLayout, QGroupBox, QWidget

from bancada.experiment.profile import Load
from bancada.ui.fields import IntField, choice_box

MAX_DURATION_S = 7 * 86_400  # the native driver's bound on load.duration_s
MAX_RATE_PER_S = 200_000  # the native driver's MaxRatePerS


class LoadGroup(QGroupBox):
    """Model, concurrency c, duration (s) and rate (requests/s); ``changed`` on every edit."""

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
            ],
            self.tr(
                "Sequential: one request at a time (the seed studies). Closed: c clients, each sending its next "
                "request when the last one returns. Open: requests arrive at a fixed rate whatever the server does; "
                "latency counts from each request's due time. Closed and open need the native driver."
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
        for f in (self.concurrency, self.duration, self.rate):
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
        self._sync_enabled()

    def problem(self) -> str:
        """What is wrong with the fields in use, or ""."""
        model = self.current_model()
        fields = [] if model == "sequential" else [self.concurrency, self.duration]
        if model == "open":
            fields.append(self.rate)
        return next((f.problem() for f in fields if f.problem()), "")

    def load_data(self, base: dict[str, Any]) -> dict[str, Any]:
        """The ``[load]`` table: ``base`` (the profile's, which keeps keys this group does not show,
        such as ``max_records``) with the model and its numbers from the fields."""
        data = {k: v for k, v in base.items() if k not in ("model", "concurrency", "duration_s", "rate_per_s")}
        model = self.current_model()
        data["model"] = model
        if model != "sequential":
            data["concurrency"] = self.concurrency.value() or 1
            duration_s = self.duration.value()
            if duration_s:
                data["duration_s"] = float(duration_s)
        if model == "open":
            data["rate_per_s"] = float(self.rate.value() or 1)
        return data

    def _sync_enabled(self) -> None:
        model = self.current_model()
        for f in (self.concurrency, self.duration):
            f.setEnabled(model != "sequential")
        self.rate.setEnabled(model == "open")

    def _emit_changed(self, *_args) -> None:
        self._sync_enabled()
        self.changed.emit()


__all__ = ["LoadGroup"]
