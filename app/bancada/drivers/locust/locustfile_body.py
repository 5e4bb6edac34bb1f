# ruff: noqa: E402, I001
"""The code of a locustfile Bancada writes (:mod:`bancada.drivers.locust.locustfile`); it runs in
Locust's processes, in Locust's own environment (workers/locust), never in the app's.

The writer puts ``PLAN = {...}`` (the block: treatments with their pre-built requests, the round
orders, the worker count) above this text. Each Locust worker takes the rounds ``r`` with
``r % workers == worker_index``; its users share them. Every request fires Locust's ``request``
event with the sample's key in ``context["bancada"]``; the worker's listener keeps it as a row
``[treatment, repetition, seq, phase, ok, latency_ns, server_ns, start_epoch_ns, error]`` and sends
the rows in batches to the master (``runner.send_message("bancada_samples")``). The master writes
each batch as one JSON line to Bancada's receiver (``BANCADA_LOCUST_SINK``: ``tcp:HOST:PORT`` or a
file path), with the worker's id and host; it ends the run when every worker has sent
``bancada_done`` (or the live ones have, when some went missing, which it says).

mypy does not check this file (it imports locust, which the app's environment does not have).
"""

import base64
import json
import os
import socket
import time

import gevent
from locust import FastHttpUser, constant, events, task
from locust.exception import StopUser
from locust.runners import STATE_MISSING, MasterRunner, WorkerRunner

PLAN: dict = globals().get("PLAN") or json.loads(os.environ.get("BANCADA_LOCUST_PLAN", "{}"))
BATCH_ROWS = 500
BATCH_INTERVAL_S = 0.1
TREATMENTS = {t["id"]: t for t in PLAN.get("treatments", [])}
for _t in TREATMENTS.values():
    _t["body_bytes"] = base64.b64decode(_t.get("body", ""))
PROTOCOLS = {t["protocol"] for t in TREATMENTS.values()}

# -- the worker side -------------------------------------------------------------------------


class WorkerState:
    """The rounds this worker sends, shared by its users (gevent: one at a time), and its batch."""

    def __init__(self) -> None:
        self.rounds = None
        self.in_flight = 0
        self.done_sent = False
        self.rows: list = []
        self.host = os.environ.get("BANCADA_LOAD_HOST") or socket.gethostname()

    def next_round(self, runner):
        if self.rounds is None:
            n = max(1, int(PLAN.get("workers", 1)))
            index = max(0, getattr(runner, "worker_index", 0))
            total = int(PLAN.get("warmup", 0)) + int(PLAN.get("requests", 0))
            self.rounds = iter(range(index, total, n))
        return next(self.rounds, None)

    def flush(self, runner) -> None:
        if self.rows and isinstance(runner, WorkerRunner):
            rows, self.rows = self.rows, []
            runner.send_message("bancada_samples", {"host": self.host, "rows": rows})

    def finish(self, runner) -> None:
        if not self.done_sent and self.in_flight == 0:
            self.done_sent = True
            self.flush(runner)
            if isinstance(runner, WorkerRunner):
                runner.send_message("bancada_done", {"host": self.host})


STATE = WorkerState()


def _error_text(exception) -> str:
    text = str(exception)
    if text.split(":", 1)[0].replace("_", "").isalnum() and ":" in text:
        kind = text.split(":", 1)[0]
        if kind in ("timeout", "refused", "reset", "other") or kind.startswith(
            ("http_", "grpc_", "jsonrpc_", "graphql_")
        ):
            return text[:320]
    low = (type(exception).__name__ + " " + text).lower()
    if "timeout" in low or "timed out" in low:
        return f"timeout: {text}"[:320]
    if "refused" in low:
        return f"refused: {text}"[:320]
    if "reset" in low or "broken pipe" in low:
        return f"reset: {text}"[:320]
    return f"other: {type(exception).__name__}: {text}"[:320]


@events.request.add_listener
def _on_request(
    request_type, name, response_time, response_length, exception=None, context=None, start_time=None, **kw
):
    key = (context or {}).get("bancada")
    if key is None:
        return
    t, rep, seq, phase = key
    error = "" if exception is None else _error_text(exception)
    srv = (context or {}).get("server_ns", -1)
    start_ns = int((start_time or time.time()) * 1e9)
    STATE.rows.append([t, rep, seq, phase, 0 if error else 1, round(response_time * 1e6), srv, start_ns, error])
    if len(STATE.rows) >= BATCH_ROWS:
        STATE.flush(_runner())


