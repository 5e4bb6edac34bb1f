"""What a run does for external implementations and custom requests before it starts.

Used by :class:`bancada.run.runner.Runner`:

- :func:`check_externals`: every external implementation of the plan accepts
  a TCP connection (one line naming it and its address when not).
- :func:`custom_requests`: the job's ``request`` object of each custom
  treatment, rendered and read once (docs/driver-protocol.md, "Custom requests").
- :func:`prepare_custom`: a ``prepare_only`` job on the native driver, so a gRPC
  method that does not exist or a JSON request that does not fit is reported
  before the run file is created; returns each request's encoded size.
- :func:`external_info`: what the run records about an external implementation.
"""

from __future__ import annotations

from bancada.core.i18n import translate

import base64
import json
import threading
from typing import TYPE_CHECKING, Any

from bancada.drivers.health import HealthCheckError, worker_info
from bancada.drivers.stream import DriverEvent, StreamError, read_frames
from bancada.experiment.custom import CustomRequestError, grpc_request, rest_request
from bancada.experiment.custom_messages import driver_message
from bancada.experiment.external import EXTERNAL_NOTE, ExternalImplementation, ExternalTargetError, check_reachable
from bancada.experiment.plan import Plan, Treatment
from bancada.run.events import RunError

if TYPE_CHECKING:
    from bancada.hosts.base import Host

PREPARE_TIMEOUT_S = 60.0


def externals_of(plan: Plan) -> list[ExternalImplementation]:
    """The external implementations of ``plan``, each once, in treatment order."""
    seen: dict[str, ExternalImplementation] = {}
    for t in plan.treatments:
        if isinstance(t.implementation, ExternalImplementation):
            seen.setdefault(t.implementation.id, t.implementation)
    return list(seen.values())


def check_externals(plan: Plan, timeout_s: float = 3.0) -> None:
    """Raise :class:`RunError` (``cannot reach my-server-rest at 127.0.0.1:9999: connection refused``)
    if an external implementation does not accept a TCP connection from this computer."""
    for impl in externals_of(plan):
        try:
            check_reachable(impl, timeout_s)
        except ExternalTargetError as exc:
            raise RunError(str(exc)) from None


def custom_requests(plan: Plan) -> dict[int, dict[str, Any]]:
    """``{treatment id: request object}`` for the custom treatments of ``plan``.

    Each workload's request is built once per protocol (templates rendered
    with the workload's ``seed``, files read, a .proto compiled).

    Raises:
        RunError: a file cannot be read or a .proto does not compile (one line, naming the workload).
    """
    built: dict[tuple[str, str], dict[str, Any]] = {}
    out: dict[int, dict[str, Any]] = {}
    for t in plan.treatments:
        w, protocol = t.workload, t.implementation.protocol
        if w.operation != "custom":
            continue
        key = (w.name, protocol)
        if key not in built:
            try:
                built[key] = rest_request(w, w.seed) if protocol == "rest" else grpc_request(w, w.seed)
            except CustomRequestError as exc:
                raise RunError(translate("Targets", "workload {name}: {exc}").format(name=w.name, exc=exc)) from None
        out[t.id] = built[key]
    return out


def request_bytes(request: dict[str, Any]) -> int:
    """Body bytes of a custom REST request object (gRPC sizes come from :func:`prepare_custom`)."""
    return len(base64.b64decode(request.get("body_base64", "")))


def prepare_custom(
    driver_host: Host, plan: Plan, requests: dict[int, dict[str, Any]], targets: dict[str, str], timeout_s: float
) -> dict[int, dict[str, Any]]:
    """Run a ``prepare_only`` job of the custom gRPC treatments on the native driver.

    Only treatments whose implementation is in ``targets`` (ids to ``host:port``)
    are prepared: external ones before the run file exists, the workers Bancada
    starts once they are up. Returns ``{treatment id: {"request_bytes",
    "input_type", "output_type", "descriptors"}}``.

    Raises:
        RunError: the driver cannot prepare a request (its one-line message), or fails.
    """
    chosen = [
        t
        for t in plan.treatments
        if t.id in requests and t.implementation.protocol == "grpc" and t.implementation.id in targets
    ]
    if not chosen:
        return {}
    proc = driver_host.open_driver("native")
    stderr: list[bytes] = []
    threading.Thread(target=lambda: stderr.extend(proc.stderr), daemon=True).start()
    try:
        proc.stdin.write(json.dumps(_prepare_job(chosen, requests, targets, timeout_s)).encode())
        proc.stdin.close()
    except BrokenPipeError:
        pass
    prepared, error, code = _read_prepared(proc)
    if error:
        raise RunError(driver_message(error))
    if code != 0:
        tail = b"".join(stderr).decode("utf-8", "replace").strip().splitlines()[-1:] or [f"exit code {code}"]
        raise RunError(
            translate("Targets", "the native driver could not prepare the custom requests: {tail}").format(tail=tail[0])
        )
    return prepared


def _prepare_job(
    chosen: list[Treatment], requests: dict[int, dict[str, Any]], targets: dict[str, str], timeout_s: float
) -> dict[str, Any]:
    """The native driver's ``prepare_only`` job for the custom gRPC treatments ``chosen``."""
    return {
        "version": 1,
        "prepare_only": True,
        "timeout_s": min(timeout_s, 30.0),
        "treatments": [
            {
                "id": t.id,
                "implementation": t.implementation.id,
                "protocol": "grpc",
                "target": targets[t.implementation.id],
                "operation": "custom",
                "workload": t.workload.name,
                "request": requests[t.id],
            }
            for t in chosen
        ],
        "blocks": [{"repetition": 0, "treatments": [t.id for t in chosen], "requests": 1}],
    }


def _read_prepared(proc: Any) -> tuple[dict[int, dict[str, Any]], str, int]:
    """Read a ``prepare_only`` driver's frames until it ends: what it prepared per treatment id, its
    error message ("" without one) and its exit code (-1 when it did not end in time and was ended)."""
    prepared: dict[int, dict[str, Any]] = {}
    error = ""
    try:
        for frame in read_frames(proc.stdout):
            if isinstance(frame, DriverEvent) and frame.kind == "error":
                error = frame.message
            elif isinstance(frame, DriverEvent) and frame.kind == "prepared":
                prepared = {int(k): v for k, v in frame.get("treatments", {}).items()}
    except StreamError as exc:
        error = error or str(exc)
    finally:
        try:
            code = proc.wait(PREPARE_TIMEOUT_S)
        except Exception:  # noqa: BLE001 - a driver that hangs is killed, whatever the host
            proc.terminate()
            code = -1
    return prepared, error, code


def external_info(
    impl: ExternalImplementation, speaks_contract: bool, timeout_s: float = 5.0
) -> tuple[dict[str, Any], str]:
    """What the run records about ``impl`` (its worker info), and a warning or "".

    With ``speaks_contract`` (a contract workload goes to it) ``Info`` is
    asked; its answer is kept, or why it failed.
    """
    info: dict[str, Any] = {
        "external": True,
        "note": EXTERNAL_NOTE,
        "address": impl.address,
        "target": impl.target,
        "protocol": impl.protocol,
        "language": impl.language,
        "description": impl.description,
    }
    warning = ""
    if speaks_contract:
        try:
            info["info"] = worker_info(impl.protocol, impl.target, timeout_s=timeout_s)
        except HealthCheckError as exc:
            info["info_error"] = str(exc)
            warning = (
                f"{impl.id} ({EXTERNAL_NOTE}) did not answer the contract's Info; "
                f"its contract workloads may fail: {exc}"
            )
    return info, warning
