"""Brazilian Portuguese and English: the catalogue is complete and current, and the window speaks it."""

from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

from bancada.core import i18n
from tests.conftest import ROOT
from tests.ui.conftest import screenshot

pytestmark = pytest.mark.ui

TS = ROOT / "app" / "bancada" / "translations" / "bancada_pt_BR.ts"
LUPDATE = ROOT / ".venv" / "bin" / "pyside6-lupdate"
#: What scripts/update_translations.sh reads: every Python file of the package but the generated ones.
SOURCES = sorted(
    p
    for p in (ROOT / "app" / "bancada").rglob("*.py")
    if not p.name.endswith("_pb2.py") and "__pycache__" not in p.parts
)
#: European Portuguese words a Brazilian reader trips over (left) and what Brazil says (right).
EUROPEAN = {
    "ficheiro": "arquivo",
    "ecrã": "tela",
    "guardar": "salvar",
    "utilizador": "usuário",
    "folha de cálculo": "planilha",
    "registo": "registro",
    "rato": "mouse",
    "transferir": "baixar",
}


def messages(path):
    out = {}
    for ctx in ET.parse(path).getroot().iter("context"):
        for m in ctx.iter("message"):
            out[(ctx.findtext("name"), m.findtext("source"))] = m.find("translation")
    return out


