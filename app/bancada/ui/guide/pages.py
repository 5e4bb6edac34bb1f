"""The input of each step of the guided experiment (widgets only; :mod:`bancada.ui.guide.guided_experiment` wires them).

Every page shows what :class:`bancada.guide.wizard_state.WizardState` holds;
what the student changes goes back through the guide to the window's own
panel, so the run it starts is the panel's experiment.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QDialog,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QTextEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from bancada.guide.studies import StudyCard
from bancada.ui.window.fields import ChoiceBox
from bancada.ui.window.panel import kind


def wrapped(text: str = "", selectable: bool = False) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    if selectable:
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


class StudyPage(QWidget):
    """One card per study: a radio button with its title, its paragraph below."""

    chosen = Signal(str)

    def __init__(self, cards: list[StudyCard], parent=None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.group = QButtonGroup(self)
        self.buttons: dict[str, QRadioButton] = {}
        self.titles: dict[str, QLabel] = {}
        for card in cards:
            box = QGroupBox()
            box.setObjectName("studyCard")
            bl = QVBoxLayout(box)
            # the radio button carries no text (it would not wrap): the title beside it does, and a click
            # on the card's texts chooses it as a click on the button does
            button = QRadioButton()
            button.setObjectName(f"study-{card.key}")
            button.setAccessibleName(card.title)
            button.setAccessibleDescription(card.paragraph)
            button.toggled.connect(lambda on, key=card.key: self.chosen.emit(key) if on else None)
            self.group.addButton(button)
            self.buttons[card.key] = button
            title = wrapped(card.title)
            font = title.font()
            font.setBold(True)
            title.setFont(font)
            row = QHBoxLayout()
            row.addWidget(button, 0, Qt.AlignmentFlag.AlignTop)
            row.addWidget(title, 1)
            bl.addLayout(row)
            text = wrapped(card.paragraph)
            text.setContentsMargins(22, 0, 0, 0)
            bl.addWidget(text)
            for label in (title, text):
                label.mousePressEvent = lambda _e, b=button: b.click()  # type: ignore[method-assign,misc]  # an instance's own handler: a click on the card's text clicks its button
            self.titles[card.key] = title
            lay.addWidget(box)


class HostPage(QWidget):
    """The host to run on (the panel's hosts) and what it can run."""

    hostChosen = Signal(int)
    manageHostsRequested = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        self.combo = ChoiceBox()
        self.combo.setAccessibleName(self.tr("Host"))
        self.combo.currentIndexChanged.connect(self.hostChosen)
        row.addWidget(self.combo, 1)
        self.hosts_button = QPushButton(self.tr("SSH host&s…"))
        self.hosts_button.setToolTip(self.tr("Add or edit SSH target hosts"))
        self.hosts_button.clicked.connect(self.manageHostsRequested)
        row.addWidget(self.hosts_button)
        lay.addLayout(row)
        self.caps = wrapped(selectable=True)
        lay.addWidget(self.caps)

    def show_caps(self, caps: dict[str, dict] | None, status: str) -> None:
        if not caps:
            self.caps.setText(status)
            return
        lines = []
        for impl_id, c in caps.items():
            what = kind(c["language"], c["protocol"])
            if c.get("ok"):
                lines.append("✓ " + self.tr("{impl} ({what}): can run").format(impl=impl_id, what=what))
            else:
                lines.append(
                    "✗ "
                    + self.tr("{impl} ({what}): cannot run: {why}").format(impl=impl_id, what=what, why=c["reason"])
                )
        self.caps.setText("\n".join(lines))


class FactorsPage(QWidget):
    """The implementations (language × protocol) and payloads to compare, and the design they make."""

    edited = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.impl_group = QGroupBox(self.tr("Implementations"))
        self.impl_layout = QVBoxLayout(self.impl_group)
        self.payload_group = QGroupBox(self.tr("Payloads"))
        self.payload_layout = QVBoxLayout(self.payload_group)
        self.summary = wrapped()
        self.summary.setObjectName("designSummary")
        lay.addWidget(self.impl_group)
        lay.addWidget(self.payload_group)
        lay.addWidget(self.summary)
        self.impl_boxes: dict[str, QCheckBox] = {}
        self.payload_boxes: dict[str, QCheckBox] = {}

    def fill(self, caps: dict[str, dict], chosen: list[str], payloads: list[str], chosen_payloads: list[str]) -> None:
        for box in [*self.impl_boxes.values(), *self.payload_boxes.values()]:
            box.setParent(None)
        self.impl_boxes.clear()
        self.payload_boxes.clear()
        for impl_id, c in caps.items():
            box = QCheckBox(f"{impl_id}  ({kind(c['language'], c['protocol'])})")
            box.setEnabled(bool(c.get("ok")))
            box.setChecked(impl_id in chosen and bool(c.get("ok")))
            if not c.get("ok"):
                box.setToolTip(c.get("reason", ""))
            box.toggled.connect(self.edited)
            self.impl_layout.addWidget(box)
            self.impl_boxes[impl_id] = box
        for name in payloads:
            box = QCheckBox(name)
            box.setChecked(name in chosen_payloads)
            box.toggled.connect(self.edited)
            self.payload_layout.addWidget(box)
            self.payload_boxes[name] = box

    def implementations(self) -> list[str]:
        return [i for i, b in self.impl_boxes.items() if b.isChecked()]

    def payloads(self) -> list[str]:
        return [n for n, b in self.payload_boxes.items() if b.isChecked()]


class RunPage(QWidget):
    """A button that starts a run (the pilot or the main run) and what it is doing."""

    def __init__(self, button_text: str, parent=None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.detail = wrapped()
        self.button = QPushButton(button_text)
        self.status = wrapped(selectable=True)
        lay.addWidget(self.detail)
        lay.addWidget(self.button, 0, Qt.AlignmentFlag.AlignLeft)
        lay.addWidget(self.status)


class SampleSizePage(QWidget):
    """The advice from the pilot and the requests per repetition the student accepts or types."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.advice = wrapped(selectable=True)
        self.advice.setObjectName("sampleSizeAdvice")
        lay.addWidget(self.advice)
        row = QHBoxLayout()
        self.label = QLabel(self.tr("Re&quests per repetition:"))
        self.requests = QLineEdit()
        self.requests.setObjectName("requestsPerRepetition")
        self.requests.setMaximumWidth(140)
        self.label.setBuddy(self.requests)
        row.addWidget(self.label)
        row.addWidget(self.requests)
        row.addStretch(1)
        lay.addLayout(row)
        self.estimate = wrapped(selectable=True)  # how long the main run will take, at the pilot's pace
        self.estimate.setObjectName("mainRunEstimate")
        lay.addWidget(self.estimate)


class ReadingsPage(QWidget):
    """The readings of some tables of the Statistics tab (the tables themselves stay there)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.text = wrapped(selectable=True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(self.text)


class ConclusionsPage(QWidget):
    """The conclusions in sentences, selectable, with a Copy button."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.text = QTextEdit()  # the conclusions' Markdown shown as headings and paragraphs, not as "# ..."
        self.text.setObjectName("conclusionsText")
        self.text.setAccessibleName(self.tr("Conclusions"))
        self.text.setReadOnly(True)
        self.text.setTabChangesFocus(True)
        self.text.setMinimumHeight(220)
        self.copy = QPushButton(self.tr("&Copy the conclusions"))
        # the dock beside the plots is narrow (16 long sentences in 250 px at 1024 × 768): a reading view
        self.read = QPushButton(self.tr("&Read in a large view"))
        self.read.setToolTip(self.tr("The conclusions in a window as large as the screen allows (Esc closes it)"))
        self.read.clicked.connect(self.show_reading_view)
        self.reading_view: QDialog | None = None
        self.note = wrapped(selectable=True)  # why the main run asks for more requests than the pilot did
        self.note.setObjectName("sampleSizeNote")
        self.note.setVisible(False)
        lay.addWidget(self.note)
        lay.addWidget(self.text, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.copy)
        buttons.addWidget(self.read)
        buttons.addStretch(1)
        lay.addLayout(buttons)

    def show_reading_view(self) -> QDialog:
        """The conclusions as the page shows them, in a non-modal window filling most of the screen."""
        from bancada.ui.screen_fit import fit_to_screen

        if self.reading_view is None:
            view = QDialog(self.window())
            view.setObjectName("conclusionsReadingView")
            view.setWindowTitle(self.tr("Conclusions"))
            lay = QVBoxLayout(view)
            text = QTextEdit()
            text.setObjectName("conclusionsReadingText")
            text.setReadOnly(True)
            lay.addWidget(text)
            close = QPushButton(self.tr("Close"))
            close.clicked.connect(view.close)
            lay.addWidget(close, 0, Qt.AlignmentFlag.AlignRight)
            self.reading_view = view
        view = self.reading_view
        shown = view.findChild(QTextEdit, "conclusionsReadingText")
        assert shown is not None
        shown.setDocument(self.text.document().clone(shown))
        font = shown.font()
        font.setPointSizeF(self.text.font().pointSizeF() * 1.15)
        shown.setFont(font)
        fit_to_screen(view, QSize(960, 900), center=True)
        view.show()
        view.raise_()
        return view


class ExportPage(QWidget):
    """The folder to export into, Choose…, Export, and what was written."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        self.label = QLabel(self.tr("F&older:"))
        self.folder = QLineEdit()
        self.folder.setObjectName("exportFolder")
        self.label.setBuddy(self.folder)
        self.choose = QPushButton(self.tr("Bro&wse…"))
        row.addWidget(self.label)
        row.addWidget(self.folder, 1)
        row.addWidget(self.choose)
        lay.addLayout(row)
        self.export = QPushButton(self.tr("&Export"))
        lay.addWidget(self.export, 0, Qt.AlignmentFlag.AlignLeft)
        self.status = wrapped(selectable=True)
        lay.addWidget(self.status)
