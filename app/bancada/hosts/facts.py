"""Host facts: one POSIX shell script, run locally or over SSH, parsed here.

The script prints ``key=value`` lines; :func:`parse_facts` turns them into a
dict with ``os``, ``kernel``, ``arch``, ``cpu_model``, ``cpu_count``,
``memory_bytes``, ``load_avg``, ``libc`` ("glibc 2.36") and ``glibc`` ((2, 36); None on
musl), ``cpu_governor``, ``java``, ``java_major``, ``python3``,
``python_version`` (``(3, 11)``), ``node`` (``v20.20.2``), ``node_major``, ``npm``
(its version), ``python_venv`` (python3 can make a virtual environment: the venv module and a
working ensurepip, whose ``version()`` reads the pip it installs; an empty ``ensurepip`` folder
imports as a namespace package, so importing it proves nothing), ``disk_free_bytes``,
``postgresql_versions`` (the major versions whose
server programs, ``initdb`` and ``postgres``, Debian's packages put in
``/usr/lib/postgresql/<version>/bin``; ``[]`` without them) and ``postgresql`` (the newest, or None).
"""

from __future__ import annotations

from bancada.core.i18n import translate

import re
import shlex
from typing import Any

# The four probes that start a runtime (java, python3 twice, npm: about 0.6 s one after the other) run at
# once, each into its own file of a temporary folder, and are printed after the quick facts.
FACTS_SCRIPT = r"""
t=$(mktemp -d 2>/dev/null || { mkdir -p "/tmp/bancada-facts.$$" && echo "/tmp/bancada-facts.$$"; })
(java -version 2>&1 | grep -m1 ' version ' | tr -d '\r') >"$t/java" 2>/dev/null &
(python3 --version 2>&1 | grep -m1 '^Python ') >"$t/python3" 2>/dev/null &
(npm --version 2>/dev/null | head -n1) >"$t/npm" 2>/dev/null &
(python3 -c 'import venv, ensurepip; ensurepip.version()' >/dev/null 2>&1 && echo yes || echo no) \
  >"$t/python_venv" 2>/dev/null &
echo "os=$( (. /etc/os-release 2>/dev/null && echo "$PRETTY_NAME") || uname -s)"
echo "kernel=$(uname -r)"
echo "arch=$(uname -m)"
echo "hostname=$(uname -n)"
echo "cpu_model=$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//')"
echo "cpu_count=$(getconf _NPROCESSORS_ONLN 2>/dev/null || nproc)"
echo "memory_kb=$(grep -m1 MemTotal /proc/meminfo 2>/dev/null | awk '{print $2}')"
echo "libc=$(getconf GNU_LIBC_VERSION 2>/dev/null)"
echo "load_avg=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
echo "cpu_governor=$(cat /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor 2>/dev/null)"
echo "node=$(node --version 2>/dev/null | head -n1)"
echo "postgresql=$(for d in /usr/lib/postgresql/*/bin; do
  [ -x "$d/postgres" ] && [ -x "$d/initdb" ] && basename "${d%/bin}"; done 2>/dev/null | tr '\n' ' ')"
echo "disk_free_kb=$(df -Pk "${BANCADA_WORKDIR:-.}" 2>/dev/null | awk 'NR==2 {print $4}')"
wait
for k in java python3 npm python_venv; do echo "$k=$(cat "$t/$k")"; done
rm -rf "$t"
"""


def facts_command(workdir: str = ".") -> str:
    """The shell command (for ``sh -c`` or an SSH exec) printing the facts."""
    return f"BANCADA_WORKDIR={shlex.quote(workdir)} sh -c {shlex.quote(FACTS_SCRIPT)}"


def parse_facts(text: str) -> dict[str, Any]:
    """Parse the script's output into typed facts (missing values become None)."""
    raw: dict[str, str] = {}
    for line in text.splitlines():
        if "=" in line:
            key, _, value = line.partition("=")
            raw[key.strip()] = value.strip()
    return {
        "os": raw.get("os") or None,
        "kernel": raw.get("kernel") or None,
        "arch": raw.get("arch") or None,
        "hostname": raw.get("hostname") or None,
        "cpu_model": raw.get("cpu_model") or None,
        "cpu_count": _as_int(raw, "cpu_count"),
        "memory_bytes": _as_int(raw, "memory_kb", 1024),
        "load_avg": raw.get("load_avg") or None,
        "libc": raw.get("libc") or None,
        "glibc": _glibc(raw.get("libc", "")),
        "cpu_governor": raw.get("cpu_governor") or None,  # None where cpufreq is not exposed (most VMs)
        **_java(raw.get("java", "")),
        **_python(raw.get("python3", "")),
        **_node(raw.get("node", "")),
        "npm": raw.get("npm") or None,
        "python_venv": raw.get("python_venv") == "yes",
        "disk_free_bytes": _as_int(raw, "disk_free_kb", 1024),
        **_postgresql(raw.get("postgresql", "")),
    }


def _as_int(raw: dict[str, str], key: str, scale: int = 1) -> int | None:
    """``raw[key]`` as an integer times ``scale``; None if missing or not a number."""
    try:
        return int(raw.get(key, "")) * scale
    except ValueError:
        return None


def _glibc(libc: str) -> tuple[int, int] | None:
    """glibc's (major, minor) from ``getconf GNU_LIBC_VERSION`` ("glibc 2.36"); None elsewhere (musl)."""
    m = re.fullmatch(r"glibc (\d+)\.(\d+)\S*", libc.strip())
    return (int(m.group(1)), int(m.group(2))) if m else None


