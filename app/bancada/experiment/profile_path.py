"""The profile file a user names: a path, or the name of a profile shipped with Bancada
(:func:`resolve_profile`)."""

from __future__ import annotations

from pathlib import Path

from bancada.core.i18n import translate
from bancada.core.paths import BancadaHomeError, home


def resolve_profile(name_or_path: str | Path) -> Path:
    """Return the profile file meant by ``name_or_path``.

    An existing file is returned as given. A bare name without a folder or
    suffix (``quick``) names a profile shipped with Bancada:
    ``<home>/profiles/<name>.toml`` (read-only when installed).

    Raises:
        FileNotFoundError: a bare name that is not a shipped profile; the
            message lists the shipped names. Any other missing path is
            returned unchanged, for the profile loader to report.
    """
    path = Path(name_or_path)
    if path.exists() or path.suffix or len(path.parts) != 1:
        return path
    try:
        folder = home() / "profiles"
    except BancadaHomeError as exc:
        raise FileNotFoundError(
            translate("Profile", "{name}: no such profile file, and no shipped profiles: {exc}").format(
                name=name_or_path, exc=exc
            )
        ) from None
    candidate = folder / f"{path.name}.toml"
    if candidate.is_file():
        return candidate
    shipped = ", ".join(sorted(p.stem for p in folder.glob("*.toml"))) or "none"
    raise FileNotFoundError(
        translate(
            "Profile", "{name}: no such profile file, and not a shipped profile (shipped: {shipped}; in {folder})"
        ).format(name=name_or_path, shipped=shipped, folder=folder)
    )
