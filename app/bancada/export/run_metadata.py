"""What the run was: the profile as run, the host's facts with the workers' versions, the run's metadata."""

from __future__ import annotations

import json
from pathlib import Path

from bancada.export.context import ExportContext, writing


def run_metadata(ctx: ExportContext) -> list[Path]:
    """``profile.toml`` (the profile as run, when the run file keeps it), ``host.json`` (the host's name
    and facts, the workers' versions) and ``run.json`` (the run's metadata but the profile and facts).

    Raises:
        ExportError: a file cannot be written.
    """
    meta = ctx.meta
    written = []
    if meta.get("profile_toml"):
        with writing(ctx.folder / "profile.toml") as path:
            path.write_text(meta["profile_toml"], encoding="utf-8")
        written.append(path)
    try:
        facts = json.loads(meta.get("host_facts", "{}"))
    except ValueError:
        facts = {"raw": meta.get("host_facts")}
    host = {"host": meta.get("host_name", "local"), "facts": facts, "workers": ctx.store.workers()}
    with writing(ctx.folder / "host.json") as path:
        path.write_text(json.dumps(host, indent=2), encoding="utf-8")
    written.append(path)
    run_meta = {k: v for k, v in meta.items() if k not in ("profile_toml", "profile_json", "host_facts")}
    with writing(ctx.folder / "run.json") as path:
        path.write_text(json.dumps(run_meta, indent=2), encoding="utf-8")
    written.append(path)
    return written