_ENV = {}


def _runner():
    env = _ENV.get("env")
    return env.runner if env is not None else None


@events.init.add_listener
def _on_init(environment, **kw):
    _ENV["env"] = environment
    runner = environment.runner
    if isinstance(runner, WorkerRunner):
        gevent.spawn(_flusher, runner)
    if isinstance(runner, MasterRunner):
        _Master(environment)


def _flusher(runner) -> None:
    while True:
        gevent.sleep(BATCH_INTERVAL_S)
        STATE.flush(runner)


def parse_server_timing(value) -> int:
    """The ``app;dur=<ms>`` of a Server-Timing value in ns, or -1 (as bancada.drivers.stream's)."""
    if not value:
        return -1
    for metric in value.split(","):
        parts = [p.strip() for p in metric.split(";")]
        if parts[0] != "app":
            continue
        for p in parts[1:]:
            if p.startswith("dur="):
                try:
                    return round(float(p[4:]) * 1e6)
                except ValueError:
                    return -1
    return -1


def _answer_error(protocol: str, content: bytes) -> str:
    if protocol == "jsonrpc" and b'"error":' in content:
        try:
            error = json.loads(content)["error"]
            return f"jsonrpc_{error['code']}: {error.get('message', '')}"[:220]
        except (ValueError, KeyError, TypeError):
            return f"other: not a JSON-RPC answer: {content[:200]!r}"
    if protocol == "graphql" and b'"errors":' in content:
        try:
            first = json.loads(content)["errors"][0]
            code = (first.get("extensions") or {}).get("code") or "error"
            return f"graphql_{code}: {first.get('message', '')}"[:320]
        except (ValueError, KeyError, TypeError, IndexError):
            return f"other: not a GraphQL answer: {content[:200]!r}"
    return ""


if "grpc" in PROTOCOLS:  # grpcio on gevent, as Locust's gRPC example does
    import grpc
    import grpc.experimental.gevent as grpc_gevent

    grpc_gevent.init_gevent()


class BancadaUser(FastHttpUser):
    """One user sends every treatment of a round: REST, JSON-RPC and GraphQL through Locust's
    FastHttpUser client (geventhttpclient, keep-alive), gRPC through a grpcio channel per target
    (raw unary calls of pre-serialized bytes), timed and reported as Locust's gRPC example does."""

    host = "http://127.0.0.1"
    wait_time = constant(0)
    network_timeout = float(PLAN.get("timeout_s", 30.0))
    connection_timeout = float(PLAN.get("timeout_s", 30.0))

    def on_start(self) -> None:
        self._channels: dict = {}

    def on_stop(self) -> None:
        for channel in self._channels.values():
            channel.close()

    @task
    def rounds(self) -> None:
        runner = self.environment.runner
        r = STATE.next_round(runner)
        if r is None:
            STATE.finish(runner)
            raise StopUser()
        STATE.in_flight += 1
        try:
            phase = 0 if r < int(PLAN.get("warmup", 0)) else 1
            rep = int(PLAN.get("repetition", 0))
            for tid in PLAN["orders"][r]:
                t = TREATMENTS[tid]
                if t["protocol"] == "grpc":
                    self.send_grpc(t, (tid, rep, r, phase))
                else:
                    self.send_http(t, (tid, rep, r, phase))
        finally:
            STATE.in_flight -= 1

    def send_http(self, t: dict, key: tuple) -> None:
        context = {"bancada": key}
        with self.client.request(
            t["method"],
            t["url"],
            data=t["body_bytes"] or None,
            headers=t["headers"],
            catch_response=True,
            context=context,
        ) as resp:
            context["server_ns"] = parse_server_timing(resp.headers.get("Server-Timing") if resp.headers else None)
            status = resp.status_code or 0
            if not status:
                resp.failure(_error_text(resp.error or "no answer"))
            elif not 200 <= status < 300:
                resp.failure(f"http_{status}: {(resp.text or '')[:200]}")
            else:
                error = _answer_error(t["protocol"], resp.content or b"")
                if error:
                    resp.failure(error)
                else:
                    resp.success()

    def send_grpc(self, t: dict, key: tuple) -> None:
        channel = self._channels.get(t["target"])
        if channel is None:
            channel = self._channels[t["target"]] = grpc.insecure_channel(t["target"])
        call = channel.unary_unary(t["method"])
        context = {"bancada": key}
        start = time.time()
        t0 = time.perf_counter()
        exception = None
        length = 0
        try:
            answer, rpc = call.with_call(t["body_bytes"], timeout=float(PLAN.get("timeout_s", 30.0)))
            length = len(answer)
            context["server_ns"] = _trailer_timing(rpc.trailing_metadata())
        except grpc.RpcError as exc:
            code = exc.code().name if hasattr(exc, "code") and exc.code() else "UNKNOWN"
            details = exc.details() if hasattr(exc, "details") else str(exc)
            if code == "DEADLINE_EXCEEDED":
                exception = Exception(f"timeout: {details}")
            elif code == "UNAVAILABLE" and details and "refused" in details.lower():
                exception = Exception(f"refused: {details}")
            else:
                exception = Exception(f"grpc_{code}: {details}")
        self.environment.events.request.fire(
            request_type="grpc",
            name=t["method"],
            response_time=(time.perf_counter() - t0) * 1000,
            response_length=length,
            exception=exception,
            context=context,
            start_time=start,
        )


