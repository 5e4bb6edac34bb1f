"""Bancada: a workbench for API-performance experiments."""

import os as _os

# Bancada forks only to exec (workers, drivers, the statistics process) and never uses
# gRPC in a forked child. gRPC's fork handlers run inside every fork of a process that
# has used gRPC and can hang subprocess.Popen for good (grpc/grpc#37259; seen here when
# the window started a worker after the runner's Info calls): turn them off before
# grpc is imported. A value already in the environment wins.
_os.environ.setdefault("GRPC_ENABLE_FORK_SUPPORT", "false")

__version__ = "0.1.0"
