"""The reference Select pick, payloads and the driver frame stream."""

import io
import json

import pytest

from bancada.drivers.stream import (
    Sample,
    StreamError,
    encode_event,
    encode_sample,
    parse_server_timing,
    read_frame_batches,
    read_frames,
)
from bancada.drivers.python import round_orders
from bancada.drivers.sample_block import SampleBlock
from bancada.wire import bench_pb2
from bancada.wire.payload import build_request, generate_values, splitmix64_array
from bancada.wire.select_pick import SplitMix64, select


def test_splitmix64_known_values():
    # SplitMix64 reference output for seed 0 (Vigna's splitmix64.c): 0xE220A8397B1DCDAF
    assert SplitMix64(0).next() == 0xE220A8397B1DCDAF


def test_select_vectors_match_reference(root):
    vectors = json.loads((root / "proto" / "bancada" / "v1" / "select_vectors.json").read_text())
    for v in vectors["splitmix64"]:
        rng = SplitMix64(v["seed"])
        assert [rng.next() for _ in v["first"]] == v["first"]
        assert [int(x) for x in splitmix64_array(v["seed"], len(v["first"]))] == v["first"]
    for case in vectors["select"]:
        values = case.get("values") or [(i * 31) % 1001 for i in range(case["n"])]
        got_values, got_positions = select(values, case["k"], case["seed"])
        assert got_positions == case["positions"]
        assert got_values == case["values_out"]
        assert len(set(got_positions)) == case["k"]


def test_select_request_round_trips_through_protobuf():
    req = build_request("select", {"kind": "int64s", "count": 200, "min": 0, "max": 1000, "seed": 1, "k": 3})
    msg = bench_pb2.SelectRequest.FromString(req.grpc_body)
    body = json.loads(req.http_body)
    assert list(msg.values) == body["values"] and len(body["values"]) == 200
    assert all(0 <= v <= 1000 for v in body["values"])
    assert msg.k == 3 and not msg.HasField("seed") and "seed" not in body


def test_echo_payload_kinds():
    for kind in ("int64s", "doubles", "strings", "records"):
        req = build_request("echo", {"kind": kind, "count": 5, "seed": 3})
        msg = bench_pb2.EchoRequest.FromString(req.grpc_body)
        assert msg.WhichOneof("payload") == kind
        assert len(getattr(msg, kind).values) == 5
        assert len(json.loads(req.http_body)[kind]) == 5
    assert generate_values({"kind": "strings", "count": 2, "string_length": 4, "seed": 9}) == generate_values(
        {"kind": "strings", "count": 2, "string_length": 4, "seed": 9}
    )


def test_frames_round_trip():
    samples = [
        Sample(3, 2, 7, 1, True, 123456, 1000, 99, 0, ""),
        Sample(1, 1, 0, 0, False, 5, -1, 100, 7, "timeout: deadline ação"),
    ]
    buf = io.BytesIO(
        encode_event({"event": "hello"})
        + b"".join(encode_sample(s) for s in samples)
        + encode_event({"event": "done", "samples": 2})
    )
    frames = list(read_frames(buf))
    assert frames[0] == {"event": "hello"} and frames[-1]["samples"] == 2
    assert frames[1:3] == samples


class _Trickle(io.RawIOBase):
    """A pipe that gives ``step`` bytes per read, so frames arrive cut at every boundary."""

    def __init__(self, data: bytes, step: int) -> None:
        self.data, self.pos, self.step = data, 0, step

    def readable(self) -> bool:
        return True

    def _give(self, n: int) -> bytes:
        chunk = self.data[self.pos : self.pos + min(self.step, n if n > 0 else self.step)]
        self.pos += len(chunk)
        return chunk

    def read1(self, n: int = -1) -> bytes:
        return self._give(n)

    def read(self, n: int = -1) -> bytes:  # what a file without read1 offers (an SSH channel's)
        return self._give(n)


def _flat(batches):
    return [x for b in batches for item in b for x in (item if isinstance(item, SampleBlock) else [item])]


