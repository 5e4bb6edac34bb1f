"""The PySide6 + pyqtgraph GUI. Nothing below ui/ imports it (tests/ui/test_layers.py).

PySide6 6.12.0 on Python 3.11 drops a reference to ``None`` on every call of a
method returning void (``QPainter.drawLine``, ``QLabel.setText``, ...): it
relies on ``None`` being immortal, which it is only from Python 3.12 (PEP 683).
A live window makes millions of such calls and CPython aborts with
"none_dealloc: deallocating None". Until the dependency is pinned or Python
3.12 required, :func:`_keep_none_alive` gives ``None`` (and ``True``/``False``) a reference count that
such drops cannot exhaust; it is a no-op on 3.12+.
"""

from __future__ import annotations

import sys


def _keep_none_alive() -> None:
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return
    import ctypes

    for obj in (None, True, False):  # slots returning a bool lose references to it the same way
        refcnt = ctypes.c_ssize_t.from_address(id(obj))  # ob_refcnt is PyObject's first field
        if refcnt.value < 1 << 40:
            refcnt.value += 1 << 50


_keep_none_alive()
