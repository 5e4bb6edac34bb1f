"""“My own service”: declare one's servers and requests in a form; it writes a normal profile.

For each server a name, a protocol (REST or gRPC: the protocols a custom request has a form for)
and an address, with Check: it connects (in a background task, never on the GUI thread) and, for
gRPC, lists the methods through server reflection or from a .proto / protoset the student picks.
For each request the REST method, path, headers and body and the gRPC method, chosen from that
list, with a JSON request filled from the method's input message. Save writes the profile
(:mod:`bancada.experiment.custom_form`) and opens it in the window: the study goes on as any study.
A profile written by hand opens in the same form (:meth:`OwnServiceDialog.load`).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from bancada.core import paths
from bancada.experiment.custom import HTTP_METHODS
from bancada.ui import scheme
from bancada.experiment.custom_form import RequestEntry, ServerEntry, ServiceForm, form_from_profile, parse_headers
from bancada.experiment.custom_reflection import GrpcMethod, check_server, missing_method
from bancada.experiment.external import ExternalSpec
from bancada.experiment.profile import ProfileError, load_profile
from bancada.guide import studies
from bancada.ui.dialogs import file_dialogs
from bancada.ui.screen_fit import fit_to_screen
from bancada.ui.tasks import TaskRunner

PROTOCOL_NAMES = {"rest": "REST", "grpc": "gRPC"}
CHECK = "own-service-check"
#: The server ids of the shipped example (profiles/my-service.toml), named in the reader's language in the form.
EXAMPLE_SERVERS = ("my-server-rest", "my-server-grpc")
#: The shipped example's study (its [experiment] name).
EXAMPLE_STUDY = "my-service"


class ServerBox(QGroupBox):
    """One server's fields, its Check button and what the check found."""

    checked = Signal()  # the check ended (ok or not)
    removeRequested = Signal(object)

    def __init__(self, entry: ServerEntry, tasks: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tasks = tasks
        self.methods: list[GrpcMethod] = []
        self.checked_ok = False
        form = QFormLayout(self)
        self.name = QLineEdit(entry.id)
        self.name.setPlaceholderText(self.tr("e.g. my-server-rest"))
        form.addRow(self.tr("Name"), self.name)
        self.protocol = QComboBox()
        for key, text in PROTOCOL_NAMES.items():
            self.protocol.addItem(text, key)
        self.protocol.setCurrentIndex(max(0, self.protocol.findData(entry.protocol)))
        form.addRow(self.tr("Protocol"), self.protocol)
        self.address = QLineEdit(entry.address)
        self.address.setPlaceholderText(self.tr("host:port, e.g. 127.0.0.1:8080"))
        form.addRow(self.tr("Address"), self.address)
        self.proto_file = entry.proto_file
        row = QHBoxLayout()
        self.check_button = QPushButton(self.tr("Check"))
        self.check_button.setToolTip(self.tr("Connect to the server; for gRPC, list its methods"))
        self.check_button.clicked.connect(self.check)
        self.proto_button = QPushButton(self.tr(".proto / protoset…"))
        self.proto_button.setToolTip(
            self.tr("Read the gRPC methods from a file, for a server without server reflection")
        )
        self.proto_button.clicked.connect(self._pick_proto)
        self.remove_button = QPushButton(self.tr("Remove"))
        self.remove_button.clicked.connect(lambda: self.removeRequested.emit(self))
        for b in (self.check_button, self.proto_button, self.remove_button):
            row.addWidget(b)
        row.addStretch(1)
        form.addRow("", row)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.status.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        # room for two lines from the start, so that a check's result does not push the next server's
        # fields down under the pointer (14 px did); a longer result is whole in the tooltip
        self.status.setFixedHeight(2 * self.status.fontMetrics().lineSpacing() + 2)
        form.addRow("", self.status)
        self.protocol.currentIndexChanged.connect(self._sync)
        self._sync()

    def entry(self) -> ServerEntry:
        return ServerEntry(
            self.name.text().strip(),
            self.protocol.currentData(),
            self.address.text().strip(),
            proto_file=self.proto_file,
        )

    def _sync(self, *_args: object) -> None:
        self.proto_button.setVisible(self.protocol.currentData() == "grpc")

    def _pick_proto(self) -> None:
        path = file_dialogs.open_file(
            self, self.tr("gRPC methods from a file"), self.tr("Protocol Buffers (*.proto *.protoset *.pb)"), "proto"
        )
        if path:
            self.proto_file = path
            self.check()

    def check(self) -> None:
        """Connect (and list the gRPC methods) in a background task; the result shows under the buttons."""
        e = self.entry()
        try:
            spec = ExternalSpec(id=e.id or "server", protocol=e.protocol, address=e.address)  # type: ignore[arg-type]
        except ValueError as exc:
            self._show(False, _first_error(exc))
            return
        self.status.setText(self.tr("Checking {a}…").format(a=spec.target))
        self.check_button.setEnabled(False)
        proto = self.proto_file if e.protocol == "grpc" else ""
        self.tasks.start(
            f"{CHECK}-{id(self)}",
            lambda _state: check_server(spec, proto),
            succeeded=self._checked,
            failed=lambda message, _tb: self._show(False, message),
        )

    def _checked(self, methods: list[GrpcMethod]) -> None:
        self.methods = [m for m in methods if not m.streaming]
        if self.protocol.currentData() == "grpc":
            text = self.tr("Answers; {n} methods: {names}").format(
                n=len(self.methods), names=", ".join(m.full_name for m in self.methods)
            )
        else:
            text = self.tr("Answers: it accepts connections")
        self._show(True, text)

    def _show(self, ok: bool, text: str) -> None:
        self.checked_ok = ok
        self.check_button.setEnabled(True)
        color = scheme.tone("ok" if ok else "error")
        self.status.setText(f'<span style="color:{color}">{"✔" if ok else "✘"}</span> ' + _html(text))
        self.status.setToolTip(text)
        self.checked.emit()


class RequestBox(QGroupBox):
    """One request: its REST form and its gRPC method and JSON request."""

    removeRequested = Signal(object)

    def __init__(self, entry: RequestEntry, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        form = QFormLayout(self)
        self.name = QLineEdit(entry.name)
        self.name.setPlaceholderText(self.tr("e.g. Sum"))
        form.addRow(self.tr("Name"), self.name)
        self.rest_label = QLabel(self.tr("<b>REST</b> (sent to the REST servers)"))
        form.addRow(self.rest_label)
        self.method = QComboBox()
        self.method.addItems(list(HTTP_METHODS))
        self.method.setCurrentText(entry.method or "GET")
        form.addRow(self.tr("Method"), self.method)
        self.path = QLineEdit(entry.path)
        self.path.setPlaceholderText(self.tr("/v1/sum (empty: no REST request)"))
        form.addRow(self.tr("Path"), self.path)
        self.headers = QPlainTextEdit("\n".join(f"{k}: {v}" for k, v in entry.headers.items()))
        self.headers.setPlaceholderText(self.tr("Name: value, one a line (e.g. X-Api-Key: 123)"))
        self.headers.setTabChangesFocus(True)  # Tab leaves the field, as in the other fields
        self.headers.setFixedHeight(44)
        form.addRow(self.tr("Headers"), self.headers)
        self.body = QPlainTextEdit(entry.body)
        self.body.setPlaceholderText(self.tr('Body: JSON, or a template such as {"values": {{int64s 10 0 100}}}'))
        self.body.setTabChangesFocus(True)  # Tab leaves the field, as in the other fields
        self.body.setFixedHeight(56)
        form.addRow(self.tr("Body"), self.body)
        self.grpc_label = QLabel(self.tr("<b>gRPC</b> (sent to the gRPC servers)"))
        form.addRow(self.grpc_label)
        self.grpc_method = QComboBox()
        self.grpc_method.setEditable(True)
        self.grpc_method.setToolTip(self.tr("package.Service/Method: Check a gRPC server to choose from its methods"))
        self.grpc_method.setCurrentText(entry.grpc_method)
        form.addRow(self.tr("gRPC method"), self.grpc_method)
        # the typed text's own node: a screen reader names it as it names the combo box
        typed = self.grpc_method.lineEdit()
        if typed is not None:
            typed.setAccessibleName(self.tr("gRPC method"))
        self.request = QPlainTextEdit(entry.request)
        self.request.setPlaceholderText(self.tr("The request as JSON, filled from the method's input message"))
        self.request.setTabChangesFocus(True)  # Tab leaves the field, as in the other fields
        self.request.setFixedHeight(56)
        form.addRow(self.tr("Request (JSON)"), self.request)
        self.remove_button = QPushButton(self.tr("Remove request"))
        self.remove_button.clicked.connect(lambda: self.removeRequested.emit(self))
        form.addRow("", self.remove_button)
        self._methods: dict[str, GrpcMethod] = {}
        self.grpc_method.activated.connect(self._method_chosen)

    def set_methods(self, methods: list[GrpcMethod]) -> None:
        """Offer ``methods``; the method typed before stays."""
        current = self.grpc_method.currentText()
        self._methods = {m.full_name: m for m in methods}
        self.grpc_method.blockSignals(True)
        self.grpc_method.clear()
        self.grpc_method.addItems(list(self._methods))
        self.grpc_method.setCurrentText(current)
        self.grpc_method.blockSignals(False)

    def choose_method(self, full_name: str) -> None:
        """Choose ``full_name`` and fill the JSON request from its input message."""
        self.grpc_method.setCurrentText(full_name)
        self._method_chosen(self.grpc_method.currentIndex())

    def _method_chosen(self, _index: int) -> None:
        m = self._methods.get(self.grpc_method.currentText())
        if m is not None:
            self.request.setPlainText(m.request_json)

    def entry(self) -> RequestEntry:
        """The request as written.

        Raises:
            ValueError: a header line without ``Name: value``.
        """
        return RequestEntry(
            self.name.text().strip(),
            self.method.currentText(),
            self.path.text().strip(),
            parse_headers(self.headers.toPlainText()),
            self.body.toPlainText().strip(),
            self.grpc_method.currentText().strip(),
            self.request.toPlainText().strip(),
        )


class OwnServiceDialog(QDialog):
    """The form. ``saved(path)`` once it wrote a valid profile."""

    saved = Signal(str)

    def __init__(self, tasks: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ownServiceDialog")
        self.setWindowTitle(self.tr("My own service"))
        self.tasks = tasks
        self.form = ServiceForm()
        self.servers: list[ServerBox] = []
        self.requests: list[RequestBox] = []
        outer = QVBoxLayout(self)
        intro = QLabel(
            self.tr(
                "Declare the servers you wrote (Bancada measures them but does not start them) and the "
                "requests to send. Check each server: it must be running. Then save: the profile opens in "
                "the window and the study goes on as any study (factors, pilot, run, statistics, export)."
            )
        )
        intro.setWordWrap(True)
        outer.addWidget(intro)
        top = QFormLayout()
        self.title = QLineEdit()
        self.title.setPlaceholderText(self.tr("e.g. Lab 6: my calculator over REST and gRPC"))
        top.addRow(self.tr("Study"), self.title)
        outer.addLayout(top)
        body = QWidget()
        columns = QHBoxLayout(body)
        self.server_column = QVBoxLayout()
        self.request_column = QVBoxLayout()
        for column, title, add_text, add in (
            (self.server_column, self.tr("Servers"), self.tr("Add server"), self._add_server_clicked),
            (self.request_column, self.tr("Requests"), self.tr("Add request"), self._add_request_clicked),
        ):
            heading = QLabel(f"<b>{title}</b>")
            column.addWidget(heading)
            button = QPushButton(add_text)
            button.clicked.connect(add)
            column.addWidget(button)
            if column is self.request_column:
                self.add_request_button = button
            else:
                self.add_server_button = button
            column.addStretch(1)
            columns.addLayout(column, 1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        outer.addWidget(scroll, 1)
        file_row = QHBoxLayout()
        self.path = QLineEdit(str(self.default_path()))
        self.path.setToolTip(self.tr("Where the profile is written: a normal profile file you can open again"))
        choose = QPushButton(self.tr("Choose…"))
        choose.clicked.connect(self._choose_path)
        file_label = QLabel(self.tr("Profile file"))
        file_label.setBuddy(self.path)  # the field's accessible name
        file_row.addWidget(file_label)
        file_row.addWidget(self.path, 1)
        file_row.addWidget(choose)
        outer.addLayout(file_row)
        self.problem = QLabel()
        self.problem.setObjectName("ownServiceProblem")
        self.problem.setWordWrap(True)
        scheme.set_tone(self.problem, "error")
        outer.addWidget(self.problem)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.clicked.connect(self.reject)
        self.save_button = QPushButton(self.tr("Save and open"))
        self.save_button.setDefault(True)
        self.save_button.clicked.connect(self.save)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.save_button)
        outer.addLayout(buttons)
        fit_to_screen(self, QSize(980, 700))  # smaller on a small screen, frame included
        rest_id, grpc_id = self.example_ids()
        self.load(
            ServiceForm(
                servers=[ServerEntry(rest_id, "rest"), ServerEntry(grpc_id, "grpc")],
                requests=[RequestEntry(self._request_name(1))],
            )
        )

    # -- the reader's language -----------------------------------------------------------------
    def example_ids(self) -> tuple[str, str]:
        """The REST and gRPC servers' names the form suggests, in the reader's language; valid ids of
        ``[[external]]`` (letters, digits, ``. _ : -``: no accents)."""
        return self.tr("my-server-rest"), self.tr("my-server-grpc")

    def _request_name(self, n: int) -> str:
        return self.tr("Request{n}").format(n=n)

    def default_path(self) -> Path:
        """Where the form suggests saving: the user's profiles folder (never the program's, read-only
        when installed), a file name in the reader's language."""
        return paths.user_profiles_dir() / (self.tr("my-own-service") + ".toml")

    def load_example(self, path: str) -> bool:
        """Open the shipped example ``path`` to be made one's own: its servers named in the reader's
        language, its title the study card's, saved by default to :meth:`default_path` (not over the
        example)."""
        if not self.load_file(path):
            return False
        names = dict(zip(EXAMPLE_SERVERS, self.example_ids(), strict=True))
        for box in self.servers:
            box.name.setText(names.get(box.name.text(), box.name.text()))
        if self.form.base.get("experiment", {}).get("name") == EXAMPLE_STUDY:
            self.title.setText(studies.title(EXAMPLE_STUDY, self.title.text()))
        self.path.setText(str(self.default_path()))
        return True

    # -- content ---------------------------------------------------------------------------
    def load(self, form: ServiceForm, path: str = "") -> None:
        """Show ``form`` (``path``: the file it came from, written back there by default)."""
        for box in [*self.servers, *self.requests]:
            self._drop(box)
        self.servers, self.requests = [], []
        self.form = form
        self.title.setText(form.title)
        for s in form.servers:
            self.add_server(s)
        for r in form.requests:
            self.add_request(r)
        if path:
            self.path.setText(path)
        self.problem.clear()

    def load_file(self, path: str) -> bool:
        """Open a profile (written by this form or by hand) in the form; False with the reason shown."""
        try:
            form = form_from_profile(load_profile(path))
        except (ProfileError, OSError) as exc:
            self.problem.setText(str(exc))
            return False
        self.load(form, path)
        return True

    def add_server(self, entry: ServerEntry) -> ServerBox:
        box = ServerBox(entry, self.tasks)
        box.setTitle(self.tr("Server {n}").format(n=len(self.servers) + 1))
        box.checked.connect(self._share_methods)
        box.removeRequested.connect(self._remove)
        self.server_column.insertWidget(len(self.servers) + 1, box)
        self.servers.append(box)
        return box

    def add_request(self, entry: RequestEntry) -> RequestBox:
        box = RequestBox(entry)
        box.setTitle(self.tr("Request {n}").format(n=len(self.requests) + 1))
        box.removeRequested.connect(self._remove)
        box.set_methods([m for s in self.servers for m in s.methods])
        self.request_column.insertWidget(len(self.requests) + 1, box)
        self.requests.append(box)
        return box

    def _add_server_clicked(self) -> None:
        self.add_server(ServerEntry(protocol="rest"))

    def _add_request_clicked(self) -> None:
        self.add_request(RequestEntry(self._request_name(len(self.requests) + 1)))

    def _remove(self, box: QWidget) -> None:
        for boxes in (self.servers, self.requests):
            if box in boxes:
                boxes.remove(box)  # type: ignore[arg-type]
                self._drop(box)

    def _drop(self, box: QWidget) -> None:
        """Take ``box`` out of the form; it stays the dialog's child (hidden) and goes with it (a box
        deleted while its combo boxes and text fields are in use crashed Qt at exit)."""
        box.hide()
        for layout in (self.server_column, self.request_column):
            layout.removeWidget(box)

    def _share_methods(self) -> None:
        """After a check: offer the gRPC methods found in every request, and say if one is not there."""
        methods = [m for s in self.servers for m in s.methods]
        for r in self.requests:
            r.set_methods(methods)
        problems = []
        for s in self.servers:
            if s.protocol.currentData() != "grpc" or not s.checked_ok:
                continue
            for r in self.requests:
                wanted = r.grpc_method.currentText().strip()
                why = missing_method(s.entry().address, wanted, s.methods) if wanted else ""
                if why:
                    problems.append(self.tr("Request {r}: {why}").format(r=r.name.text(), why=why))
        self.problem.setText("\n".join(problems))

    def _choose_path(self) -> None:
        path = file_dialogs.save_file(
            self, self.tr("Save profile"), self.tr("Profiles (*.toml)"), "profiles", Path(self.path.text()).name
        )
        if path:
            self.path.setText(path)

    def current_form(self) -> ServiceForm:
        """The form's content as typed.

        Raises:
            ValueError: a header line without ``Name: value``.
        """
        return ServiceForm(
            self.title.text().strip(),
            [s.entry() for s in self.servers],
            [r.entry() for r in self.requests],
            self.form.base,
        )

    def save(self) -> bool:
        """Write the profile and emit ``saved``; False with the reason shown when it is not valid."""
        path = Path(self.path.text().strip()).expanduser()
        try:
            self.current_form().write(path)
        except (ProfileError, ValueError) as exc:
            self.problem.setText(str(exc))
            return False
        except OSError as exc:
            self.problem.setText(self.tr("Cannot write {p}: {why}").format(p=path, why=exc.strerror))
            return False
        self.problem.clear()
        file_dialogs.remember("profiles", str(path))
        self.saved.emit(str(path))
        self.accept()
        return True


def _first_error(exc: ValueError) -> str:
    """A pydantic error's own message (``Value error, `` dropped), else the exception's text."""
    errors = getattr(exc, "errors", None)
    if callable(errors):
        e = errors()[0]
        return f"{'.'.join(map(str, e['loc']))}: {str(e['msg']).removeprefix('Value error, ')}"
    return str(exc)


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\n", "<br>")
