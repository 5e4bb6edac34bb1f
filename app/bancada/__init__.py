"""Bancada: a workbench for API-performance experiments.

``__version__`` is the installed distribution's version (``importlib.metadata``), which
comes from ``[project] version`` in pyproject.toml: the one place the version is written.
"""

import os as _os
from importlib import metadata as _metadata

# Bancada forks only to exec (workers, drivers, the statistics process) and never uses
# gRPC in a forked child. gRPC's fork handlers run inside every fork of a process that
# has used gRPC and can hang subprocess.Popen for good (grpc/grpc#37259; seen here when
# the window started a worker after the runner's Info calls): turn them off before
# grpc is imported. A value already in the environment wins.
_os.environ.setdefault("GRPC_ENABLE_FORK_SUPPORT", "false")

try:
    __version__: str = _metadata.version("bancada")
except _metadata.PackageNotFoundError:  # imported from a source tree that was never installed (PYTHONPATH=app)
    __version__ = "0+unknown"

# Every protocol registers itself when the registry loads; its written name (``grpc`` -> ``gRPC``)
# is then known to every part of the app that writes a level, whatever it imported first.
import bancada.wire.protocols  # noqa: E402,F401
