"""The error every part of a run raises when it cannot go on, below the parts that raise it.

:class:`RunError` is raised by hosts (an unknown host, a dropped connection), by the
runner (a run that cannot start) and caught by the CLI and the window, which show
its message: one line in Bancada's words naming the problem and what was expected.
It lives here so that the hosts need not import the run's events.
"""

from __future__ import annotations


class RunError(RuntimeError):
    """The run cannot start or cannot go on; the message says why."""