def _java(java: str) -> dict[str, Any]:
    """``java`` (the version line, None if unreadable) and ``java_major`` (8 for "1.8", else the first number)."""
    java_major = None
    m = re.search(r'version "(\d+)(?:\.(\d+))?', java)
    if m:
        major = int(m.group(1))
        java_major = int(m.group(2)) if major == 1 and m.group(2) else major
    else:
        java = ""
    return {"java": java or None, "java_major": java_major}


def _python(py: str) -> dict[str, Any]:
    """``python3`` (the version line or None) and ``python_version`` ((major, minor) or None)."""
    m = re.match(r"Python (\d+)\.(\d+)", py)
    python_version = (int(m.group(1)), int(m.group(2))) if m else None
    return {"python3": py if py.startswith("Python") else None, "python_version": python_version}


def _node(node: str) -> dict[str, Any]:
    """``node`` (the version line or None) and ``node_major`` (its major version or None)."""
    m = re.fullmatch(r"v(\d+)\.\d+\.\d+\S*", node)
    node_major = int(m.group(1)) if m else None
    return {"node": node if node_major is not None else None, "node_major": node_major}


def _postgresql(text: str) -> dict[str, Any]:
    """``postgresql_versions`` (sorted, newest last) and ``postgresql`` (the newest or None) from the script's line."""
    versions = sorted({v for v in text.split() if re.fullmatch(r"\d+(\.\d+)?", v)}, key=lambda v: float(v))
    return {"postgresql_versions": versions, "postgresql": versions[-1] if versions else None}


def postgres_ok(facts: dict[str, Any]) -> tuple[bool, str]:
    """Whether a host with ``facts`` can run a private PostgreSQL server (initdb and postgres of
    Debian's package ``postgresql``); ``(False, reason)`` naming the package when not."""
    if facts.get("postgresql"):
        return True, ""
    return False, translate(
        "Hosts",
        "PostgreSQL's server programs are not installed (no /usr/lib/postgresql/<version>/bin/postgres): "
        "install Debian's package postgresql (apt-get install postgresql)",
    )


#: The Debian (and Ubuntu) package that provides each runtime; ``{major}``: the version needed.
RUNTIME_PACKAGES = {"java": "openjdk-{major}-jre-headless", "node": "nodejs", "python": "python3"}


def install_hint(package: str) -> str:
    """The command that installs Debian's ``package`` on a host, as a reason's closing words."""
    return translate("Hosts", "Debian, Ubuntu: apt install {package}").format(package=package)


def runtime_ok(runtime: str, facts: dict[str, Any]) -> tuple[bool, str]:
    """Whether a host with ``facts`` satisfies a manifest's ``runtime``.

    ``runtime`` is ``none``, ``java >= N``, ``python >= X.Y`` or ``node >= N``
    (the ``python3`` and ``node`` on the host's PATH). Returns ``(ok, reason)``; a reason
    names what is missing and the command that installs it (:data:`RUNTIME_PACKAGES`).
    """
    spec = runtime.strip().lower()
    if spec in ("", "none"):
        return True, ""
    m = re.fullmatch(r"(java|python|node)\s*>=\s*(\d+)(?:\.(\d+))?", spec)
    if not m or (m.group(3) is not None and m.group(1) != "python"):
        return False, translate("Hosts", "unknown runtime requirement {runtime}").format(runtime=repr(runtime))
    name, need = m.group(1), (int(m.group(2)), int(m.group(3) or 0))
    fix = install_hint(RUNTIME_PACKAGES[name].format(major=need[0]))
    if name == "python":
        have = facts.get("python_version")
        label, need_text = "Python", f"{need[0]}.{need[1]}"
        have_text = f"{have[0]}.{have[1]}" if have else ""
        missing = translate("Hosts", "no python3 found on the host")
    else:
        major = facts.get(f"{name}_major")
        have = (major, 0) if major is not None else None
        label, need_text, have_text = {"java": "Java", "node": "Node.js"}[name], str(need[0]), str(major)
        missing = translate("Hosts", "no {name} found on the host").format(name=name)
    if have is None:
        return False, translate("Hosts", "needs {runtime} {version} or newer; {missing} ({fix})").format(
            runtime=label, version=need_text, missing=missing, fix=fix
        )
    if tuple(have) < need:
        return False, translate(
            "Hosts", "needs {runtime} {version} or newer; the host has {runtime} {have} ({fix})"
        ).format(runtime=label, version=need_text, have=have_text, fix=fix)
    return True, ""


def setup_ok(requires: tuple[str, ...], facts: dict[str, Any]) -> tuple[bool, str]:
    """Whether a host with ``facts`` has what a bundle's setup needs (``venv``, ``npm``); the reason
    names the missing piece and the command that installs it."""
    have = {"venv": bool(facts.get("python_venv")), "npm": bool(facts.get("npm"))}
    for need in requires:
        if have.get(need, False):
            continue
        if need == "venv":
            return False, translate(
                "Hosts", "needs the venv module of python3 (with ensurepip) to make the worker's environment ({fix})"
            ).format(fix=install_hint("python3-venv"))
        return False, translate("Hosts", "needs npm to install the worker's dependencies ({fix})").format(
            fix=install_hint("npm")
        )
    return True, ""
