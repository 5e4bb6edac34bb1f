"""The panel's Design group: repetitions r, requests n, the warm-up and how it ends, the schedule,
the connection policy, the driver, what a worker's death or a dropped SSH connection does, and
CPU profiling. :class:`~bancada.ui.window.panel.ExperimentPanel` reads and sets its fields."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QFormLayout, QGroupBox, QLabel, QWidget

from bancada.ui.window.fields import IntField, choice_box


class DesignGroup(QGroupBox):
    """The design's fields, each a public attribute (the panel names them as its own)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Design"), parent)
        df = QFormLayout(self)
        self.repetitions = IntField(self.tr("Repetitions r"), 1, 10_000, 5)
        self.requests = IntField(self.tr("Requests n"), 1, 100_000_000, 77)
        self.warmup = IntField(self.tr("Warm-up"), 0, 100_000_000, 100)
        df.addRow(self.tr("Repetitions r"), self.repetitions)
        df.addRow(self.tr("Requests n"), self.requests)
        self.requests_tip = self.requests.toolTip()
        df.addRow(self.tr("Warm-up"), self.warmup)
        self.warmup_until = choice_box(
            [
                (self.tr("after the count"), "count"),
                (self.tr("steady, 1st block"), "once"),
                (self.tr("steady, every block"), "steady"),
            ],
            self.tr(
                "When a treatment's warm-up ends: after the count of requests, or once its latency is steady "
                "(at least the count; capped), in its first block only or in every block"
            ),
        )
        self.warmup_until.setObjectName("warmupUntil")
        df.addRow(self.tr("Warm-up ends"), self.warmup_until)
        self.schedule = choice_box(
            [
                (self.tr("Randomized blocks"), "randomized"),
                (self.tr("Sequential (as the seed study)"), "sequential"),
                (self.tr("Alternating requests"), "alternating"),
            ]
        )
        self.schedule_hints = {
            "randomized": self.tr(
                "Each repetition runs every treatment once as a block with its own warm-up, "
                "in a shuffled order, so drift of the machine does not favour one treatment."
            ),
            "sequential": self.tr(
                "Each repetition runs the treatments one after another in the profile's "
                "order, as the reference study did."
            ),
            "alternating": self.tr(
                "Requests alternate between treatments one by one: this measures the cost "
                "of switching servers and inflates small-payload latencies."
            ),
        }
        for i in range(self.schedule.count()):
            self.schedule.setItemData(i, self.schedule_hints[self.schedule.itemData(i)], Qt.ItemDataRole.ToolTipRole)
        self.schedule_hint = QLabel()
        self.schedule_hint.setWordWrap(True)
        self.schedule.currentIndexChanged.connect(
            lambda _i: self.schedule_hint.setText(self.schedule_hints.get(self.schedule.currentData(), ""))
        )
        self.schedule_hint.setText(self.schedule_hints["randomized"])
        df.addRow(self.tr("Schedule"), self.schedule)
        df.addRow("", self.schedule_hint)
        self.connection = choice_box(
            [(self.tr("Reuse one connection"), "reuse"), (self.tr("New connection per request"), "new")]
        )
        df.addRow(self.tr("Connection"), self.connection)
        self.driver = choice_box(
            [
                (self.tr("Auto (native where built)"), "auto"),
                (self.tr("Python"), "python"),
                (self.tr("Native (Go)"), "native"),
                (self.tr("Locust (distributed)"), "locust"),
            ]
        )
        df.addRow(self.tr("Driver"), self.driver)
        self.on_death = choice_box(
            [(self.tr("Stop the run"), "stop"), (self.tr("Go on with the others"), "continue")],
            self.tr("What to do when a worker dies mid-run; nothing measured is lost either way"),
        )
        df.addRow(self.tr("If a worker dies"), self.on_death)
        self.on_disconnect = choice_box(
            [(self.tr("Mark incomplete"), "incomplete"), (self.tr("Pause, reconnect"), "pause")],
            self.tr(
                "SSH hosts: what to do when the connection drops mid-run. Pause keeps reconnecting (Stop "
                "gives up), restarts the workers and goes on; the interrupted block stays partial. Nothing "
                "measured is lost either way"
            ),
        )
        df.addRow(self.tr("If SSH drops"), self.on_disconnect)
        self.profile_cpu = QCheckBox(self.tr("Profile the servers' CPU"))  # [profiling] cpu (flame graphs)
        self.profile_cpu.setToolTip(
            self.tr("Sample each worker with its language's profiler during every block: flame graphs per treatment")
        )
        df.addRow(self.profile_cpu)  # across both columns: in the label column it would widen the panel
