"""The study cards of the guided experiment's first step: the shipped profiles plus "my own".

Each card has the profile's ``[experiment] title`` and one plain-language
paragraph (what is compared and why it matters) in the current language
(:mod:`bancada.i18n`). A profile Bancada does not know gets its
``description``, or a generic sentence.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from bancada.i18n import translate

#: The key of the card that keeps the experiment the panel shows now.
MY_OWN = "my-own"

#: Cards first, in this order; other profiles follow by name.
ORDER = ["quick", "soares-2024", "far-link", "microservices-k6-load", "rest-7-languages-load", "my-service"]


@dataclass(frozen=True)
class StudyCard:
    """One study to choose: ``key`` (the profile's file stem, or :data:`MY_OWN`), ``path`` (None for my own)."""

    key: str
    title: str
    paragraph: str
    path: Path | None = None


def paragraph(key: str) -> str:
    """The plain-language paragraph of a shipped study ("" for one Bancada does not know)."""
    texts = {
        "quick": translate(
            "Studies",
            "Go and Java servers answer the same request over gRPC and over REST: four treatments, "
            "small samples, a few seconds on this computer. It shows the whole method quickly: "
            "which language and which protocol answer faster, and by how much.",
        ),
        "soares-2024": translate(
            "Studies",
            "The study this design comes from (Soares, UFLA 2024): Go and Java, gRPC and REST, a small and a "
            "large list of numbers, 77 requests in 5 repetitions. It asks whether the choice of protocol "
            "matters more than the choice of language when services talk to each other.",
        ),
        "far-link": translate(
            "Studies",
            "The Go servers behind an emulated distant network (40 ms round trip). Compared with the quick "
            "demo, it shows how much of the response time is the network rather than the server.",
        ),
        "microservices-k6-load": translate(
            "Studies",
            "Services under a steady load of 10 requests per second for a minute, with lists of 10, 100 and "
            "1000 records, as load-testing tools such as k6 do. It shows how the response time behaves "
            "when requests keep arriving, not one after another.",
        ),
        "rest-7-languages-load": translate(
            "Studies",
            "REST servers in several languages under 100 clients at once for two minutes. It compares how "
            "many requests each language serves per second and how long the clients wait.",
        ),
        "my-service": translate(
            "Studies",
            "A server you wrote, which Bancada measures but does not start: compare your REST and gRPC "
            "interfaces with the same method as the studies above.",
        ),
    }
    return texts.get(key, "")


def _read_experiment(path: Path) -> dict:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8")).get("experiment", {})
    except (OSError, ValueError):
        return {}


def study_cards(folder: Path | None) -> list[StudyCard]:
    """The cards of the ``*.toml`` profiles in ``folder`` (known studies first), then "my own".

    A file that cannot be read still gets a card (its name as title); loading it later says why it fails.
    """
    files = sorted(folder.glob("*.toml")) if folder is not None and folder.is_dir() else []
    rank = {k: i for i, k in enumerate(ORDER)}
    files.sort(key=lambda p: (rank.get(p.stem, len(ORDER)), p.stem))
    cards = []
    for path in files:
        exp = _read_experiment(path)
        title = str(exp.get("title", "")).strip() or path.stem
        text = paragraph(path.stem) or str(exp.get("description", "")).strip()
        text = text or translate("Studies", "A profile of your own: the experiment it describes, step by step.")
        cards.append(StudyCard(path.stem, title, text, path))
    cards.append(
        StudyCard(
            MY_OWN,
            translate("Studies", "My own experiment"),
            translate(
                "Studies",
                "The experiment the panel shows now (open a profile with File > Open profile, or set the "
                "panel by hand): choose the implementations and payloads in the next steps.",
            ),
        )
    )
    return cards
