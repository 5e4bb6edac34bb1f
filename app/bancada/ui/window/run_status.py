"""The window's status bar: what the window is doing, the run's progress, samples/s, ETA and errors.

One component owns the five widgets so that a run, an opened run and a new profile
all say their state the same way: :meth:`RunStatus.begin` for a run that starts (a
request count, or the planned time of a timed load), :meth:`RunStatus.show_progress`
on each :class:`bancada.run.events.Progress` the plot timer takes, :meth:`RunStatus.show_stored`
for an opened run, :meth:`RunStatus.clear` when the shown run is forgotten.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QLocale, QObject, QSize, Qt
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent, QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QLabel, QProgressBar, QStatusBar, QWidget

from bancada.ui import scheme

if TYPE_CHECKING:
    from bancada.run.events import Progress


MIN_BAR_PX = 170  # the progress bar's least width; a run's counts widen it to fit them


def phase_parts(p: Progress) -> tuple[str, str]:
    """The measured and the warm-up requests of ``p``, each labelled ("120 of 320 measured",
    "5,400 warm-up"), in the window's language and digit grouping."""
    loc = QLocale()
    if p.measured_total:
        measured = QCoreApplication.translate("RunStatus", "{m} of {t} measured").format(
            m=loc.toString(p.measured), t=loc.toString(p.measured_total)
        )
    else:
        measured = QCoreApplication.translate("RunStatus", "{m} measured").format(m=loc.toString(p.measured))
    return measured, QCoreApplication.translate("RunStatus", "{w} warm-up").format(w=loc.toString(p.warmup))


def phase_counts(p: Progress) -> str:
    """:func:`phase_parts` on one line ("120 of 320 measured · 5,400 warm-up")."""
    measured, warmup = phase_parts(p)
    return f"{measured} · {warmup}"


def format_eta(seconds: float | None) -> str:
    """``m:ss`` (``h:mm:ss`` from an hour), ``–`` when unknown."""
    if seconds is None:
        return "–"
    s = int(round(seconds))
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


def announce(widget: QWidget, text: str) -> None:
    """Have a screen reader say ``text`` without moving the focus (a polite announcement, as a
    live region's); the text is kept as the widget's ``lastAnnouncement`` property."""
    event = QAccessibleAnnouncementEvent(widget, text)
    event.setPoliteness(QAccessible.AnnouncementPoliteness.Polite)
    QAccessible.updateAccessibility(event)
    widget.setProperty("lastAnnouncement", text)


class ElidedLabel(QLabel):
    """A label that shows what its width holds and ends a longer line with "…" (the whole
    text is then its tooltip), so that a long state never widens the window beyond the screen nor
    runs under the status bar's numbers. Each new text is announced to a screen reader (the run
    started, a block, the run finished, an error), whole even when it is shown cut."""

    MIN_CHARS = 8  # the narrowest it gets: about this many characters

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self._tip = ""

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        return QSize(self.fontMetrics().averageCharWidth() * self.MIN_CHARS, hint.height())

    def elided_text(self) -> str:
        """The text as shown: each line cut to the label's width, "…" at the end."""
        width, metrics = max(0, self.contentsRect().width()), self.fontMetrics()
        return "\n".join(
            metrics.elidedText(line, Qt.TextElideMode.ElideRight, width) for line in self.text().split("\n")
        )

    def setText(self, text: str) -> None:
        changed = text != self.text()
        super().setText(text)
        self._sync_tip()
        if changed and text:
            announce(self, text)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._sync_tip()

    def _sync_tip(self) -> None:
        tip = self.text() if self.elided_text() != self.text() else ""
        if tip != self._tip:
            self.setToolTip(tip)
            self._tip = tip

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        self.style().drawItemText(
            painter,
            self.contentsRect(),
            int(self.alignment() | Qt.AlignmentFlag.AlignVCenter),
            self.palette(),
            self.isEnabled(),
            self.elided_text(),
            self.foregroundRole(),
        )


