"""The study a report is about: its title and its research question, in the reader's language.

The title is the profile's ``[experiment] title``; a shipped study's title is in the catalogue
(context ``Studies``, the same entries as the guide's study cards, :func:`bancada.guide.studies.title`).
The question is the profile's ``[experiment] question`` when it has one, else the shipped study's
(:data:`QUESTIONS`, by the profile's name, so runs made before profiles had a question get theirs
too), else a generic question. The profile's ``description`` says what a request does
("Select: N int64 values ...") and is not a question: the design table shows it.
"""

from __future__ import annotations

from typing import Any

from bancada.core.i18n import translate


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 - the name pyside6-lupdate looks for
    """Mark ``text`` for the catalogue (lupdate finds the call by name); translated where it is shown."""
    return text


_SOARES = QT_TRANSLATE_NOOP(
    "Studies",
    "Does the choice of protocol (gRPC or REST) matter more than the choice of language (Go or Java) "
    "for the response time of a service, and does it depend on the payload's size?",
)
_FORMATS = QT_TRANSLATE_NOOP(
    "Studies",
    "Which data format (JSON, Protobuf, Avro, MessagePack) costs the least time to encode, send and decode, "
    "on a near and on a far link?",
)
_SEVEN = QT_TRANSLATE_NOOP(
    "Studies",
    "Which language's REST server serves the most requests per second, and how long do its clients wait?",
)
_MICRO = QT_TRANSLATE_NOOP(
    "Studies", "Does the language or the protocol weigh more in the response time of a microservice?"
)
_RPC = QT_TRANSLATE_NOOP(
    "Studies",
    "Does gRPC answer the same Python methods faster than JSON-RPC, and does the difference grow with the payload?",
)

#: The research question of each shipped study, by the profile's name (English; translated where shown).
QUESTIONS = {
    "quick": QT_TRANSLATE_NOOP(
        "Studies", "Which answers faster, a Go or a Java server, over gRPC or over REST, and by how much?"
    ),
    "soares-2024": _SOARES,
    "far-link": QT_TRANSLATE_NOOP(
        "Studies", "How much of the response time is the network rather than the server when the link is far?"
    ),
    "serialization-formats-classroom": _FORMATS,
    "serialization-formats-2020": _FORMATS,
    "rest-7-languages-classroom": _SEVEN,
    "rest-7-languages-2015": _SEVEN,
    "rest-7-languages-load": _SEVEN,
    "microservices-2024": _MICRO,
    "microservices-2024-classroom": _MICRO,
    "microservices-k6-load": _MICRO,
    "rpc-python-2023": _RPC,
    "rpc-python-2023-sized": _RPC,
    "my-service": QT_TRANSLATE_NOOP("Studies", "Do my service's REST and gRPC interfaces answer equally fast?"),
}
GENERIC = QT_TRANSLATE_NOOP("Report", "Which implementation answers fastest, and does the difference hold?")


def _experiment(profile: dict[str, Any] | None) -> dict[str, Any]:
    exp = (profile or {}).get("experiment", {})
    return exp if isinstance(exp, dict) else {}


def study_title(profile: dict[str, Any] | None, fallback: str) -> str:
    """The study's title in the current language: the profile's ``title`` (translated when it is a
    shipped study's), else ``fallback`` (the run's id or the CSV's name)."""
    title = str(_experiment(profile).get("title") or "").strip()
    return translate("Studies", title) if title else fallback


def study_question(profile: dict[str, Any] | None) -> str:
    """The study's research question in the current language (see the module's docstring for the order)."""
    exp = _experiment(profile)
    own = str(exp.get("question") or "").strip()
    if own:
        return translate("Studies", own)
    shipped = QUESTIONS.get(str(exp.get("name", "")))
    if shipped:
        return translate("Studies", shipped)
    return translate("Report", GENERIC)
