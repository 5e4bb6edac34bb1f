"""The panel and the guide name a protocol as its registry entry does: one added through the registry
alone (tests/unit/wire/fake_protocol.py) is listed with its label, no window file changed for it."""

from __future__ import annotations

import pytest

from tests.unit.wire import fake_protocol

pytestmark = pytest.mark.ui

CAPS = {
    "go-rest": {"language": "go", "protocol": "rest", "ok": True, "reason": ""},
    "fake-plainhttp": {"language": "python", "protocol": fake_protocol.NAME, "ok": True, "reason": ""},
}


def test_the_panel_lists_a_registered_protocol_by_its_label(qtbot):
    from bancada.ui.window.panel import ExperimentPanel

    with fake_protocol.served():
        panel = ExperimentPanel()
        qtbot.addWidget(panel)
        panel.set_capabilities(CAPS)
        box = panel._impl_boxes["fake-plainhttp"]
        assert box.isEnabled() and box.toolTip().endswith("Python worker serving Plain HTTP/JSON")
        assert "fake-plainhttp   (Python · Plain HTTP/JSON)" in box.toolTip()
        assert panel._impl_boxes["go-rest"].toolTip().endswith("Go worker serving REST/JSON")


def test_the_guide_lists_a_registered_protocol_by_its_label(qtbot):
    from bancada.ui.guide.pages import FactorsPage, HostPage

    with fake_protocol.served():
        host, factors = HostPage(), FactorsPage()
        qtbot.addWidget(host)
        qtbot.addWidget(factors)
        host.show_caps(CAPS, "")
        factors.fill(CAPS, list(CAPS), ["StdSize"], ["StdSize"])
        assert "fake-plainhttp (Python · Plain HTTP/JSON): can run" in host.caps.text()
        assert factors.impl_boxes["fake-plainhttp"].text() == "fake-plainhttp  (Python · Plain HTTP/JSON)"
