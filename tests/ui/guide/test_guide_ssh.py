"""The guide's host step against a real SSH host (the test sshd): the window checks it, the guide shows the answer."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

from tests.ssh.conftest import (  # noqa: E402,F401
    _private_ssh_dir,
    remote_workdir,
    saved_host,
    ssh_keys,
    sshd,
    trusted_host,
)

pytestmark = [pytest.mark.ui, pytest.mark.ssh]


def test_the_host_step_checks_a_saved_ssh_host(trusted_host, window, qtbot):  # noqa: F811
    w = window
    g = w.show_guide()
    g.study_page.buttons["quick"].click()
    g.go_next()
    assert g.state.name == "host"
    combo = g.host_page.combo
    assert [combo.itemData(i) for i in range(combo.count())] == ["local", trusted_host]
    combo.setCurrentIndex(1)
    assert w.panel.host() == trusted_host  # the window's own panel, and its host check
    assert g.state.caps is None and not g.next_button.isEnabled()
    assert g.reason.text() == f"Checking what {trusted_host} can run…"
    qtbot.waitUntil(lambda: g.state.caps is not None, timeout=60_000)
    text = g.host_page.caps.text()
    assert "✓ go-grpc (Go · gRPC): can run" in text, text
    assert "is not deployed to SSH hosts: run it on this computer" in text  # the seed-003 workers (deploy = "local")
    assert g.next_button.isEnabled() and not g.reason.isVisible()
    combo.setCurrentIndex(0)
    qtbot.waitUntil(lambda: g.state.caps is not None and g.state.host == "local", timeout=60_000)
    assert w.panel.host() == "local" and g.next_button.isEnabled()