def test_every_source_string_is_in_the_catalogue(tmp_path):
    """pyside6-lupdate run now finds exactly the texts the committed .ts holds (none new, none gone)."""
    fresh = tmp_path / "fresh.ts"
    proc = subprocess.run(
        [str(LUPDATE), "-no-obsolete", *map(str, SOURCES), "-ts", str(fresh)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    found, kept = set(messages(fresh)), set(messages(TS))
    assert not found - kept, (
        f"tr() texts missing from {TS.name} (run scripts/update_translations.sh): {sorted(found - kept)[:5]}"
    )
    assert not kept - found, f"texts in {TS.name} no longer in the code: {sorted(kept - found)[:5]}"

    # and lupdate over a copy of the committed file has nothing to add
    copy = tmp_path / "copy.ts"
    shutil.copy(TS, copy)
    proc = subprocess.run(
        [str(LUPDATE), "-no-obsolete", *map(str, SOURCES), "-ts", str(copy)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "(0 new and" in proc.stdout, proc.stdout


def test_every_entry_is_finished_in_brazilian_portuguese():
    msgs = messages(TS)
    assert len(msgs) > 250
    assert ET.parse(TS).getroot().get("language") == "pt_BR"
    for (ctx, src), tr in msgs.items():
        assert tr is not None and tr.get("type") not in ("unfinished", "vanished", "obsolete"), (ctx, src)
        # a count's text ("%Ln error(s)") has its singular and plural forms, each with the count
        forms = [f.text or "" for f in tr.iter("numerusform")]
        assert not forms or (len(forms) == 2 and all("%Ln" in f or "%n" in f for f in forms)), (ctx, src, forms)
        for text in forms or [tr.text or ""]:
            assert text.strip(), (ctx, src)
            assert set(re.findall(r"\{[^}]*\}", src)) == set(re.findall(r"\{[^}]*\}", text)), (ctx, src, text)
            assert src.count("%p") == text.count("%p"), (ctx, src)
            low = text.lower()
            for word, brazil in EUROPEAN.items():
                assert not re.search(rf"\b{word}", low), f"{text!r}: Brazil says {brazil!r}"
    shown = {t.text for t in msgs.values()}
    for term in (
        "Mediana (ms)",
        "Desvio padrão (ms)",
        "Fator",
        "Tratamento",
        "Repetições r",
        "&Arquivo",
        "Salvar perfil",
        "Alocação de variação fatorial",
    ):
        assert term in shown, term


def test_the_translation_function_of_the_qt_free_texts():
    assert i18n.normalise("pt_BR.UTF-8") == "pt_BR" and i18n.normalise("pt-br") == "pt_BR"
    assert i18n.normalise("de_DE") == "en" and i18n.normalise(None) == "en"
    assert i18n.system_language({"LANG": "pt_BR.UTF-8"}) == "pt_BR"
    assert i18n.system_language({"LANGUAGE": "en_GB:pt", "LANG": "pt_BR.UTF-8"}) == "en"
    before = i18n.language()
    try:
        i18n.set_language("pt_BR")
        assert i18n.translate("Readings", "{parts} of the variation") == "{parts} da variação"
        assert i18n.number(1234.5, 1) == "1.234,5" and i18n.percent(93.7, 1) == "93,7 %"
        assert i18n.translate("Readings", "not in the catalogue") == "not in the catalogue"
        i18n.set_language("en")
        assert i18n.number(1234.5, 1) == "1,234.5"
        assert i18n.translate("Readings", "{parts} of the variation") == "{parts} of the variation"
    finally:
        i18n.set_language(before)


@pytest.fixture
def pt_br(qapp):
    """The window's language is pt-BR for the test, English again after it."""
    from bancada.ui import language

    qm = TS.with_suffix(".qm")
    if not qm.exists() or qm.stat().st_mtime < TS.stat().st_mtime:
        pytest.fail(f"{qm.name} is missing or older than {TS.name}: run scripts/setup.sh (pyside6-lrelease)")
    assert language.install("pt_BR") == "pt_BR"
    yield
    language.install("en")


def test_the_window_in_brazilian_portuguese(pt_br, qtbot, tmp_path):
    from PySide6.QtCore import QCoreApplication, QLocale, Qt

    from bancada.ui import language
    from bancada.ui.app import make_window
    from bancada.session.stats_job import compute_statistics
    from tests.ui.conftest import QUICK
    from tests.ui.window.test_window_defects import write_run

    assert any(f.endswith("qtbase_pt_BR.qm") for f in language.installed_files())
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Cancelar"  # Qt's own dialogs
    assert QLocale().toString(1.5, "f", 1) == "1,5"
    w = make_window(str(QUICK))
    qtbot.addWidget(w)
    w.show()
    qtbot.waitUntil(lambda: bool(w.panel._impl_boxes) and not w.tasks.busy("probe"), timeout=60_000)
    menus = [a.text() for a in w.menuBar().actions()]
    assert menus[:2] == ["&Arquivo", "Es&tudos"] and "Aj&uda" in menus
    assert w.tabs.tabText(0) == "Ao vivo" and w.menus.act_run.text() == "E&xecutar"
    assert w.panel.impl_group.title() == "Implementações"
    # the statistics, computed as in the window's worker process, in Portuguese with decimal commas
    res = compute_statistics(write_run(tmp_path), ["language", "protocol"], 1, lang="pt_BR")
    w.stats_view.show_result(res, final=True)
    reading = res.readings["Factorial allocation of variation"]
    assert "da variação" in reading and re.search(r"\d %", reading)
    summary = w.stats_view.sections["Summary"].model
    assert summary.headerData(summary.df.columns.get_loc("median"), Qt.Orientation.Horizontal) == "Mediana (ms)"
    assert "," in summary.cell(0, "median") and "." not in summary.cell(0, "median")
    assert "Em resumo" in w.stats_view.status.text()
    assert w.stats_view.sections["Kruskal-Wallis"].heading.toolTip().startswith("Teste de Kruskal-Wallis por fator")
    w.tabs.setCurrentWidget(w.stats_view)
    screenshot(w, "pt_BR-statistics.png")
    qtbot.waitUntil(lambda: not w.tasks.busy("probe"), timeout=60_000)
    w.close()


def test_the_language_menu_switches_and_is_remembered(window, qtbot):
    from bancada.ui import language
    from bancada.ui.settings import settings

    w = window
    assert set(w.menus.language_actions) == {"", "en", "pt_BR"}
    new = w.menus.language_actions["pt_BR"].trigger() or language._windows[-1]
    try:
        qtbot.addWidget(new)
        assert new is not w and settings().value("language") == "pt_BR"
        assert new.menuBar().actions()[0].text() == "&Arquivo"
        assert new.menus.language_actions["pt_BR"].isChecked()
        assert new.panel.requests.value() == w.panel.requests.value()  # the experiment shown is kept
        qtbot.waitUntil(lambda: bool(new.panel._impl_boxes) and not new.tasks.busy("probe"), timeout=60_000)
    finally:
        settings().setValue("language", "")
        language.install("en")
        new.close()


def test_counts_take_the_plural_forms_of_the_catalogue(pt_br, qtbot):
    """Qt's %Ln with the .ts's numerus forms: "1 erro", "2 erros", "1.234 erros" (not "1 erros")."""
    from PySide6.QtWidgets import QStatusBar

    from bancada.ui.window.run_status import RunStatus

    bar = QStatusBar()
    qtbot.addWidget(bar)
    status = RunStatus(bar)
    shown = []
    for n in (1, 2, 1234):
        status.show_errors(n)
        shown.append(status.errors_label.text())
    assert shown == ["1 erro", "2 erros", "1.234 erros"], shown


def test_the_normality_step_says_what_response_times_rarely_are():
    """Step 7 read "Tempos de resposta raramente são (uma cauda longa…)": the word "normais" was missing."""
    from bancada.guide import texts

    before = i18n.language()
    i18n.set_language("pt_BR")
    try:
        assert "raramente são normais (uma cauda longa" in texts.explanation("normality")
    finally:
        i18n.set_language(before)
