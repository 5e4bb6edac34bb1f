"""Strip the symbol tables and debug information from a frozen bundle's shared libraries.

    python packaging/strip_libraries.py FOLDER

Every ELF ``*.so*`` file under ``FOLDER`` is rewritten with ``strip --strip-unneeded`` (what Debian's
dh_strip does to shared libraries): the ``.symtab``/``.strtab`` tables and debug sections go, the
dynamic symbols the loader and ``dlopen`` use (``.dynsym``, ``PyInit_*``, Qt's plugin metadata) stay.
In the bundle that is 37.5 MB of symbol tables (libarrow alone 9.7 MB) and 60 MB of debug information.

Left alone: ``bancada/_bundle`` (the workers and the driver, built stripped) and a wheel's ``*.libs/``
folder (auditwheel's grafted libraries, rewritten by patchelf). A stripped copy whose loadable
segments are no longer page-aligned (``ELF load command address/offset not page-aligned`` from the
loader: a patchelf layout ``strip`` does not keep) is discarded and the file kept as it was.

Prints the megabytes saved and how many files were kept unstripped. Needs ``strip`` and ``readelf``
(Debian package binutils); exits with status 0 and says so when they are missing.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

SKIPPED_FOLDERS = ("bancada/_bundle",)
ELF_MAGIC = b"\x7fELF"


def libraries(folder: Path) -> list[Path]:
    """The ELF shared libraries under ``folder`` (no symbolic links), but in ``SKIPPED_FOLDERS`` and ``*.libs/``."""
    found = []
    for path in sorted(folder.rglob("*.so*")):
        rel = path.relative_to(folder).as_posix()
        if path.is_symlink() or not path.is_file() or any(f"{s}/" in f"/{rel}" for s in SKIPPED_FOLDERS):
            continue
        if any(part.endswith(".libs") for part in path.relative_to(folder).parts[:-1]):
            continue
        with path.open("rb") as f:
            if f.read(4) == ELF_MAGIC:
                found.append(path)
    return found


def segments_aligned(path: Path) -> bool:
    """True if every PT_LOAD segment's offset and address agree modulo its alignment (ELF spec; the loader's check)."""
    out = subprocess.run(["readelf", "-lW", str(path)], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        fields = line.split()
        if not fields or fields[0] != "LOAD":
            continue
        offset, vaddr, align = int(fields[1], 16), int(fields[2], 16), int(fields[-1], 16)
        if align > 1 and (vaddr - offset) % align:
            return False
    return True


def strip(path: Path) -> int | None:
    """Strip ``path`` in place; return the bytes saved, or None (``path`` unchanged) if the copy would not load."""
    stripped = path.with_name(path.name + ".stripped")
    subprocess.run(["strip", "--strip-unneeded", "-o", str(stripped), str(path)], check=True)
    if not segments_aligned(stripped):
        stripped.unlink()
        return None
    saved = path.stat().st_size - stripped.stat().st_size
    shutil.copymode(path, stripped)
    os.replace(stripped, path)
    return saved


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    if not shutil.which("strip") or not shutil.which("readelf"):
        print("  strip/readelf not found (Debian package binutils): the bundle keeps its symbol tables")
        return 0
    saved = kept = 0
    for path in libraries(Path(argv[0])):
        gained = strip(path)
        if gained is None:
            kept += 1
        else:
            saved += gained
    print(
        f"  symbol tables and debug information stripped: {saved / 1e6:.1f} MB less"
        f" ({kept} kept as they were: misaligned once stripped)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