def test_frame_batches_survive_any_cut_and_keep_order():
    samples = [
        Sample(
            i % 3, 1, i, 1, i % 50 != 7, 1000 + i, -1 if i % 2 else 5, i, i % 4, "" if i % 50 != 7 else f"reset: é{i}"
        )
        for i in range(400)
    ]
    data = (
        encode_event({"event": "hello"}) + b"".join(encode_sample(s) for s in samples) + encode_event({"event": "done"})
    )
    for step in (1, 7, 45, 4096, 1 << 20):
        batches = list(read_frame_batches(_Trickle(data, step)))
        assert all(batches) and _flat(batches)[1:-1] == samples, step
        if step == 1 << 20:
            assert len(batches) == 1  # one read, one list: the per-item costs are paid once
            blocks = [x for x in batches[0] if isinstance(x, SampleBlock)]
            assert blocks and sum(map(len, blocks)) > 300  # the error-free runs came as columns
    no_read1 = _Trickle(data, 13)
    no_read1.read1 = None  # falls back to a frame at a time
    assert _flat(read_frame_batches(no_read1))[1:-1] == samples
    assert list(read_frames(io.BytesIO(data)))[1:-1] == samples
    for cut, message in ((3, "truncated frame header"), (len(data) - 2, "truncated frame body")):
        with pytest.raises(StreamError, match=message):
            list(read_frame_batches(io.BytesIO(data[:cut])))
    with pytest.raises(StreamError, match="unknown frame type 0x51"):
        list(read_frames(io.BytesIO(b"\x02\x00\x00\x00Qx")))


def test_sample_block_columns_rows_and_joins():
    samples = [Sample(2, 1, i, i % 2, i != 3, 10 * i, -1, 100 + i, 0, "timeout: x" if i == 3 else "") for i in range(6)]
    block = SampleBlock.of([SampleBlock.of(samples[:2]), samples[2], samples[3], SampleBlock.of(samples[4:])])
    assert len(block) == 6 and list(block) == samples
    assert list(block.failed()) == ["timeout: x"]
    assert block.db_rows()[3] == (2, 1, 3, 1, 0, 30, -1, 103, 0, "timeout: x")
    assert block.rows["latency_ns"].tolist() == [0, 10, 20, 30, 40, 50]
    assert len(SampleBlock.of([])) == 0


def test_server_timing_parse():
    assert parse_server_timing("app;dur=0.123") == 123000
    assert parse_server_timing("db;dur=5, app;desc=x;dur=1.5") == 1500000
    assert parse_server_timing(None) == -1 and parse_server_timing("app") == -1


def test_round_orders():
    assert list(round_orders([0, 1, 2], 2, "round_robin", 0)) == [[0, 1, 2], [0, 1, 2]]
    shuffled = list(round_orders([0, 1, 2, 3], 50, "shuffled", 5))
    assert all(sorted(r) == [0, 1, 2, 3] for r in shuffled)
    assert len({tuple(r) for r in shuffled}) > 5  # it does reorder
    assert shuffled == list(round_orders([0, 1, 2, 3], 50, "shuffled", 5))  # and reproducibly


def test_python_driver_records_failures_as_samples_with_a_kind():
    """A closed port: every request is a sample with ok = false and a 'refused:' error, never a latency."""
    import socket

    from bancada.drivers.python import run_job

    with socket.socket() as s:  # a free port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    job = {
        "version": 1,
        "connection": "reuse",
        "timeout_s": 2.0,
        "load": {"model": "sequential"},
        "treatments": [
            {"id": 0, "protocol": "rest", "target": f"127.0.0.1:{port}", "operation": "ping"},
            {"id": 1, "protocol": "grpc", "target": f"127.0.0.1:{port}", "operation": "ping"},
        ],
        "blocks": [{"repetition": 1, "treatments": [0, 1], "warmup": 1, "requests": 2}],
    }
    out = io.BytesIO()
    assert run_job(job, out) == 0
    out.seek(0)
    frames = list(read_frames(out))
    samples = [f for f in frames if isinstance(f, Sample)]
    assert len(samples) == 2 * 3 and not any(s.ok for s in samples)
    assert {s.error.split(":", 1)[0] for s in samples} <= {"refused", "grpc_UNAVAILABLE"}
    assert any(s.error.startswith("refused:") for s in samples if s.treatment == 0)
    assert frames[-1]["event"] == "done" and sum(frames[-1]["errors"].values()) == 6
