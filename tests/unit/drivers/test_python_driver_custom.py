"""The Python driver and custom requests: REST requests are built as the job writes them, gRPC ones refused."""

from __future__ import annotations

import json
import subprocess
import sys

from bancada.drivers.stream import read_frames
from bancada.wire.payload import custom_rest_request


def test_custom_rest_request_from_the_job():
    r = custom_rest_request(
        {"method": "PUT", "path": "/a?b=1", "headers": {"X-B": "2", "A": "1"}, "body_base64": "e30="}
    )
    assert (r.http_method, r.http_path, r.http_body, r.http_headers) == (
        "PUT",
        "/a?b=1",
        b"{}",
        (("A", "1"), ("X-B", "2")),
    )
    assert custom_rest_request({"method": "GET", "path": "/"}).http_body == b""


def test_python_driver_refuses_a_custom_grpc_treatment_with_an_error_frame():
    job = {
        "version": 1,
        "treatments": [
            {
                "id": 0,
                "implementation": "mine",
                "protocol": "grpc",
                "target": "127.0.0.1:1",
                "operation": "custom",
                "request": {"grpc_method": "a.B/C", "json": "{}"},
            }
        ],
        "blocks": [{"repetition": 1, "treatments": [0], "requests": 1}],
    }
    proc = subprocess.run(
        [sys.executable, "-m", "bancada.drivers.python"],
        input=json.dumps(job).encode(),
        capture_output=True,
        timeout=60,
    )
    assert proc.returncode == 2
    import io

    events = [f for f in read_frames(io.BytesIO(proc.stdout)) if isinstance(f, dict)]
    assert events[-1] == {
        "event": "error",
        "message": "treatment 0: the Python driver runs custom REST requests "
        "only, not custom grpc methods; use the native driver",
    }
