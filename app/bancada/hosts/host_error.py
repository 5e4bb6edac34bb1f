"""The error of a host that cannot be used, apart from the SSH code that raises it most.

:class:`HostError` lives here, not in :mod:`bancada.hosts.knownhosts` (which re-exports it), so that
this computer's host (:mod:`bancada.hosts.local`) and ``bancada workers`` catch it without importing
paramiko (about 0.3 s of start-up).
"""

from __future__ import annotations

from bancada.core.errors import RunError


class HostError(RunError):
    """An SSH host cannot be used; the message is one line saying why."""
