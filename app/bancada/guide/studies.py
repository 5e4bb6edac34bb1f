"""The study cards of the guided experiment's first step: the shipped profiles plus "my own".

Each card has the profile's ``[experiment] title`` and one plain-language
paragraph (what is compared and why it matters) in the current language
(:mod:`bancada.core.i18n`). A profile Bancada does not know gets its
``description``, or a generic sentence.
"""

from __future__ import annotations

from typing import Any

import tomllib
from dataclasses import dataclass
from pathlib import Path

from bancada.core.i18n import translate

#: The key of the card that keeps the experiment the panel shows now.
MY_OWN = "my-own"

#: Cards first, in this order; other profiles follow by name.
ORDER = [
    "quick",
    "soares-2024",
    "soares-2024-as-published-classroom",
    "far-link",
    "serialization-formats-classroom",
    "rest-7-languages-classroom",
    "microservices-2024-classroom",
    "rpc-python-2023",
    "microservices-2024",
    "microservices-k6-load",
    "rest-7-languages-load",
    "rest-7-languages-2015",
    "rpc-python-2023-sized",
    "serialization-formats-2020",
    "soares-2024-as-published",
    "my-service",
]


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
        "soares-2024-as-published-classroom": translate(
            "Studies",
            "The paper's own servers (gin in Go, Spring Boot in Java) as its client used them: a new "
            "connection and a one-second pause for every request, a small and a large list of numbers, about "
            "a minute. It shows why Bancada's ranking of this study differs from the paper's.",
        ),
        "soares-2024-as-published": translate(
            "Studies",
            "The same with the paper's design: 77 s of requests a second per block and 5 repetitions, about "
            "half an hour. It measures how much decoding the large list costs the paper's gin and Spring "
            "Boot servers.",
        ),
        "far-link": translate(
            "Studies",
            "The Go servers behind an emulated distant network (40 ms round trip). Compared with the quick "
            "demo, it shows how much of the response time is the network rather than the server.",
        ),
        "microservices-k6-load": translate(
            "Studies",
            "Services under a steady load of 10 requests per second for a minute, with lists of 10, 100 and "
            "1000 records and no database. It shows how the response time behaves when requests keep "
            "arriving, not one after another, and what the protocol costs without the database.",
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
        "microservices-2024": translate(
            "Studies",
            "Go, Node.js and Python services over REST, gRPC and GraphQL (a study of 2024): nine "
            "implementations list and create pets and people in PostgreSQL through their language's ORM, "
            "under 10 virtual users at one request per second, as k6 ran them. It asks whether the "
            "language or the protocol weighs more in a microservice's response time. More than an hour.",
        ),
        "microservices-2024-classroom": translate(
            "Studies",
            "The 2024 microservices study in about four minutes: the nine services list 100 people and "
            "create one through PostgreSQL, 10 virtual users for 10 seconds each, with the table k6 "
            "prints at the end.",
        ),
        "rpc-python-2023": translate(
            "Studies",
            "Python over gRPC and over JSON-RPC on six small methods, 20 calls each, as a 2023 class "
            "exercise did. It shows what one protocol's framing costs against the other's, and why 20 "
            "calls are too few to be sure.",
        ),
        "rpc-python-2023-sized": translate(
            "Studies",
            "The same six methods of Python gRPC and JSON-RPC with enough repetitions and growing "
            "payloads (longer strings, larger matrices): where the difference between the protocols "
            "grows and where it disappears.",
        ),
        "rest-7-languages-2015": translate(
            "Studies",
            "A small JSON answer in seven languages on their usual servers (a study of 2015), under 100 "
            "clients for two minutes, with the tables siege prints. It compares how many requests each "
            "one serves per second.",
        ),
        "rest-7-languages-classroom": translate(
            "Studies",
            "The seven-language REST study in a few minutes: 100 clients for 5 seconds per server, with "
            "the tables siege and ab print.",
        ),
        "serialization-formats-2020": translate(
            "Studies",
            "JSON, Protocol Buffers, Avro and MessagePack in Go on arrays of 10 to 100,000 elements, "
            "near and far (a study of 2020): how much time goes to encoding, to the network and to "
            "decoding. The whole design takes more than an hour.",
        ),
        "serialization-formats-classroom": translate(
            "Studies",
            "Four data formats, near and far, in a few minutes: the bars split each request into "
            "encoding, network and decoding, and the tables say whether the format or the link "
            "explains the time.",
        ),
    }
    return texts.get(key, "")


def title(key: str, fallback: str) -> str:
    """A shipped study's title in the reader's language; ``fallback`` (the profile's own) for any other."""
    titles = {
        "quick": translate("Studies", "Quick demo: Go x Java, gRPC x REST"),
        "soares-2024": translate("Studies", "Go x Java and gRPC x REST (Soares, UFLA 2024)"),
        "soares-2024-as-published-classroom": translate(
            "Studies", "Go x Java REST as the paper ran it, in class: gin and Spring Boot (about 1 minute)"
        ),
        "soares-2024-as-published": translate(
            "Studies", "Go x Java REST as the paper ran it: gin and Spring Boot (Soares, UFLA 2024)"
        ),
        "far-link": translate("Studies", "Go over gRPC and REST behind an emulated far link (40 ms round trip)"),
        "microservices-2024": translate(
            "Studies", "Microservices: Go, Node.js, Python x REST, gRPC, GraphQL on PostgreSQL (2024)"
        ),
        "microservices-2024-classroom": translate(
            "Studies",
            "Microservices in class: Go, Node.js, Python x REST, gRPC, GraphQL on PostgreSQL (about 4 minutes)",
        ),
        "microservices-k6-load": translate(
            "Studies", "Microservices under k6-style load without a database: 10 req/s for 60 s, records of 10/100/1000"
        ),
        "my-service": translate("Studies", "My own service, over REST and gRPC"),
        "rest-7-languages-2015": translate(
            "Studies", "REST JSON in seven languages (2015): GET /json, siege -c100 -t120s"
        ),
        "rest-7-languages-classroom": translate(
            "Studies", "REST JSON in seven languages, classroom: GET /json, 100 clients x 5 s"
        ),
        "rest-7-languages-load": translate(
            "Studies", "REST JSON under load: 100 concurrent clients x 120 s (siege-style)"
        ),
        "rpc-python-2023-sized": translate(
            "Studies", "Python gRPC x JSON-RPC, six methods, sized (r = 5, n = 100, payload sweeps)"
        ),
        "rpc-python-2023": translate(
            "Studies", "Python gRPC x JSON-RPC, six methods, 20 calls each (USP RPC exercise, 2023)"
        ),
        "serialization-formats-2020": translate(
            "Studies", "JSON, Protobuf, Avro and MessagePack in Go, same region and cross region (2020)"
        ),
        "serialization-formats-classroom": translate(
            "Studies", "Four data formats in class: JSON, Protobuf, Avro and MessagePack, near and far (a few minutes)"
        ),
    }
    return titles.get(key, fallback)


def _read_experiment(path: Path) -> dict[str, Any]:
    try:
        experiment = tomllib.loads(path.read_text(encoding="utf-8")).get("experiment", {})
    except (OSError, ValueError):
        return {}
    return experiment if isinstance(experiment, dict) else {}


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
        own = str(exp.get("title", "")).strip() or path.stem
        text = paragraph(path.stem) or str(exp.get("description", "")).strip()
        text = text or translate("Studies", "A profile of your own: the experiment it describes, step by step.")
        cards.append(StudyCard(path.stem, title(path.stem, own), text, path))
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
