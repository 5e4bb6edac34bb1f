"""Issue 45: every interactive node a screen reader reaches has a name, in the window's language:
the main window, the guide, the own-service form, Hosts, Compare and classroom mode (Qt's
accessibility tree, which Qt's AT-SPI bridge serves to Orca)."""

from __future__ import annotations

import pytest

from tests.ui.access.a11y_tree import unnamed_interactive, walk

pytestmark = pytest.mark.ui


def test_every_interactive_node_has_a_name_in_every_window(pt_window, qtbot, tmp_path):
    from bancada.ui.dialogs.compare_view import CompareView
    from bancada.ui.dialogs.hosts_dialog import HostsDialog

    w = pt_window
    assert len(walk(w)) > 50  # the tree is walked, not an empty shell
    assert unnamed_interactive(w) == []
    g = w.show_guide()
    qtbot.wait(100)
    assert unnamed_interactive(g) == []

    form = w.show_own_service(None)
    form.add_request_button.click()
    qtbot.wait(100)
    assert unnamed_interactive(form) == []
    form.close()

    hosts = HostsDialog()
    qtbot.addWidget(hosts)
    hosts.show()
    hosts.show_add_form()
    qtbot.wait(100)
    assert unnamed_interactive(hosts) == []
    hosts.close()

    run_file = tmp_path / "a.sqlite"
    run_file.write_bytes(b"")
    compare = CompareView(w.tasks, [str(run_file)], current=None)
    qtbot.addWidget(compare)
    compare.show()
    qtbot.wait(100)
    assert unnamed_interactive(compare) == []
    names = {n.name for n in walk(compare)}
    assert "Execuções a comparar" in names and "Execuções recentes:" in names  # in the reader's language
    compare.close()

    g.close()
    w.menus.act_classroom.trigger()
    qtbot.wait(100)
    try:
        assert unnamed_interactive(w) == []
    finally:
        w.menus.act_classroom.trigger()
