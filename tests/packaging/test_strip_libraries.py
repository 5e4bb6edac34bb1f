"""packaging/strip_libraries.py: the bundle's shared libraries lose their symbol tables and still load.

A real extension module of the virtual environment (Brotli's, 5 MB with a symbol table) is stripped in a
bundle-like folder and imported from there; the workers' folder and a wheel's ``*.libs/`` are left alone.
"""

from __future__ import annotations

import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "packaging"))
import strip_libraries  # noqa: E402

sys.path.pop(0)

pytestmark = pytest.mark.skipif(
    not shutil.which("strip") or not shutil.which("readelf"), reason="strip/readelf missing (Debian package binutils)"
)


def _extension() -> Path:
    import _brotli

    return Path(_brotli.__file__)


def _sections(path: Path) -> str:
    return subprocess.run(["readelf", "-SW", str(path)], capture_output=True, text=True, check=True).stdout


def test_libraries_lose_their_symbol_tables_and_still_load(tmp_path):
    source = _extension()
    assert ".symtab" in _sections(source), "the test needs a library with a symbol table"
    internal = tmp_path / "_internal"
    stripped = internal / "brotli_mod" / source.name
    untouched = [internal / "brotli.libs" / source.name, internal / "bancada" / "_bundle" / "workers" / source.name]
    for path in (stripped, *untouched):
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, path)
    (internal / "notes.so.txt").write_text("not an ELF file")

    proc = subprocess.run(
        [sys.executable, str(ROOT / "packaging" / "strip_libraries.py"), str(internal)],
        capture_output=True,
        text=True,
        check=True,
    )

    assert "MB less (0 kept as they were" in proc.stdout, proc.stdout
    assert stripped.stat().st_size < source.stat().st_size
    assert ".symtab" not in _sections(stripped)
    assert all(path.read_bytes() == source.read_bytes() for path in untouched)
    assert (internal / "notes.so.txt").read_text() == "not an ELF file"
    check = "import _brotli; d = _brotli.Decompressor(); print(d.process(bytes.fromhex('0b028068656c6c6f03')))"
    loaded = subprocess.run(
        [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(stripped.parent)!r}); {check}"],
        capture_output=True,
        text=True,
    )
    assert loaded.returncode == 0 and loaded.stdout.strip() == "b'hello'", loaded.stderr


def test_a_misaligned_load_segment_is_detected(tmp_path):
    """The check that keeps a file unstripped: a PT_LOAD whose address and offset disagree modulo its alignment."""
    path = tmp_path / _extension().name
    shutil.copy2(_extension(), path)
    assert strip_libraries.segments_aligned(path)
    data = bytearray(path.read_bytes())
    phoff, phentsize, phnum = struct.unpack_from("<Q", data, 0x20)[0], *struct.unpack_from("<HH", data, 0x36)
    for i in range(phnum):
        at = phoff + i * phentsize
        kind, offset = struct.unpack_from("<I", data, at)[0], struct.unpack_from("<Q", data, at + 8)[0]
        if kind == 1 and offset:  # PT_LOAD with a non-zero offset: its virtual address moved by one byte
            vaddr = struct.unpack_from("<Q", data, at + 16)[0]
            struct.pack_into("<Q", data, at + 16, vaddr + 1)
            break
    else:
        pytest.fail("no PT_LOAD segment with a non-zero offset")
    path.write_bytes(bytes(data))
    assert not strip_libraries.segments_aligned(path)
