"""A CPU profile of a Go worker on the loopback SSH host: signalled and read back over SSH."""

from __future__ import annotations

import pytest

from bancada.hosts.ssh_host import connect_saved_host
from tests.conftest import artifact_missing
from tests.integration.test_cpu_profiles import frame_names, profiled_run

pytestmark = pytest.mark.ssh


def test_go_rest_profiled_on_the_ssh_host(trusted_host, tmp_path):
    reason = artifact_missing("go-rest")
    if reason:
        pytest.fail(f"go-rest: {reason} (run make -C workers)")
    host = connect_saved_host(trusted_host)
    try:
        store, notices = profiled_run(tmp_path, ["go-rest"], host=host)
    finally:
        host.close()
    names, row = frame_names(store, "go-rest")
    assert row.tool == "runtime/pprof" and row.format == "pprof"
    assert any("encoding/json.(*decodeState)" in n for n in names), sorted(names)[:80]
    assert not [n for n in notices if "CPU profile" in n], notices
