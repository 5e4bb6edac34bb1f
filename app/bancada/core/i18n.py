"""Translation of the Qt-free texts the window shows (no Qt here: the statistics run in another process).

One catalogue per language, the same Qt Linguist source the window's
``tr()`` strings live in: ``bancada/translations/bancada_<lang>.ts``, kept by
``pyside6-lupdate`` (which finds the ``translate("Context", "text")`` calls
below as it finds ``tr()``). The window compiles it to ``.qm`` for Qt; here it
is read as XML. English is the source language: without a catalogue a text
stays as written.

Use::

    from bancada.core.i18n import translate, number
    translate("Readings", "fastest {t} (median {m} ms)").format(t=..., m=number(0.234, 3))

A count's sentence takes its form through :func:`plural`.
"""

from __future__ import annotations

import locale as _locale
import os
from collections.abc import Mapping
import xml.etree.ElementTree as ET
from functools import lru_cache
from pathlib import Path

TRANSLATIONS_DIR = Path(__file__).parent.parent / "translations"
#: The languages Bancada speaks: code -> its own name.
LANGUAGES = {"en": "English", "pt_BR": "Português (Brasil)"}
DEFAULT = "en"

_language = DEFAULT


def normalise(code: str | None) -> str:
    """A language code Bancada has (``pt_BR.UTF-8``, ``pt-br``, ``pt`` -> ``pt_BR``), else English."""
    if not code:
        return DEFAULT
    c = code.split(".")[0].split("@")[0].replace("-", "_")
    if c.lower().startswith("pt"):
        return "pt_BR"
    return DEFAULT


def system_language(env: Mapping[str, str] | None = None) -> str:
    """The language of the user's locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``)."""
    env = os.environ if env is None else env  # Mapping: os.environ or a test's dict
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key, "")
        if value and value not in ("C", "POSIX"):
            return normalise(value.split(":")[0])
    try:
        return normalise(_locale.getlocale()[0])
    except ValueError:
        return DEFAULT


def set_language(code: str | None) -> str:
    """Use ``code`` (None: the system's) for :func:`translate` and :func:`number`; returns the code used."""
    global _language
    _language = normalise(code) if code else system_language()
    return _language


def language() -> str:
    """The code in use (``en`` or ``pt_BR``)."""
    return _language


@lru_cache(maxsize=None)
def catalogue(code: str) -> dict[tuple[str, str], str]:
    """``{(context, source): translation}`` of ``bancada_<code>.ts`` (unfinished entries left out)."""
    path = TRANSLATIONS_DIR / f"bancada_{code}.ts"
    if not path.exists():
        return {}
    out: dict[tuple[str, str], str] = {}
    for ctx in ET.parse(path).getroot().iter("context"):
        name = ctx.findtext("name", "")
        for msg in ctx.iter("message"):
            tr = msg.find("translation")
            if tr is None or tr.get("type") in ("unfinished", "obsolete", "vanished") or not tr.text:
                continue
            out[(name, msg.findtext("source", ""))] = tr.text
    return out


def translate(context: str, text: str) -> str:
    """``text`` in the current language (``text`` itself in English or when it has no translation)."""
    if _language == DEFAULT:
        return text
    return catalogue(_language).get((context, text), text)


def plural(n: int, one: str, many: str) -> str:
    """``one`` when the count ``n`` is 1, else ``many``: the form of a sentence about ``n`` things.

    Both forms are passed already translated, each written as its own ``translate("Context", "text")``
    call so that lupdate finds it and the catalogue holds both (the catalogue is read without Qt's
    numerus forms). English and Brazilian Portuguese take the singular for 1 only ("0 pares",
    "1 par", "2 pares")::

        plural(k, translate("Readings", "1 pair"), translate("Readings", "{k} pairs")).format(k=k)

    A sentence with two counts nests it: ``plural(n, of_one, plural(k, one_of_many, many))``.
    """
    return one if n == 1 else many


def number(value: float, decimals: int = 2) -> str:
    """``value`` with ``decimals`` decimals and thousands grouped, as the language writes it (1,234.5 | 1.234,5)."""
    text = f"{value:,.{decimals}f}"
    if _language == "pt_BR":
        text = text.replace(",", "\0").replace(".", ",").replace("\0", ".")
    return text


def integer(value: float) -> str:
    """A count with its thousands grouped as the language writes it (``16,965`` | ``16.965``)."""
    return number(round(value), 0)


def p_value(p: float | None) -> str:
    """A p-value as a student reads it, the same in the window, the exports and the report:
    ``< 0.001`` below 0.001 (``< 0,001`` in pt-BR), else three decimals; ``–`` when missing."""
    import math

    if p is None or not math.isfinite(p):
        return "–"
    return "< " + number(0.001, 3) if p < 0.001 else number(p, 3)


def date_time(iso: str | None) -> str:
    """An ISO 8601 time stamp (``2026-11-26T20:25:31+00:00``) as the language writes it, to the minute,
    in the computer's time zone (``2026-11-26 20:25`` | ``26/11/2026 20:25``); the text itself when
    it is not one; ``–`` when empty."""
    import datetime as _dt

    if not iso:
        return "–"
    try:
        moment = _dt.datetime.fromisoformat(str(iso))
    except ValueError:
        return str(iso)
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%d/%m/%Y %H:%M" if _language == "pt_BR" else "%Y-%m-%d %H:%M")


#: Languages, runtimes and formats as they are written (a level ``cpp`` is C++); each protocol adds its
#: own when it registers (:mod:`bancada.wire.protocols`, through :func:`add_proper_names`).
PROPER_NAMES = {
    "cpp": "C++",
    "php": "PHP",
    "node": "Node.js",
    "nodejs": "Node.js",
    "go": "Go",
    "java": "Java",
    "python": "Python",
    "ruby": "Ruby",
    "json": "JSON",
    "protobuf": "Protobuf",
    "avro": "Avro",
    "msgpack": "MessagePack",
}


def add_proper_names(names: dict[str, str]) -> None:
    """Write the words ``names`` maps (lower case) as given from now on (a protocol's ``grpc`` -> ``gRPC``)."""
    PROPER_NAMES.update({word.lower(): written for word, written in names.items()})


def proper_name(word: str) -> str:
    """A language's or a protocol's name as it is written (``cpp`` -> ``C++``, ``node`` -> ``Node.js``,
    ``grpc`` -> ``gRPC``); any other word with its first letter capitalised."""
    return PROPER_NAMES.get(word.lower(), word[:1].upper() + word[1:])


def significant(value: float, digits: int = 3) -> str:
    """``value`` to ``digits`` significant digits without exponent in the usual range (0.0123, 1.23, 123)."""
    import math

    a = abs(value)
    if a == 0 or not math.isfinite(value):
        return number(value, 0) if a == 0 else str(value)
    decimals = max(0, digits - 1 - int(math.floor(math.log10(a))))
    return number(value, min(decimals, 6))


def percent(value: float, decimals: int = 0) -> str:
    """``93.7`` -> ``93.7 %`` (``93,7 %`` in pt-BR)."""
    return number(value, decimals) + " %"
