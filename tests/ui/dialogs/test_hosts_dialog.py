"""The host picker against the real test sshd: add, accept the key, check, choose, remove/undo."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

from bancada.hosts import hostconfig  # noqa: E402
from tests.conftest import ROOT  # noqa: E402
from tests.ui.conftest import screenshot  # noqa: E402
from tests.ssh.conftest import _private_ssh_dir, host_key_fingerprint, ssh_keys, sshd, sshd2  # noqa: E402,F401

pytestmark = [pytest.mark.ui, pytest.mark.ssh]


def test_add_accept_check_choose(qtbot, sshd, ssh_keys, tmp_path):  # noqa: F811
    from PySide6.QtCore import Qt

    from bancada.ui.dialogs.hosts_dialog import HostsDialog

    dialog = HostsDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.list.count() == 0
    qtbot.mouseClick(dialog.add_button, Qt.LeftButton)
    assert dialog.form.isVisible()
    dialog.name_edit.setText("lab")
    dialog.address_edit.setText("127.0.0.1")
    dialog.port_spin.setValue(sshd.port)
    dialog.user_edit.setText("root")
    dialog.key_edit.setText(str(ssh_keys))
    dialog.workdir_edit.setText(str(tmp_path / "remote"))
    qtbot.mouseClick(dialog.save_button, Qt.LeftButton)
    assert hostconfig.get_host("lab").port == sshd.port
    # the check runs in a background thread; the GUI thread stays free
    assert dialog.busy() and not dialog.key_panel.isVisible()  # the result comes later, by a queued signal
    fp = host_key_fingerprint(sshd)
    qtbot.waitUntil(lambda: dialog.key_panel.isVisible(), timeout=20_000)
    assert fp in dialog.key_label.text()
    qtbot.mouseClick(dialog.trust_button, Qt.LeftButton)
    qtbot.waitUntil(lambda: "can run" in dialog.details.toPlainText() and not dialog.busy(), timeout=30_000)
    text = dialog.details.toPlainText()
    assert "go-grpc" in text and "java-rest" in text and "x86_64" in text
    assert _ssh_runnable() in dialog.status.text()
    screenshot(dialog, "hosts_dialog.png")
    with qtbot.waitSignal(dialog.hostChosen, timeout=5_000) as chosen:
        qtbot.mouseClick(dialog.use_button, Qt.LeftButton)
    assert chosen.args == ["lab"]


def test_remove_with_undo_and_refused_connection(qtbot, ssh_keys):  # noqa: F811
    from PySide6.QtCore import Qt

    from bancada.ui.dialogs.hosts_dialog import HostsDialog
    from tests.ssh.sshd import free_port

    hostconfig.save_host(
        hostconfig.HostProfile(
            "gone", "127.0.0.1", port=free_port(), user="root", key=str(ssh_keys), workdir="/nonexistent-never-reached"
        )
    )
    dialog = HostsDialog()
    qtbot.addWidget(dialog)
    assert dialog.current() == "gone"
    qtbot.mouseClick(dialog.check_button, Qt.LeftButton)
    qtbot.waitUntil(lambda: "connection refused" in dialog.status.text() and not dialog.busy(), timeout=20_000)
    qtbot.mouseClick(dialog.remove_button, Qt.LeftButton)
    assert hostconfig.list_hosts() == [] and dialog.undo_panel.isVisibleTo(dialog)
    qtbot.mouseClick(dialog.undo_button, Qt.LeftButton)
    assert hostconfig.list_hosts() == ["gone"] and dialog.current() == "gone"


def test_jump_host_and_target_keys_are_accepted_one_after_the_other(qtbot, sshd, sshd2, ssh_keys, tmp_path):  # noqa: F811
    from PySide6.QtCore import Qt

    from bancada.ui.dialogs.hosts_dialog import HostsDialog

    hostconfig.save_host(
        hostconfig.HostProfile(
            "gate", "127.0.0.1", port=sshd.port, user="root", key=str(ssh_keys), workdir=str(tmp_path / "remote")
        )
    )
    hostconfig.save_host(
        hostconfig.HostProfile(
            "inner",
            "127.0.0.1",
            port=sshd2.port,
            user="root",
            key=str(ssh_keys),
            jump="gate",
            workdir=str(tmp_path / "remote"),
        )
    )
    dialog = HostsDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.list.setCurrentItem(dialog.list.findItems("inner", Qt.MatchExactly)[0])
    assert dialog.current() == "inner"
    qtbot.mouseClick(dialog.check_button, Qt.LeftButton)
    qtbot.waitUntil(lambda: dialog.key_panel.isVisible(), timeout=20_000)
    text = dialog.key_label.text()
    assert "jump host gate" in text and host_key_fingerprint(sshd) in text
    qtbot.mouseClick(dialog.trust_button, Qt.LeftButton)
    qtbot.waitUntil(
        lambda: dialog.key_panel.isVisible() and host_key_fingerprint(sshd2) in dialog.key_label.text(), timeout=20_000
    )
    assert "jump host" not in dialog.key_label.text() and "inner" in dialog.key_label.text()
    qtbot.mouseClick(dialog.trust_button, Qt.LeftButton)
    qtbot.waitUntil(lambda: "can run" in dialog.details.toPlainText() and not dialog.busy(), timeout=30_000)
    assert _ssh_runnable() in dialog.status.text()


def _ssh_runnable() -> str:
    """``"N of M implementations"`` for a loopback SSH host: those deployed as one file or as a bundle
    (its setup finds python3-venv and npm on this machine) can run there; ``deploy = "local"`` ones cannot."""
    from bancada.experiment import manifest

    impls = manifest.discover(ROOT).values()
    files = [i for i in impls if i.worker.deploy != "local"]
    assert len(files) >= 4  # go and java, over gRPC and REST
    return f"{len(files)} of {len(impls)} implementations"


def test_the_check_lists_each_gap_with_its_fix(qapp):
    """What a host lacks, one item per reason with the implementations it stops (hosts.check.missing_lines)."""
    from bancada.ui.dialogs.hosts_dialog import facts_html

    why_java = "needs Java 17 or newer; no java found on the host (Debian, Ubuntu: apt install openjdk-17-jre-headless)"
    rows = [["go-rest", True, ""], ["java-rest", False, why_java], ["java-grpc", False, why_java]]
    page = facts_html("lab", {"address": "10.233.1.2"}, rows)
    assert "<h4>Missing, and its fix</h4>" in page
    assert f"<li>java-grpc, java-rest: {why_java}</li>" in page
    assert "Missing, and its fix" not in facts_html("lab", {}, rows[:1])
