"""Host facts and manifests: what a worker needs and whether a host has it."""

from __future__ import annotations

import pytest

from bancada.experiment import manifest
from bancada.experiment.manifest import ManifestError, load_manifest
from bancada.hosts.facts import parse_facts, runtime_ok
from tests.conftest import ROOT

FACTS_TEXT = """os=Debian GNU/Linux 12 (bookworm)
arch=x86_64
java=openjdk version "17.0.15" 2025-04-15
python3=Python 3.11.7
node=v20.20.2
"""


def test_facts_parse_python_and_node_versions():
    facts = parse_facts(FACTS_TEXT)
    assert facts["python_version"] == (3, 11) and facts["python3"] == "Python 3.11.7"
    assert facts["node"] == "v20.20.2" and facts["node_major"] == 20 and facts["java_major"] == 17
    bare = parse_facts("python3=sh: 1: python3: not found\nnode=\n")
    assert bare["python_version"] is None and bare["node"] is None and bare["node_major"] is None


@pytest.mark.parametrize(
    "runtime, ok, why",
    [
        ("none", True, ""),
        ("python >= 3.10", True, ""),
        (
            "python >= 3.12",
            False,
            "needs Python 3.12 or newer; the host has Python 3.11 (Debian, Ubuntu: apt install python3)",
        ),
        ("node >= 20", True, ""),
        (
            "node >= 22",
            False,
            "needs Node.js 22 or newer; the host has Node.js 20 (Debian, Ubuntu: apt install nodejs)",
        ),
        (
            "java >= 21",
            False,
            "needs Java 21 or newer; the host has Java 17 (Debian, Ubuntu: apt install openjdk-21-jre-headless)",
        ),
        ("node >= 20.1", False, "unknown runtime requirement 'node >= 20.1'"),
        ("ruby >= 3", False, "unknown runtime requirement 'ruby >= 3'"),
    ],
)
def test_runtime_requirements(runtime, ok, why):
    assert runtime_ok(runtime, parse_facts(FACTS_TEXT)) == (ok, why)


def test_missing_runtime_is_named():
    facts = parse_facts("python3=\nnode=\n")
    assert runtime_ok("python >= 3.10", facts) == (
        False,
        "needs Python 3.10 or newer; no python3 found on the host (Debian, Ubuntu: apt install python3)",
    )
    assert runtime_ok("node >= 20", facts) == (
        False,
        "needs Node.js 20 or newer; no node found on the host (Debian, Ubuntu: apt install nodejs)",
    )
    assert runtime_ok("java >= 17", facts) == (
        False,
        "needs Java 17 or newer; no java found on the host (Debian, Ubuntu: apt install openjdk-17-jre-headless)",
    )


def test_a_missing_venv_module_names_its_package():
    """(The probe itself is tried on a lab host whose ensurepip folder is emptied: tests/ssh/test_lab_host.py.)"""
    from bancada.hosts.facts import setup_ok

    assert setup_ok(("venv",), {"python_venv": False}) == (
        False,
        "needs the venv module of python3 (with ensurepip) to make the worker's environment "
        "(Debian, Ubuntu: apt install python3-venv)",
    )


def test_interpreted_workers_deploy_as_bundles_and_binaries_as_files():
    impls = manifest.discover(ROOT)
    workers = {impl.worker.name: impl.worker for impl in impls.values()}
    assert workers["go"].deploy == workers["java"].deploy == "file"
    assert workers["python"].deploy == workers["node"].deploy == "bundle"
    assert workers["python"].setup_requires == ("venv",) and workers["node"].setup_requires == ("npm",)
    for name in ("python", "node"):  # every bundle path exists, and the setup script is in the bundle
        assert all((ROOT / p).exists() for p in workers[name].bundle), name
        assert f"workers/{name}/remote-setup.sh" in workers[name].bundle


def test_unknown_deploy_kind_is_refused(tmp_path):
    text = (ROOT / "workers" / "python" / "worker.toml").read_text().replace('deploy = "bundle"', 'deploy = "rsync"')
    path = tmp_path / "worker.toml"
    path.write_text(text)
    with pytest.raises(ManifestError, match=r"deploy = 'rsync'; allowed: file, bundle, local"):
        load_manifest(path)
    text = (ROOT / "workers" / "python" / "worker.toml").read_text().replace('setup = "sh remote-setup.sh"', "")
    path.write_text(text)
    with pytest.raises(ManifestError, match=r"deploy = 'bundle' needs bundle .* and setup"):
        load_manifest(path)
