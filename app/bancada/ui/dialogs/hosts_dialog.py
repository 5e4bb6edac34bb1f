"""The host picker: add, check and choose SSH target hosts.

All SSH work (connect, host facts, clean-up) runs in :func:`check_host`
through the shared background-task runner (:mod:`bancada.ui.tasks`), never
on the GUI thread. An unknown host key is shown with its SHA256
fingerprint and must be trusted explicitly; a changed key is refused loudly.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication, QLocale, QSize, Signal, Slot
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from bancada.hosts import hostconfig
from bancada.hosts.check import missing_lines
from bancada.ui import scheme
from bancada.ui.tasks import TaskRunner
from bancada.ui.screen_fit import fit_to_screen

CHECK = "host-check"
_orphans: set = set()  # task runners whose check still runs after their dialog closed


def check_host(name: str, accept: dict[str, str] | None = None, passphrase: str | None = None) -> dict:
    """Connect to a saved host, read its facts and which implementations can run; disconnect.

    ``accept`` maps saved host names (``name`` or its jump hosts) to host-key
    fingerprints the user accepted. Runs in a background task (never on the
    GUI thread). Returns ``{"ok": True, "name", "facts", "rows"}`` with rows
    ``[(implementation, can_run, why_not)]``, or ``{"ok": False, "name",
    "kind", "message", "fingerprint", "key_of", "jump"}`` where kind is
    ``unknown_key``, ``changed_key``, ``passphrase`` or ``error`` and
    ``key_of`` names the saved host whose key is unknown.
    """
    from bancada.hosts.check import check_report
    from bancada.hosts.ssh_host import HostKeyChanged, PassphraseNeeded, UnknownHostKey, connect_saved_host

    failure = {"ok": False, "name": name, "fingerprint": "", "key_of": name, "jump": False}
    try:
        host = connect_saved_host(name, accept=accept, passphrase=passphrase, ask=None)
        try:
            facts, rows = check_report(host)
            facts = {**facts, "connect_s": round(host.timings.get("connect", 0.0), 2), "cleaned": list(host.cleaned)}
        finally:
            host.close()
        return {"ok": True, "name": name, "facts": facts, "rows": [list(r) for r in rows]}
    except UnknownHostKey as exc:
        return {
            **failure,
            "kind": "unknown_key",
            "message": str(exc),
            "fingerprint": exc.fingerprint,
            "key_of": exc.profile or name,
            "jump": exc.jump,
        }
    except HostKeyChanged as exc:
        return {**failure, "kind": "changed_key", "message": str(exc)}
    except PassphraseNeeded as exc:
        return {**failure, "kind": "passphrase", "message": str(exc)}
    except Exception as exc:  # noqa: BLE001 - every failure becomes one line in the dialog
        return {**failure, "kind": "error", "message": str(exc) or type(exc).__name__}


class HostsDialog(QDialog):
    """Saved SSH hosts: Add, Check, Remove (with Undo) and "Use this host".

    Signals:
        hostChosen(str): the name of the host the user chose.
    """

    hostChosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Target hosts"))
        fit_to_screen(self, QSize(760, 520))  # smaller on a small screen, frame included
        self.tasks = TaskRunner()  # no parent: a check still running when the dialog closes may finish alone
        self._pending_key: tuple[str, str, str] | None = None  # (host checked, host whose key, fingerprint)
        self._accepted: dict[str, str] = {}  # fingerprints accepted while checking the current host
        self._removed: hostconfig.HostProfile | None = None

        self.list = QListWidget()
        self.list.currentTextChanged.connect(self._selection_changed)
        self.add_button = QPushButton(self.tr("Add…"))
        self.check_button = QPushButton(self.tr("Check"))
        self.remove_button = QPushButton(self.tr("Remove"))
        self.use_button = QPushButton(self.tr("Use this host"))
        self.use_button.setDefault(True)
        close = QPushButton(self.tr("Close"))
        self.add_button.clicked.connect(self.show_add_form)
        self.check_button.clicked.connect(lambda: self.check(self.current()))
        self.remove_button.clicked.connect(self.remove_current)
        self.use_button.clicked.connect(self.use_current)
        close.clicked.connect(self.reject)

        self.details = QTextBrowser()
        self.status = QLabel("")
        self.status.setWordWrap(True)

        # add form
        self.form = QGroupBox(self.tr("New host"))
        self.name_edit = QLineEdit()
        self.address_edit = QLineEdit()
        self.address_edit.setPlaceholderText(self.tr("host name or IP address"))
        self.port_spin = QSpinBox()
        self.port_spin.setRange(1, 65535)
        self.port_spin.setValue(22)
        self.user_edit = QLineEdit()
        self.key_edit = QLineEdit()
        self.key_edit.setAccessibleName(self.tr("Key file"))  # in a row of its own: no label names it
        self.key_edit.setPlaceholderText(self.tr("private key file (empty: ssh-agent)"))
        self.workdir_edit = QLineEdit()
        self.workdir_edit.setPlaceholderText(hostconfig.DEFAULT_WORKDIR)
        browse = QPushButton(self.tr("Browse…"))
        browse.clicked.connect(self._browse_key)
        key_row = QHBoxLayout()
        key_row.addWidget(self.key_edit)
        key_row.addWidget(browse)
        self.save_button = QPushButton(self.tr("Save and check"))
        cancel = QPushButton(self.tr("Cancel"))
        self.save_button.clicked.connect(self.save_form)
        cancel.clicked.connect(lambda: self.form.setVisible(False))
        form_layout = QFormLayout(self.form)
        form_layout.addRow(self.tr("Name"), self.name_edit)
        form_layout.addRow(self.tr("Address"), self.address_edit)
        form_layout.addRow(self.tr("Port"), self.port_spin)
        form_layout.addRow(self.tr("User"), self.user_edit)
        form_layout.addRow(self.tr("Key file"), key_row)
        form_layout.addRow(self.tr("Work directory"), self.workdir_edit)
        form_buttons = QHBoxLayout()
        form_buttons.addStretch()
        form_buttons.addWidget(cancel)
        form_buttons.addWidget(self.save_button)
        form_layout.addRow(form_buttons)
        self.form.setVisible(False)

        # explicit host-key confirmation
        self.key_panel = QFrame()
        self.key_panel.setFrameShape(QFrame.Shape.StyledPanel)
        self.key_label = QLabel()
        self.key_label.setWordWrap(True)
        self.trust_button = QPushButton(self.tr("Trust this key"))
        self.distrust_button = QPushButton(self.tr("Do not trust"))
        self.trust_button.clicked.connect(self.trust_pending_key)
        self.distrust_button.clicked.connect(self._distrust)
        kp = QVBoxLayout(self.key_panel)
        kp.addWidget(self.key_label)
        kb = QHBoxLayout()
        kb.addStretch()
        kb.addWidget(self.distrust_button)
        kb.addWidget(self.trust_button)
        kp.addLayout(kb)
        self.key_panel.setVisible(False)

        # undo after remove
        self.undo_panel = QFrame()
        self.undo_label = QLabel()
        self.undo_button = QPushButton(self.tr("Undo"))
        self.undo_button.clicked.connect(self.undo_remove)
        up = QHBoxLayout(self.undo_panel)
        up.addWidget(self.undo_label)
        up.addStretch()
        up.addWidget(self.undo_button)
        self.undo_panel.setVisible(False)

        left = QVBoxLayout()
        saved_label = QLabel(self.tr("Saved hosts"))
        saved_label.setBuddy(self.list)  # the list's accessible name
        left.addWidget(saved_label)
        left.addWidget(self.list)
        for b in (self.add_button, self.check_button, self.remove_button):
            left.addWidget(b)
        right_column = QWidget()
        right = QVBoxLayout(right_column)
        right.setContentsMargins(0, 0, 0, 0)
        right.addWidget(self.form)
        right.addWidget(self.key_panel)
        right.addWidget(self.details, 1)
        right.addWidget(self.undo_panel)
        right.addWidget(self.status)
        top = QHBoxLayout()
        top.addLayout(left, 1)
        # the form, the key and the details scroll where the screen is too low for them (a high scale factor)
        right_scroll = QScrollArea()
        right_scroll.setWidget(right_column)
        right_scroll.setWidgetResizable(True)
        right_scroll.setFrameShape(QFrame.Shape.NoFrame)
        top.addWidget(right_scroll, 3)
        bottom = QHBoxLayout()
        bottom.addStretch()
        bottom.addWidget(close)
        bottom.addWidget(self.use_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(bottom)
        self.refresh()

    # -- list ------------------------------------------------------------------------
    def refresh(self, select: str | None = None) -> None:
        """Reload the saved hosts from disk."""
        current = select or self.current()
        self.list.clear()
        try:
            names = hostconfig.list_hosts()
        except hostconfig.HostConfigError as exc:
            names = []
            self._set_status(str(exc), error=True)
        self.list.addItems(names)
        if current in names:
            self.list.setCurrentRow(names.index(current))
        elif names:
            self.list.setCurrentRow(0)
        self._selection_changed(self.current())

    def current(self) -> str:
        item = self.list.currentItem()
        return item.text() if item else ""

    @Slot(str)
    def _selection_changed(self, name: str) -> None:
        for b in (self.check_button, self.remove_button, self.use_button):
            b.setEnabled(bool(name))
        if name and not self.busy():
            try:
                p = hostconfig.get_host(name)
                where = f"{p.user + '@' if p.user else ''}{p.address}{':' + str(p.port) if p.port else ''}"
                self.details.setHtml(
                    f"<h3>{html.escape(name)}</h3><p>{html.escape(where)}</p>"
                    + self.tr("<p>Press <b>Check</b> to connect and read its facts.</p>")
                )
            except hostconfig.HostConfigError as exc:
                self.details.setPlainText(str(exc))

    # -- add -------------------------------------------------------------------------
    def show_add_form(self) -> None:
        for w in (self.name_edit, self.address_edit, self.user_edit, self.key_edit, self.workdir_edit):
            w.clear()
        self.port_spin.setValue(22)
        self.form.setVisible(True)
        self.name_edit.setFocus()

    def _browse_key(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Private key file"))
        if path:
            self.key_edit.setText(path)

    def save_form(self) -> None:
        """Save the form as a host profile, then check it."""
        profile = hostconfig.HostProfile(
            name=self.name_edit.text().strip(),
            address=self.address_edit.text().strip(),
            port=self.port_spin.value(),
            user=self.user_edit.text().strip() or None,
            key=self.key_edit.text().strip() or None,
            workdir=self.workdir_edit.text().strip() or hostconfig.DEFAULT_WORKDIR,
        )
        try:
            hostconfig.save_host(profile)
        except hostconfig.HostConfigError as exc:
            self._set_status(str(exc), error=True)
            return
        self.form.setVisible(False)
        self.refresh(select=profile.name)
        self.check(profile.name)

    # -- check (background) -----------------------------------------------------------------
    def busy(self) -> bool:
        return self.tasks.busy(CHECK)

    def check(self, name: str, accept: dict[str, str] | None = None, passphrase: str | None = None) -> None:
        """Check ``name`` in a background task; a newer check supersedes (and drops) an older one.

        ``accept`` maps saved host names (``name`` or its jump hosts) to the host-key fingerprints the
        user accepted; each unknown key on the way is shown, one at a time, until all are accepted.
        """
        if not name:
            return
        self._accepted = dict(accept or {})
        self.key_panel.setVisible(False)
        self._set_status(self.tr("connecting to {h}…").format(h=name))
        self.tasks.start(
            CHECK,
            lambda state: check_host(name, accept, passphrase),
            supersede=True,
            succeeded=self._check_finished,
            failed=self._task_failed,
        )

    @Slot(object)
    def _check_finished(self, result: dict) -> None:
        name = result["name"]
        if result["ok"]:
            facts, rows = result["facts"], result["rows"]
            self.details.setHtml(facts_html(name, facts, rows))
            runnable = [r[0] for r in rows if r[1]]
            self._set_status(
                self.tr("{h}: connected in {t} s; {k} of {n} implementations can run there").format(
                    h=name, t=QLocale().toString(float(facts.get("connect_s", 0)), "f", 2), k=len(runnable), n=len(rows)
                )
            )
            return
        kind, message, fp = result["kind"], result["message"], result["fingerprint"]
        if kind == "unknown_key":
            key_of = result["key_of"]
            self._pending_key = (name, key_of, fp)
            whose = (
                self.tr("jump host {j} (on the way to {h})").format(j=html.escape(key_of), h=html.escape(name))
                if result["jump"]
                else html.escape(key_of)
            )
            self.key_label.setText(
                self.tr(
                    "<b>The host key of {whose} is not known.</b><br>Its fingerprint is<br>"
                    "<tt style='font-size:large'>{fp}</tt><br>Compare it with the one the host's owner "
                    "gives you (<tt>ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub</tt> on the host) before trusting "
                    "it."
                ).format(whose=whose, fp=html.escape(fp))
            )
            self.key_panel.setVisible(True)
            self._set_status(
                self.tr("{h}: waiting for you to accept or refuse the host key of {k}").format(h=name, k=key_of)
            )
        elif kind == "passphrase":
            text, ok = QInputDialog.getText(
                self, self.tr("Passphrase"), self.tr("{m}.\nPassphrase:").format(m=message), QLineEdit.EchoMode.Password
            )
            if ok and text:
                self.check(name, passphrase=text)
            else:
                self._set_status(message, error=True)
        elif kind == "changed_key":
            self._set_status(message, error=True)
            self.details.setHtml(
                f"<h3 style='color:{scheme.tone('error')}'>"
                + self.tr("Refused: the host key changed")
                + f"</h3><p>{html.escape(message)}</p>"
            )
        else:
            self._set_status(f"{name}: {message}", error=True)

    @Slot(str, str)
    def _task_failed(self, message: str, _traceback: str) -> None:
        self._set_status(message, error=True)

    def trust_pending_key(self) -> None:
        """The user accepted the shown fingerprint: check again, trusting exactly that key."""
        if self._pending_key:
            name, key_of, fp = self._pending_key
            self._pending_key = None
            self.check(name, accept={**self._accepted, key_of: fp})

    def _distrust(self) -> None:
        self._pending_key = None
        self.key_panel.setVisible(False)
        self._set_status(self.tr("host key not trusted: not connected"), error=True)

    # -- remove / use ------------------------------------------------------------------
    def remove_current(self) -> None:
        name = self.current()
        if not name:
            return
        try:
            self._removed = hostconfig.remove_host(name)
        except hostconfig.HostConfigError as exc:
            QMessageBox.warning(self, self.tr("Cannot remove"), str(exc))
            return
        self.undo_label.setText(self.tr("Removed {h}.").format(h=name))
        self.undo_panel.setVisible(True)
        self.refresh()

    def undo_remove(self) -> None:
        if self._removed:
            hostconfig.save_host(self._removed)
            name, self._removed = self._removed.name, None
            self.undo_panel.setVisible(False)
            self.refresh(select=name)

    def use_current(self) -> None:
        name = self.current()
        if name:
            self.hostChosen.emit(name)
            self.accept()

    def _set_status(self, text: str, error: bool = False) -> None:
        scheme.set_tone(self.status, "error" if error else "")
        self.status.setText(text)

    def done(self, result: int) -> None:
        task = self.tasks.current(CHECK)
        if task is not None:  # never block the GUI thread: let the check finish on its own, results dropped
            task.cancel()
            _orphans.add(self.tasks)
            task.ended.connect(lambda runner=self.tasks: _orphans.discard(runner))
        super().done(result)


def facts_html(name: str, facts: dict, rows: list) -> str:
    """The facts table and the implementations (with why not) as HTML."""

    def fmt(key):
        v = facts.get(key)
        if v is None:
            return "—"
        if key.endswith("_bytes"):
            return f"{v / 2**30:.1f} GiB"
        return html.escape(str(v))

    T = QCoreApplication.translate
    labels = [
        ("os", T("HostsDialog", "OS")),
        ("kernel", T("HostsDialog", "Kernel")),
        ("arch", T("HostsDialog", "Architecture")),
        ("cpu_model", T("HostsDialog", "CPU")),
        ("cpu_count", T("HostsDialog", "CPUs")),
        ("memory_bytes", T("HostsDialog", "Memory")),
        ("load_avg", T("HostsDialog", "Load average")),
        ("java", "Java"),
        ("python3", "Python"),
        ("node", "Node.js"),
        ("workdir", T("HostsDialog", "Work directory")),
        ("disk_free_bytes", T("HostsDialog", "Free disk")),
    ]
    facts_rows = "".join(f"<tr><td><b>{label}</b></td><td>{fmt(k)}</td></tr>" for k, label in labels)
    can, cannot = (
        QCoreApplication.translate("HostsDialog", "can run"),
        QCoreApplication.translate("HostsDialog", "cannot run"),
    )
    impl_rows = "".join(
        f"<tr><td>{html.escape(i)}</td><td>{can if ok else cannot}</td><td>{html.escape(why)}</td></tr>"
        for i, ok, why in rows
    )
    cleaned = "".join(f"<li>{html.escape(c)}</li>" for c in facts.get("cleaned", []))
    missing = "".join(f"<li>{html.escape(line)}</li>" for line in missing_lines(rows))
    return (
        f"<h3>{html.escape(name)} ({html.escape(str(facts.get('address', '')))})</h3>"
        f"<table>{facts_rows}</table>"
        + (
            "<h4>" + QCoreApplication.translate("HostsDialog", "Missing, and its fix") + f"</h4><ul>{missing}</ul>"
            if missing
            else ""
        )
        + "<h4>"
        + QCoreApplication.translate("HostsDialog", "Implementations")
        + f"</h4><table>{impl_rows}</table>"
        + (
            "<p>" + QCoreApplication.translate("HostsDialog", "Stopped leftover workers:") + f"</p><ul>{cleaned}</ul>"
            if cleaned
            else ""
        )
    )
