"""Languages and protocols by their proper names wherever the window writes a level (the panel's
implementation boxes, the guide's factor step, the plots' legends and axes: ``bancada.ui.window.panel.pretty``)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.ui


def test_levels_are_written_as_their_names():
    from bancada.ui.window.panel import pretty

    assert [pretty(w) for w in ("cpp", "php", "node", "ruby", "java", "go")] == [
        "C++",
        "PHP",
        "Node.js",
        "Ruby",
        "Java",
        "Go",
    ]
    assert [pretty(w) for w in ("grpc", "rest", "jsonrpc", "graphql")] == ["gRPC", "REST/JSON", "JSON-RPC", "GraphQL"]
    assert pretty("my_language") == "My_language"  # a level Bancada does not know: first letter capitalised


def test_the_status_bar_names_a_shipped_profile_as_its_card_does(pt_window):
    """Opening soares-2024 said "Perfil “Go x Java and gRPC x REST…” carregado" while its card says "e"."""
    from tests.conftest import ROOT

    w = pt_window
    assert w.open_profile(str(ROOT / "profiles" / "soares-2024.toml"))
    text = w.state_label.text()
    assert "Go x Java e gRPC x REST" in text and "and" not in text.split("“")[1], text
