"""The locustfile of one block: the block's plan (JSON) above the code of :mod:`.locustfile_body`.

One file, nothing else to install beside Locust (and grpcio for gRPC): the same text runs on this
computer, on an SSH load host and in a Kubernetes ConfigMap.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

from bancada.drivers.job import DriverJob, JobBlock
from bancada.drivers.locust.requests import treatment_request
from bancada.drivers.python import round_orders


def block_plan(job: DriverJob, block: JobBlock, workers: int) -> dict[str, Any]:
    """The locustfile's ``PLAN`` for ``block`` of ``job``, sent by ``workers`` Locust workers.

    Keys: ``treatments`` (:func:`~bancada.drivers.locust.requests.treatment_request` of each),
    ``orders`` (the treatment order of every round, warm-up first, as the Python driver orders them:
    :func:`bancada.drivers.python.round_orders`), ``warmup`` and ``requests`` (rounds),
    ``repetition``, ``workers`` and ``timeout_s`` (seconds).

    Raises:
        JobError: a treatment the locust driver cannot send.
    """
    ids = set(block.treatments)
    return {
        "treatments": [treatment_request(t) for t in job.treatments if t.id in ids],
        "orders": list(round_orders(block.treatments, block.warmup + block.requests, block.order, block.seed)),
        "warmup": block.warmup,
        "requests": block.requests,
        "repetition": block.repetition,
        "workers": workers,
        "timeout_s": job.timeout_s,
    }


def locustfile_text(plan: dict[str, Any]) -> str:
    """The whole locustfile: ``PLAN`` (a JSON literal) then the body's code."""
    body = resources.files("bancada.drivers.locust").joinpath("locustfile_body.py").read_text(encoding="utf-8")
    head = "# Written by Bancada (bancada.drivers.locust): one block's plan, then the runtime code.\nimport json\n\n"
    return head + f"PLAN = json.loads({json.dumps(json.dumps(plan, separators=(',', ':')))})\n\n" + body


def write_locustfile(plan: dict[str, Any], folder: Path) -> Path:
    """Write the locustfile of ``plan`` as ``folder/locustfile.py``; return its path."""
    path = folder / "locustfile.py"
    path.write_text(locustfile_text(plan), encoding="utf-8")
    return path
