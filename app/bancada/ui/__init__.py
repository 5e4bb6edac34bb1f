"""The PySide6 + pyqtgraph GUI. Nothing below ui/ imports it (tests/ui/test_layers.py).

PySide6 is pinned below 6.12 in pyproject.toml: 6.12.0 on Python 3.11 drops a
reference to ``None`` on every call of a method returning void
(``QLabel.setText``, ``QPainter.drawLine``, ...), relying on ``None`` being
immortal, which it is only from Python 3.12 (PEP 683); a live window makes
millions of such calls and CPython aborts with "none_dealloc: deallocating
None". 6.11.3 does not (checked: 100,000 ``setText`` calls leave the count of
``None`` unchanged).
"""
