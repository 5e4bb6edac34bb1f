"""The guided experiment (Help > Guided experiment): a step panel docked beside the plots.

It drives the window itself, not a copy: choosing a study opens its profile
in the experiment panel, the host and factor steps set the panel's host,
implementations and payloads, the pilot and the main run are the window's
Run (:meth:`MainWindow.start_run`, watched through ``runFinished`` and
``statsShown``), the statistics steps point at the window's Statistics tab,
and Export is the window's Export all. What the student chose and why Next is
disabled come from the Qt-free :class:`bancada.guide.wizard_state.WizardState`;
this module shows the steps and their pages and does the first three (study,
host, factors); :class:`~bancada.ui.guide.runs.GuideRuns` does the pilot, the
sample size and the main run, :class:`~bancada.ui.guide.results.GuideResults`
the statistics' readings, why, the conclusions and the export. Long work (host
check, runs, statistics, conclusions, export) runs on the window's background
tasks.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QLayout,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from bancada.core import paths
from bancada.experiment.profile import ProfileError
from bancada.guide import texts
from bancada.guide.studies import MY_OWN, study_cards
from bancada.guide.wizard_state import STEPS, WizardState
from bancada.ui import scheme
from bancada.ui.guide.pages import FactorsPage, HostPage, StudyPage, wrapped
from bancada.ui.guide.results import GuideResults
from bancada.ui.guide.runs import GuideRuns
from bancada.experiment.profile_check import load_checked_profile

#: The card of the shipped profiles/my-service.toml: it opens the form “My own service” too.
OWN_SERVICE = "my-service"


def _laid_out(widget: QWidget) -> list[QWidget]:
    """The widgets under ``widget`` that Tab stops at, in the order their layouts place them."""
    out: list[QWidget] = []

    def visit(layout: QLayout | None) -> None:
        if layout is None:
            return
        for i in range(layout.count()):
            item = layout.itemAt(i)
            if item is None:
                continue
            child = item.widget()
            if child is not None:
                if child.focusPolicy() & Qt.FocusPolicy.TabFocus:
                    out.append(child)
                visit(child.layout())
            else:
                visit(item.layout())

    visit(widget.layout())
    return out


class GuidedExperiment(QDockWidget):
    """The step panel. ``stepShown(name)`` fires each time a step is shown (tests and screenshots wait on it)."""

    stepShown = Signal(str)
    changed = Signal()

    def __init__(self, window, state: WizardState | None = None) -> None:
        super().__init__(window)
        self.setWindowTitle(self.tr("Guided experiment"))
        self.setObjectName("guidedExperiment")
        self.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetClosable)
        self.w = window
        self.state = state or WizardState()
        try:
            folder = paths.home() / "profiles"
        except paths.BancadaHomeError:
            folder = None
        self.cards = study_cards(folder)

        body = QWidget()
        outer = QVBoxLayout(body)
        self.step_label = QLabel()
        self.title = QLabel()
        font = self.title.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setWeight(QFont.Weight.DemiBold)
        self.title.setFont(font)
        self.title.setWordWrap(True)
        outer.addWidget(self.step_label)
        outer.addWidget(self.title)

        content = QWidget()
        cl = QVBoxLayout(content)
        cl.setContentsMargins(0, 0, 4, 0)
        self.explanation = wrapped()
        self.hint = wrapped()
        self.hint.setObjectName("guideHint")
        scheme.set_tone(self.hint, "accent", "QLabel#guideHint { border-left: 3px solid {tone}; padding-left: 6px; }")
        cl.addWidget(self.explanation)
        cl.addWidget(self.hint)
        self.pages_layout = cl  # the pages go here, one shown at a time (a QStackedWidget would size
        # itself to its largest page and not wrap the shown one's texts to the width)
        cl.addStretch(1)
        self.scroll_area = QScrollArea()  # not "scroll": that is QWidget.scroll(dx, dy)
        self.scroll_area.setWidget(content)
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        outer.addWidget(self.scroll_area, 1)

        self.reason = wrapped()
        self.reason.setObjectName("guideReason")
        scheme.set_tone(self.reason, "error", "color: {tone}; font-weight: 600;")
        outer.addWidget(self.reason)
        buttons = QHBoxLayout()
        self.back_button = QPushButton(self.tr("← &Back"))
        self.next_button = QPushButton(self.tr("&Next →"))
        self.back_button.clicked.connect(self.go_back)
        self.next_button.clicked.connect(self.go_next)
        buttons.addWidget(self.back_button)
        buttons.addStretch(1)
        buttons.addWidget(self.next_button)
        outer.addLayout(buttons)
        body.setMinimumWidth(300)
        self.setWidget(body)
        self._build_pages()

        window.panel.capabilitiesChanged.connect(self._on_capabilities_answer)
        self._show_step()

    # -- pages ------------------------------------------------------------------------------
    def _build_pages(self) -> None:
        self.study_page = StudyPage(self.cards)
        self.study_page.chosen.connect(self.choose_study)
        self.host_page = HostPage()
        self.host_page.hostChosen.connect(self._choose_host)
        self.host_page.manageHostsRequested.connect(self.w.manage_hosts)
        self.host_page.hosts_button.setVisible(self.w.hosts_dialog_class is not None)
        self.factors_page = FactorsPage()
        self.factors_page.edited.connect(self._factors_edited)
        self.runs = GuideRuns(self.w, self.state, self)  # pilot, sample size, main run
        self.runs.changed.connect(self._refresh)
        self.results = GuideResults(self.w, self.state, self)  # statistics, why, conclusions, export
        self.results.changed.connect(self._refresh)
        self.results.stepShown.connect(self.stepShown)
        self.page_of: dict[str, QWidget] = {
            "study": self.study_page,
            "host": self.host_page,
            "factors": self.factors_page,
            **self.runs.pages,
            **self.results.pages,
        }
        self.enter_step: dict[str, Callable[[], None]] = {
            "study": self._enter_study,
            "host": self._enter_host,
            "factors": self._enter_factors,
            **self.runs.enter,
            **self.results.enter,
        }
        for i, page in enumerate(dict.fromkeys(self.page_of.values())):
            page.setVisible(False)
            # the conclusions' text takes the height there is; the other pages keep theirs
            self.pages_layout.insertWidget(2 + i, page, 10 if page is self.results.conclusions_page else 0)

    # -- navigation -----------------------------------------------------------------------
    def go_next(self) -> None:
        if self.state.can_finish():
            self.close()
            return
        if self.state.next():
            self._show_step()

    def go_back(self) -> None:
        if self.state.back():
            self._show_step()

    def keyPressEvent(self, event) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not isinstance(self.focusWidget(), QPushButton):
            if self.next_button.isEnabled():
                self.go_next()
            return
        super().keyPressEvent(event)

    def _show_step(self) -> None:
        """Show the current step: texts, its page filled from the state, the window's tab it talks about."""
        name = self.state.name
        self.step_label.setText(self.tr("Step {k} of {n}").format(k=self.state.step + 1, n=len(self.state.steps())))
        self.title.setText(texts.title(name))
        self.explanation.setText(texts.explanation(name))
        self.hint.setText(self.tr("What to look at: {h}").format(h=texts.hint(name)))
        for page in set(self.page_of.values()):
            page.setVisible(page is self.page_of[name])
        self.enter_step.get(name, lambda: None)()
        self.scroll_area.verticalScrollBar().setValue(0)
        self._order_tabs()
        self._refresh()
        self.stepShown.emit(name)

    def _order_tabs(self) -> None:
        """Tab follows the reading order: the pages' widgets in the order their layouts place them
        (top to bottom, left to right; a step's new widgets were last in Qt's chain), then Back and
        Next at the bottom."""
        content = self.scroll_area.widget()
        previous: QWidget = self.scroll_area
        for w in [*(_laid_out(content) if content is not None else []), self.back_button, self.next_button]:
            QWidget.setTabOrder(previous, w)
            previous = w

    def _refresh(self) -> None:
        """Buttons and the reason beside Next, from the state."""
        s = self.state
        problem = s.problem()
        last = s.name == STEPS[-1]
        self.next_button.setText(self.tr("Fi&nish") if last else self.tr("&Next →"))
        self.next_button.setEnabled(s.can_finish() if last else s.can_next())
        self.back_button.setEnabled(s.can_back())
        self.reason.setText(problem[:1].upper() + problem[1:] if problem else "")
        self.reason.setVisible(bool(problem))
        self.next_button.setToolTip(problem)
        self.runs.sync_buttons()
        self.results.sync_buttons()
        self.changed.emit()

    # -- study and host ------------------------------------------------------------------------
    def _enter_study(self) -> None:
        if self.state.study in self.study_page.buttons:
            self.study_page.buttons[self.state.study].setChecked(True)

    def choose_study(self, key: str) -> None:
        card = next(c for c in self.cards if c.key == key)
        error = ""
        if card.path is not None:
            try:
                load_checked_profile(str(card.path))
            except ProfileError as exc:
                error = str(exc)
            else:
                self.w.open_profile(str(card.path))
                if key == OWN_SERVICE:  # the shipped example in the form "My own service": declare yours
                    self._own_service_form(str(card.path))
        elif key == MY_OWN:
            self.w.run.clear()
        self.state.choose_study(key, error)
        self._refresh()

    def _own_service_form(self, example: str) -> None:
        """The form, filled with ``example``; saved, its profile is the study's (the window opened it)."""
        dialog = self.w.show_own_service()
        dialog.load_example(example)
        dialog.saved.connect(self._own_service_saved)

    def _own_service_saved(self, _path: str) -> None:
        self.state.choose_study(OWN_SERVICE, "")
        self._refresh()

    def _enter_host(self) -> None:
        combo, src = self.host_page.combo, self.w.panel.host_combo
        combo.blockSignals(True)
        combo.clear()
        for i in range(src.count()):
            combo.addItem(src.itemText(i), src.itemData(i))
        combo.setCurrentIndex(src.currentIndex())
        combo.blockSignals(False)
        self.state.choose_host(src.currentData(), src.currentText())
        self._on_capabilities()

    def _choose_host(self, index: int) -> None:
        combo = self.host_page.combo
        self.state.choose_host(combo.itemData(index), combo.itemText(index))
        self.w.panel.host_combo.setCurrentIndex(index)  # the window checks the host in the background
        self._show_caps()

    def _on_capabilities(self) -> None:
        """Entering the step: the panel's last answer, unless a check of another host is still on its way."""
        if self.w.tasks.busy("probe"):
            self.state.set_capabilities(None)
            self._show_caps()
        else:
            self._on_capabilities_answer()

    def _on_capabilities_answer(self) -> None:
        """The host check answered (the panel says so before its task has quite ended)."""
        p = self.w.panel
        self.state.set_capabilities(p.capabilities(), p.caps_error)
        self._show_caps()

    def _show_caps(self) -> None:
        s = self.state
        self.host_page.show_caps(s.caps, s.problem() if s.name == "host" else "")
        self._refresh()

    # -- factors ---------------------------------------------------------------------------------
    def _enter_factors(self) -> None:
        p = self.w.panel
        self.factors_page.fill(
            self.state.caps or {}, p.selected_implementations(), p.payload_names(), p.selected_payloads()
        )
        self._factors_edited()

    def _factors_edited(self) -> None:
        from bancada.guide.wizard_state import design_summary

        impls, payloads = self.factors_page.implementations(), self.factors_page.payloads()
        self.w.panel.set_implementations(impls)
        self.w.panel.set_payloads(payloads)
        self.state.set_factors(impls, payloads)
        self.factors_page.summary.setText(
            self.tr("The design: {d}.").format(d=design_summary(self.state.caps or {}, impls, payloads))
        )
        self._refresh()
