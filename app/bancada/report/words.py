"""The words of the report's design and host tables: a profile's and a run's values (``randomized``,
``reuse``, ``native``, ``complete``, ``select``, ``int64s``) and the host facts' keys (``cpu_model``,
``load_avg``) as the reader's language says them. A value Bancada does not know is shown as it is.
"""

from __future__ import annotations

import json
from typing import Any

from bancada.core.i18n import number, translate
from bancada.store.run_status import status_word


def schedule(value: str) -> str:
    """``randomized`` -> ``randomized (the blocks in a drawn order)``, in the current language."""
    words = {
        "randomized": translate("Report", "randomized (each repetition's blocks in a drawn order)"),
        "sequential": translate("Report", "sequential (the blocks in the profile's order)"),
        "alternating": translate("Report", "alternating (request by request across treatments)"),
        "interleaved": translate("Report", "alternating (request by request across treatments)"),
    }
    return words.get(value, value)


def connection(value: str) -> str:
    """``reuse`` | ``new``: how the driver connects, in the current language."""
    words = {
        "reuse": translate("Report", "reused (one connection per treatment and block)"),
        "new": translate("Report", "new for every request"),
    }
    return words.get(value, value)


def driver(value: str) -> str:
    """``native`` | ``python`` | ``locust``: which driver sent the requests."""
    words = {
        "native": translate("Report", "native (Go)"),
        "python": translate("Report", "Python"),
        "locust": translate("Report", "Locust (distributed)"),
        "auto": translate("Report", "automatic"),
    }
    return words.get(value, value)


# A run's status in the design table: the one table of the window and the run captions.
status = status_word


def operation(value: str) -> str:
    """A workload's operation (``select``, ``echo``...) in words."""
    words = {
        "select": translate("Report", "selection"),
        "echo": translate("Report", "echo"),
        "ping": translate("Report", "empty request"),
        "info": translate("Report", "worker information"),
        "serial": translate("Report", "serialization"),
        "custom": translate("Report", "custom request"),
    }
    return words.get(value, value)


def kind(value: str, count: int) -> str:
    """A payload: ``int64s`` × 200 -> ``200 64-bit integers``."""
    words = {
        "int64s": translate("Report", "{n} 64-bit integers"),
        "doubles": translate("Report", "{n} floating-point numbers"),
        "strings": translate("Report", "{n} strings"),
        "records": translate("Report", "{n} records"),
        "structs": translate("Report", "{n} structures"),
    }
    text = words.get(value)
    return text.format(n=number(count, 0)) if text else f"{value} × {number(count, 0)}"


def workload(w: dict[str, Any]) -> str:
    """``StdSize (selection, 200 64-bit integers)`` of a profile's workload."""
    what = kind(str(w.get("kind")), int(w.get("count") or 0))
    return f"{w.get('name')} ({operation(str(w.get('operation')))}, {what})"


def fact_label(key: str) -> str:
    """A host fact's key (``cpu_model``) as a label; an unknown key with its underscores as spaces."""
    words = {
        "hostname": translate("Report", "host name"),
        "host": translate("Report", "host"),
        "os": translate("Report", "operating system"),
        "kernel": translate("Report", "kernel"),
        "arch": translate("Report", "architecture"),
        "cpu_model": translate("Report", "processor"),
        "cpu_count": translate("Report", "processors (cores)"),
        "memory_bytes": translate("Report", "memory"),
        "load_avg": translate("Report", "load average (1, 5, 15 min)"),
        "cpu_governor": translate("Report", "CPU frequency governor"),
        "java": translate("Report", "Java"),
        "java_major": translate("Report", "Java, major version"),
        "python3": translate("Report", "Python"),
        "python_version": translate("Report", "Python, version"),
        "python_driver": translate("Report", "Python of the driver"),
        "python_venv": translate("Report", "Python can make a virtual environment"),
        "node": translate("Report", "Node.js"),
        "node_major": translate("Report", "Node.js, major version"),
        "npm": translate("Report", "npm"),
        "disk_free_bytes": translate("Report", "free disk space"),
        "postgresql_versions": translate("Report", "PostgreSQL versions installed"),
        "postgresql": translate("Report", "PostgreSQL"),
    }
    return words.get(key) or key.removesuffix("_bytes").replace("_", " ")


def fact_value(key: str, value: Any) -> str:
    """A host fact's value: bytes in GiB, the load average with the language's decimal mark, yes/no,
    versions joined, a missing value as ``–``."""
    if value is None or value == "" or value == []:
        return "–"
    if isinstance(value, bool):
        return translate("Report", "yes") if value else translate("Report", "no")
    if key.endswith("_bytes") and isinstance(value, (int, float)):
        return number(value / 2**30, 1) + " GiB"
    if key == "load_avg" and isinstance(value, str):
        return _load_avg(value)
    if isinstance(value, (list, tuple)):
        return _joined(key, value)
    if isinstance(value, int) and not key.endswith(("_major", "_count")):
        return number(value, 0)
    if isinstance(value, (dict,)):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def _load_avg(value: str) -> str:
    """The load averages (``"0.52 0.58 0.59"``) with the language's decimal mark, ``; ``-separated;
    a text that is not numbers as it is."""
    try:
        return "; ".join(number(float(v), 2) for v in value.split())
    except ValueError:
        return value


def _joined(key: str, value: list[Any] | tuple[Any, ...]) -> str:
    """A list fact: the Python version as ``3.12.1``, anything else comma-separated."""
    if key == "python_version":
        return ".".join(str(v) for v in value)
    return ", ".join(str(v) for v in value)