def _trailer_timing(metadata) -> int:
    for key, value in metadata or ():
        if key == "server-timing" and isinstance(value, str):
            return parse_server_timing(value)
    return -1


# -- the master side: Bancada's receiver -----------------------------------------------------


class _Master:
    """Relays every batch to Bancada's receiver as a JSON line and ends the run when the workers are done."""

    def __init__(self, environment) -> None:
        self.env = environment
        self.done: set = set()
        self.lost: dict = {}
        self.hosts: dict = {}
        self.sink = _open_sink(os.environ.get("BANCADA_LOCUST_SINK", ""))
        self.cpu0 = time.process_time()  # the run's share of the master's CPU starts here (after Locust's start)
        runner = environment.runner
        runner.register_message("bancada_samples", self.on_samples)
        runner.register_message("bancada_done", self.on_done)
        gevent.spawn(self.watch)

    def write(self, obj: dict) -> None:
        if self.sink is not None:
            self.sink.write(json.dumps(obj, separators=(",", ":")).encode() + b"\n")
            self.sink.flush()

    def on_samples(self, environment, msg, **kw) -> None:
        self.hosts[msg.node_id] = msg.data.get("host", "")
        self.write(
            {"kind": "samples", "worker": msg.node_id, "host": msg.data.get("host", ""), "rows": msg.data["rows"]}
        )

    def on_done(self, environment, msg, **kw) -> None:
        self.hosts[msg.node_id] = msg.data.get("host", "")
        self.done.add(msg.node_id)
        self.write({"kind": "worker_done", "worker": msg.node_id, "host": msg.data.get("host", "")})
        self.check_end()

    def watch(self) -> None:
        runner = self.env.runner
        beat = 0
        while True:
            gevent.sleep(0.25)
            beat += 1
            if beat % 8 == 0 and not getattr(self, "ended", False):  # every 2 s: the driver is alive, so is the master
                self.write({"kind": "alive", "workers": len(runner.clients)})
            for client in list(runner.clients.values()):
                if client.state == STATE_MISSING and client.id not in self.lost and client.id not in self.done:
                    self.lost[client.id] = self.hosts.get(client.id, "")
                    self.write({"kind": "worker_lost", "worker": client.id, "host": self.lost[client.id]})
            self.check_end()

    def check_end(self) -> None:
        """End the run when every worker is done, or at once when one is lost (the block cannot be whole)."""
        expected = int(PLAN.get("workers", 1))
        if (len(self.done) >= expected or self.lost) and not getattr(self, "ended", False):
            self.ended = True
            self.write(
                {
                    "kind": "end",
                    "done": len(self.done),
                    "lost": len(self.lost),
                    "master_cpu_s": time.process_time() - self.cpu0,
                }
            )
            if self.sink is not None:
                self.sink.close()
            gevent.spawn_later(0.1, self.env.runner.quit)


def _open_sink(spec: str):
    if spec.startswith("tcp:"):
        host, port = spec[4:].rsplit(":", 1)
        sock = socket.create_connection((host, int(port)), timeout=30)
        return sock.makefile("wb")
    if spec:
        return open(spec, "ab")
    return None
