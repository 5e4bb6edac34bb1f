"""``bancada export locust PROFILE --kubernetes DIR``: the Locust run as Kubernetes manifests.

The layout of Locust's documented Kubernetes deployment: the locustfile in a ConfigMap mounted at
``/mnt/locust``, a master Deployment and its Service (5557 for the workers, 8089 for the web UI),
a worker Deployment with ``replicas`` workers pointing at the Service. The master runs Bancada's
receiving side (the locustfile's master part) and writes every sample as the receiver's JSON lines
(:mod:`bancada.drivers.locust.receiver`) to ``/samples/samples.jsonl`` (an ``emptyDir``), to be
copied out with ``kubectl cp``. Each manifest is written as JSON, which ``kubectl apply -f DIR`` reads.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

#: The image of Locust's own Docker Hub repository, at the version of workers/locust/requirements.lock.
LOCUST_IMAGE = "locustio/locust:2.47.0"
MOUNT = "/mnt/locust"
SAMPLES = "/samples/samples.jsonl"
LABELS = {"app.kubernetes.io/name": "bancada-locust"}


def _container(name: str, args: list[str], grpc: bool, env: list[dict[str, Any]]) -> dict[str, Any]:
    locust = ["locust", "-f", f"{MOUNT}/locustfile.py", *args]
    # Locust's image has no grpcio; a gRPC run installs it before Locust starts (from PyPI).
    command = ["sh", "-c", 'pip install -q --user grpcio && exec "$@"', "--", *locust] if grpc else locust
    return {
        "name": name,
        "image": LOCUST_IMAGE,
        "command": command[:1],
        "args": command[1:],
        "env": env,
        "volumeMounts": [{"name": "locustfile", "mountPath": MOUNT}],
        "resources": {"requests": {"cpu": "500m", "memory": "256Mi"}},
    }


def _deployment(name: str, replicas: int, container: dict[str, Any], volumes: list[dict[str, Any]]) -> dict[str, Any]:
    labels = {**LABELS, "app.kubernetes.io/component": name}
    return {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": {"name": name, "labels": labels},
        "spec": {
            "replicas": replicas,
            "selector": {"matchLabels": labels},
            "template": {"metadata": {"labels": labels}, "spec": {"containers": [container], "volumes": volumes}},
        },
    }


def manifests(locustfile: str, workers: int, users: int, spawn_rate: float, grpc: bool) -> dict[str, dict[str, Any]]:
    """The manifests by file name: ``configmap``, ``master-deployment``, ``master-service``, ``worker-deployment``.

    ``workers``: the worker Deployment's replicas (and the master's ``--expect-workers``); ``users``
    and ``spawn_rate`` (users/s): the run's; ``grpc``: install grpcio in the containers first.
    """
    volume = {"name": "locustfile", "configMap": {"name": "bancada-locustfile"}}
    master_args = [
        "--master",
        "--headless",
        "--expect-workers",
        str(workers),
        "-u",
        str(users),
        "-r",
        f"{spawn_rate:g}",
    ]
    master = _container(
        "locust-master", [*master_args, "--only-summary"], grpc, [{"name": "BANCADA_LOCUST_SINK", "value": SAMPLES}]
    )
    master["ports"] = [{"containerPort": 5557, "name": "workers"}, {"containerPort": 8089, "name": "web"}]
    master["volumeMounts"].append({"name": "samples", "mountPath": "/samples"})
    host_env = {"name": "BANCADA_LOAD_HOST", "valueFrom": {"fieldRef": {"fieldPath": "spec.nodeName"}}}
    worker = _container("locust-worker", ["--worker", "--master-host", "locust-master"], grpc, [host_env])
    return {
        "configmap": {
            "apiVersion": "v1",
            "kind": "ConfigMap",
            "metadata": {"name": "bancada-locustfile", "labels": LABELS},
            "data": {"locustfile.py": locustfile},
        },
        "master-deployment": _deployment("locust-master", 1, master, [volume, {"name": "samples", "emptyDir": {}}]),
        "master-service": {
            "apiVersion": "v1",
            "kind": "Service",
            "metadata": {"name": "locust-master", "labels": LABELS},
            "spec": {
                "selector": {**LABELS, "app.kubernetes.io/component": "locust-master"},
                "ports": [
                    {"name": "workers", "port": 5557, "targetPort": 5557, "protocol": "TCP"},
                    {"name": "web", "port": 8089, "targetPort": 8089, "protocol": "TCP"},
                ],
            },
        },
        "worker-deployment": _deployment("locust-worker", workers, worker, [volume]),
    }


def write_manifests(folder: Path, docs: dict[str, dict[str, Any]]) -> list[Path]:
    """Write each manifest as ``folder/<name>.json``; the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, doc in docs.items():
        path = folder / f"{name}.json"
        path.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
        paths.append(path)
    return paths
