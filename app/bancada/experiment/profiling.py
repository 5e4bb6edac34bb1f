"""The profile's ``[profiling]`` table: CPU profiles of the workers while the blocks run.

::

    [profiling]
    cpu = true     # sample each worker with its language's profiler during every block (default false)

See bancada.hosts.profilers for the tool of each language and its sampling rate.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Profiling(BaseModel):
    """``[profiling]``: ``cpu`` turns the CPU profiles on (off by default: they cost a little CPU)."""

    model_config = ConfigDict(extra="forbid")

    #: profile each worker's CPU during every block (flame graphs)
    cpu: bool = False