class RunStatus(QObject):
    """The status bar's widgets: ``state_label`` (stretching), then ``rate_label``, ``eta_label``,
    ``errors_label`` and ``progress_bar`` at the right."""

    def __init__(self, bar: QStatusBar) -> None:
        super().__init__(bar)
        self.state_label = ElidedLabel(self.tr("Ready"))
        self.progress_bar = QProgressBar()
        self.progress_bar.setMinimumWidth(MIN_BAR_PX)
        self.progress_bar.setMaximumWidth(360)  # "1.200 de 3.200 medidas · 123.456 de aquecimento" whole
        self.progress_bar.setFormat("")
        self.rate_label = QLabel()
        self.eta_label = QLabel()
        self.errors_label = QLabel()
        bar.addWidget(self.state_label, 1)
        for w in (self.rate_label, self.eta_label, self.errors_label):
            bar.addPermanentWidget(w)
        self.size_labels()
        bar.addPermanentWidget(self.progress_bar)
        self._timed, self._t0 = False, 0.0
        self._paced = False  # the bar shows the share of the run's expected time (Progress.fraction)
        self._compact = False  # the bar's text is its share only (classroom mode shows the counts above)

    def size_labels(self, compact: bool = False) -> None:
        """Room for samples/s, ETA and errors in the current font (classroom mode scales it); ``compact``:
        the bar's text is its share alone ("14 %"), as classroom mode's large progress says the counts."""
        self._compact = compact
        for w, chars in ((self.rate_label, 16), (self.eta_label, 10), (self.errors_label, 10)):
            w.setMinimumWidth(w.fontMetrics().averageCharWidth() * chars)
        if compact:
            self.progress_bar.setMinimumWidth(MIN_BAR_PX)

    def clear_numbers(self) -> None:
        """No samples/s, ETA or errors (a run starts, or none is shown)."""
        for w in (self.rate_label, self.eta_label, self.errors_label):
            w.clear()
        self.errors_label.setStyleSheet("")

    def clear(self) -> None:
        """Nothing shown: no numbers and an empty bar."""
        self.clear_numbers()
        self.progress_bar.setRange(0, 1)
        self.progress_bar.setValue(0)
        self.progress_bar.setFormat("")

    def starting(self) -> None:
        """The workers are starting: a busy bar, no numbers."""
        self.progress_bar.setRange(0, 0)
        self.progress_bar.setFormat("")
        self.clear_numbers()

    def begin(self, total_requests: int) -> None:
        """A run started: the bar counts its requests, or, for a timed load (``total_requests`` 0), the
        share of its planned time gone."""
        self._timed, self._t0 = total_requests == 0, time.monotonic()
        self._paced = False
        self.progress_bar.setMinimumWidth(MIN_BAR_PX)
        self.progress_bar.setRange(0, 1000 if self._timed else total_requests)
        self.progress_bar.setValue(0)
        if self._timed:
            self.progress_bar.setFormat(self.tr("%p% of the planned time"))
        else:
            self._show_count()

    def show_progress(self, p: Progress) -> None:
        """The bar, samples/s, ETA and errors from the runner's latest progress: the bar by the share of
        the run's expected time gone when the runner knows it (:class:`bancada.run.pace.BlockPace`), its
        text the measured and the warm-up requests apart."""
        if p.fraction is not None and not self._timed:
            self.progress_bar.setRange(0, 1000)
            self.progress_bar.setValue(int(1000 * p.fraction))  # below 1000 until the run has ended
            text = f"{QLocale().toString(100.0 * p.fraction, 'f', 0)} %" if self._compact else phase_counts(p)
            self.progress_bar.setFormat(text)
            # the counts whole on one line (the state at the left is elided instead)
            needed = self.progress_bar.fontMetrics().horizontalAdvance(text) + 24
            if needed > self.progress_bar.minimumWidth():
                self.progress_bar.setMinimumWidth(min(needed, self.progress_bar.maximumWidth()))
            self._paced = True
        elif self._timed:
            elapsed = time.monotonic() - self._t0
            if p.eta_s is not None and elapsed + p.eta_s > 0:
                self.progress_bar.setValue(int(round(1000 * elapsed / (elapsed + p.eta_s))))
        else:
            if p.total > self.progress_bar.maximum():  # a steady-state warm-up sent more than the plan's count
                self.progress_bar.setMaximum(p.total)
            self.progress_bar.setValue(p.done)
            self._show_count()
        rate = QLocale().toString(float(p.samples_per_s), "f", 0)
        self.rate_label.setText(self.tr("{r} samples/s").format(r=rate))
        self.eta_label.setText(self.tr("ETA {t}").format(t=format_eta(p.eta_s)))
        self.show_errors(p.errors)

    def _show_count(self) -> None:
        """The bar's text: its value and maximum with the language's digit grouping ("27.980 / 27.980"
        in pt-BR; Qt's "%v / %m" leaves the grouping out)."""
        loc = QLocale()
        bar = self.progress_bar
        bar.setFormat(f"{loc.toString(bar.value())} / {loc.toString(bar.maximum())}")

    def show_errors(self, errors: int) -> None:
        """The failed requests, in red when there are any."""
        self.errors_label.setText(self.tr("%Ln error(s)", "", errors) if errors else self.tr("no errors"))
        scheme.set_tone(self.errors_label, "error" if errors else "")

    def finished(self, complete: bool) -> None:
        """The run ended: no ETA; a completed run's bar full when it went by time."""
        self.eta_label.clear()
        if complete and (self._timed or self._paced):
            self.progress_bar.setValue(self.progress_bar.maximum())

    def failed(self) -> None:
        """The run could not go on: the busy bar stops."""
        self.progress_bar.setRange(0, 1)
        self.progress_bar.setFormat("")

    def show_stored(self, samples: int, errors: int) -> None:
        """An opened run: a full bar of its samples and its errors, no rate or ETA."""
        self.progress_bar.setRange(0, max(1, samples))
        self.progress_bar.setValue(samples)
        self._show_count()
        self.rate_label.clear()
        self.eta_label.clear()
        self.show_errors(errors)


__all__ = ["ElidedLabel", "RunStatus", "format_eta", "phase_counts"]
